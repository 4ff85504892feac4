import { Button, Select, SimpleGrid } from '@mantine/core';
import { IconDownload, IconSend } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { TRANSFER_STATUS_LABELS, TRANSFER_STATUSES, TransferFiltersSchema } from '@merchant/payments';
import { DateAndAmountRange } from '@/components/list-filters';
import { PagedTable } from '@/components/paged-table';
import { PageFrame } from '@/components/page-frame';
import { useBusiness } from '@/lib/session';
import { useUrlParams } from '@/lib/use-url-params';
import { countSet, FilterBar } from '@/components/folded-filters';
import { beneficiariesQuery, transfersExportHref, transfersQuery } from '@/features/send-money/api/send-money-api';
import { TRANSFER_COLUMNS, transferHref } from '@/features/send-money/components/transfers-table';

/** The filters kept in the URL. */
const URL_FILTERS = ['status', 'beneficiary_id', 'from', 'to', 'min_amount', 'max_amount'] as const;

/** Transfer history: every transfer, filtered in the URL (status, UTC dates, beneficiary, amount), with its CSV. */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const business = useBusiness(businessId);
  const currency = business.data?.currency ?? 'sgd';
  const { params, set, clear } = useUrlParams();
  const raw = Object.fromEntries(URL_FILTERS.map((k) => [k, params.get(k) || undefined]));
  const parsed = TransferFiltersSchema.safeParse(raw);
  const filters = parsed.success ? parsed.data : null;
  const issue = (path: string) => (parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === path)?.message);
  const list = useInfiniteQuery({ ...transfersQuery(businessId, filters ?? {}), enabled: filters !== null });
  const payees = useInfiniteQuery(beneficiariesQuery(businessId, { status: 'all' }));
  const rows = list.data?.pages.flatMap((page) => page.data) ?? [];
  const filtered = countSet(params, URL_FILTERS) > 0;

  return (
    <PageFrame
      title="Transfer history"
      description="Every transfer you sent or requested, with its status."
      actions={
        <Button
          component="a"
          href={filters ? transfersExportHref(businessId, filters) : undefined}
          download
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
        >
          Export CSV
        </Button>
      }
    >
      <FilterBar active={countSet(params, URL_FILTERS)} onClear={clear}>
        <SimpleGrid cols={{ base: 2, md: 3 }} spacing="sm">
          <Select
            label="Status"
            placeholder="Any status"
            clearable
            data={TRANSFER_STATUSES.map((s) => ({ value: s, label: TRANSFER_STATUS_LABELS[s] }))}
            value={params.get('status')}
            onChange={(v) => set('status', v)}
            error={issue('status')}
          />
          <Select
            label="Beneficiary"
            placeholder="Any beneficiary"
            clearable
            searchable
            data={(payees.data?.pages.flatMap((p) => p.data) ?? []).map((b) => ({ value: b.id, label: b.holder_name }))}
            value={params.get('beneficiary_id')}
            onChange={(v) => set('beneficiary_id', v)}
            error={issue('beneficiary_id')}
          />
          <DateAndAmountRange url={{ params, set }} issue={issue} currency={currency} amountLabels={['Lowest amount sent', 'Highest amount sent']} />
        </SimpleGrid>
      </FilterBar>

      <PagedTable
        query={list}
        loadingLabel="Loading transfers"
        loading={filters !== null}
        empty={{
          icon: <IconSend aria-hidden />,
          title: filtered ? 'No transfer matches these filters' : 'No transfers yet',
          description: filtered ? 'Clear a filter to see more.' : 'Transfers appear here as soon as you send money.',
        }}
        label="Transfers"
        rows={rows}
        rowKey={(t) => t.id}
        rowHref={transferHref(businessId)}
        columns={TRANSFER_COLUMNS}
        minWidth={720}
        noun={['transfer', 'transfers']}
      />
    </PageFrame>
  );
}
