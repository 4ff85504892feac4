import { Button, Select, SimpleGrid, Text } from '@mantine/core';
import { IconDownload, IconReceipt } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useUrlParams } from '@/lib/use-url-params';
import { formatMoneyWithCode } from '@merchant/core';
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  PAYMENT_SOURCE_LABELS,
  PAYMENT_SOURCES,
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUSES,
  TRANSACTION_SORT_LABELS,
  TRANSACTION_SORTS,
  TransactionFiltersSchema,
} from '@merchant/payments';
import { href } from '@/app/route-table';
import { PagedTable } from '@/components/paged-table';
import { StatusBadge } from '@/components/status-badge';
import { DateAndAmountRange, SearchField } from '@/components/list-filters';
import { countSet, FilterBar } from '@/components/folded-filters';
import { PageFrame } from '@/components/page-frame';
import { formatBusinessDateTime } from '@/lib/format';
import { TimeZoneNote } from '@/components/time-zone-note';
import { useBusiness } from '@/lib/session';
import { useUrlSearchText } from '@/lib/use-url-search-text';
import { transactionsExportHref, transactionsQuery } from '@/features/transactions/api/transactions-api';

/** The filters kept in the URL, besides the search text `q`. */
const URL_FILTERS = ['status', 'method', 'source', 'integration_id', 'from', 'to', 'min_amount', 'max_amount', 'sort'] as const;
/** The filters that narrow the list (the sort only orders it): a phone's "Filters (n)" counts these. */
const FILTER_KEYS = URL_FILTERS.filter((key) => key !== 'sort');

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) => values.map((value) => ({ value, label: labels[value] }));

export function Component() {
  const { business_id: businessId = '' } = useParams();
  const business = useBusiness(businessId);
  const currency = business.data?.currency ?? 'sgd';
  const { params, set, clear } = useUrlParams();
  const search = useUrlSearchText();
  const raw = Object.fromEntries(URL_FILTERS.map((k) => [k, params.get(k) || undefined]));
  // Dates are the business's calendar days: the server reads them in its time zone.
  const zone = business.data?.time_zone ?? 'UTC';
  const parsed = TransactionFiltersSchema.safeParse({ ...raw, q: search.value || undefined });
  const filters = parsed.success ? parsed.data : null;
  const issue = (path: string) => (parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === path)?.message);
  const list = useInfiniteQuery({ ...transactionsQuery(businessId, filters ?? TransactionFiltersSchema.parse({})), enabled: filters !== null });
  const rows = list.data?.pages.flatMap((page) => page.data) ?? [];
  const filtered = search.value !== '' || countSet(params, FILTER_KEYS) > 0;

  return (
    <PageFrame
      title="Transactions"
      description="Every payment to your business: filter, search, export and refund."
      actions={
        <Button
          component="a"
          href={filters ? transactionsExportHref(businessId, filters) : undefined}
          download
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
        >
          Export CSV
        </Button>
      }
    >
      <FilterBar
        search={
          <SearchField
            label="Search transactions"
            hint="Reference, customer name or email, card last 4"
            placeholder="Search payments"
            value={search.text}
            onChange={(e) => search.setText(e.currentTarget.value)}
            error={issue('q')}
          />
        }
        active={countSet(params, FILTER_KEYS)}
        onClear={() => {
          search.setText('');
          clear();
        }}
      >
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
          <Select
            label="Status"
            // Without a status the server leaves out payments started and never paid; choosing Incomplete or Expired shows them.
            placeholder="Any but incomplete"
            clearable
            data={options(PAYMENT_STATUSES, PAYMENT_STATUS_LABELS)}
            value={params.get('status')}
            onChange={(v) => set('status', v)}
          />
          <Select
            label="Method"
            placeholder="Any method"
            clearable
            data={options(PAYMENT_METHODS, PAYMENT_METHOD_LABELS)}
            value={params.get('method')}
            onChange={(v) => set('method', v)}
          />
          <Select
            label="Source"
            placeholder="Any source"
            clearable
            data={options(PAYMENT_SOURCES, PAYMENT_SOURCE_LABELS)}
            value={params.get('source')}
            onChange={(v) => set('source', v)}
          />
          <Select
            label="Sort"
            data={options(TRANSACTION_SORTS, TRANSACTION_SORT_LABELS)}
            value={params.get('sort') ?? 'newest'}
            onChange={(v) => set('sort', v === 'newest' ? null : v)}
            allowDeselect={false}
          />
          <DateAndAmountRange url={{ params, set }} issue={issue} currency={currency} />
        </SimpleGrid>
        <TimeZoneNote zone={zone} />
      </FilterBar>

      <PagedTable
        query={list}
        loadingLabel="Loading transactions"
        loading={filters !== null}
        empty={{
          icon: <IconReceipt aria-hidden />,
          title: filtered ? 'No payment matches these filters' : 'No payments yet',
          description: filtered ? 'Clear a filter or try another search.' : 'Payments appear here as soon as customers pay you.',
        }}
        label="Transactions"
        rows={rows}
        rowKey={(p) => p.id}
        rowHref={(p) => href('payments.transactions-detail', { business_id: businessId, b_charge: p.id })}
        columns={[
          { header: 'Amount', card: 'amount', link: true, nowrap: true, cell: (p) => formatMoneyWithCode(p.amount.amount, p.amount.currency) },
          { header: 'Status', card: 'status', nowrap: true, cell: (p) => <StatusBadge kind="payment" status={p.status} /> },
          { header: 'Purpose', cell: (p) => p.description ?? '' },
          {
            header: 'Customer',
            card: 'title',
            cell: (p) =>
              p.customer.name ??
              p.customer.email ?? (
                <Text span c="dimmed" inherit>
                  Anonymous
                </Text>
              ),
          },
          { header: 'Date', nowrap: true, cell: (p) => <time dateTime={p.created_at}>{formatBusinessDateTime(p.created_at, zone)}</time> },
          {
            header: 'Method',
            card: 'secondary',
            // Wraps after its "·" when the table is short of room; a masked number keeps its dots and digits together.
            cell: (p) =>
              `${p.method ? PAYMENT_METHOD_LABELS[p.method] : '—'}${p.card ? ` ••••\u00a0${p.card.last4}` : ''}${p.bank_account ? ` · ${p.bank_account.bank} ••••\u00a0${p.bank_account.last4}` : ''}`,
          },
          { header: 'Reference', tableFrom: 'xl', cell: (p) => p.reference ?? '' },
          // A plugin integration's payments (the filter `integration_id` comes from its list's "Payments" link).
          { header: 'Integration', tableFrom: 'lg', hideWhenEmpty: true, cell: (p) => p.integration?.name ?? '' },
        ]}
        noun={['payment', 'payments']}
      />
    </PageFrame>
  );
}
