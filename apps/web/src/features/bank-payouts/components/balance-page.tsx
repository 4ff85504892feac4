import type { ReactNode } from 'react';
import { Button, Card, Select, SimpleGrid, Text, Title } from '@mantine/core';
import { IconDownload, IconReceipt } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { formatMoneyWithCode } from '@merchant/core';
import {
  BALANCE_LABELS,
  LEDGER_KIND_LABELS,
  LEDGER_TRANSACTION_KINDS,
  STATEMENT_ACCOUNT_LABELS,
  STATEMENT_ACCOUNTS,
  StatementFiltersSchema,
  TRANSFER_AMOUNT_LABELS,
  TRANSFER_AMOUNTS,
  type BalanceKind,
  type BalanceView,
} from '@merchant/payments';
import { DateField } from '@/components/date-field';
import { countSet, FilterBar } from '@/components/folded-filters';
import { DateRangeFields } from '@/components/list-filters';
import { PagedTable } from '@/components/paged-table';
import { PageFrame } from '@/components/page-frame';
import { QueryStatus } from '@/components/query-status';
import { formatBusinessDateTime } from '@/lib/format';
import { useBusiness, useBusinessTimeZone } from '@/lib/session';
import { StatementSourceLabel } from '@/features/bank-payouts/components/statement-source';
import { balanceQuery, statementExportHref, statementQuery } from '@/features/bank-payouts/api/balances-api';

/** The filters kept in the URL. */
const URL_FILTERS = ['account', 'currency', 'kind', 'from', 'to'] as const;

const DESCRIPTIONS: Record<BalanceKind, string> = {
  wallet:
    'What your business holds from the payments we collect: pending until it settles, then available. Money on its way out (payouts in transit, transfers awaiting review or in transit) is listed until it arrives.',
  card: 'What your connected card acquirer collected for you, in its own balance.',
  xendit: 'What Xendit collected for you, in its own balance.',
};

/** The amounts a card lists: the statement's accounts, then the transfers' on the wallet (which sends them) or when not zero. */
function amountRows(balance: BalanceKind, c: BalanceView['currencies'][number]) {
  const accounts = (['available', 'pending', 'in_transit'] as const).map((key) => ({ key, label: STATEMENT_ACCOUNT_LABELS[key] }));
  const transfers = TRANSFER_AMOUNTS.filter((key) => balance === 'wallet' || c[key].amount !== 0).map((key) => ({ key, label: TRANSFER_AMOUNT_LABELS[key] }));
  return [...accounts, ...transfers];
}

function Amounts({ view }: { view: BalanceView }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
      {view.currencies.map((c) => (
        <Card key={c.currency} withBorder radius="md" padding="md" component="section" aria-labelledby={`balance-${c.currency}`}>
          <Title order={2} size="h4" id={`balance-${c.currency}`} mb="xs">
            {c.currency.toUpperCase()}
          </Title>
          <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '4px 16px' }}>
            {amountRows(view.balance, c).map(({ key, label }) => (
              <div key={key} style={{ display: 'contents' }}>
                <Text component="dt" size="sm" c="dimmed">
                  {label}
                </Text>
                <Text
                  component="dd"
                  m={0}
                  ta="right"
                  fw={key === 'available' ? 700 : 400}
                  style={{ whiteSpace: 'nowrap' }}
                  data-testid={`${c.currency}-${key}`}
                >
                  {formatMoneyWithCode(c[key].amount, c.currency)}
                </Text>
              </div>
            ))}
          </dl>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/**
 * One balance page (wallet, card or Xendit): the amounts per currency, then `extra` (the wallet's payouts,
 * given the balance's answer), then the statement with its filters and CSV.
 */
export function BalancePage({ balance, extra }: { balance: BalanceKind; extra?: (view: BalanceView | undefined) => ReactNode }) {
  const { business_id: businessId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const view = useQuery(balanceQuery(businessId, balance));
  const raw = Object.fromEntries(URL_FILTERS.map((k) => [k, params.get(k) || undefined]));
  // Dates are the business's calendar days: the server reads them in its time zone.
  const business = useBusiness(businessId);
  const zone = useBusinessTimeZone(businessId);
  const parsed = StatementFiltersSchema.safeParse(raw);
  const filters = parsed.success ? parsed.data : null;
  const issue = (path: string) => (parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === path)?.message);
  const statement = useInfiniteQuery({ ...statementQuery(businessId, balance, filters ?? StatementFiltersSchema.parse({})), enabled: filters !== null });
  const rows = statement.data?.pages.flatMap((page) => page.data) ?? [];
  const filtered = URL_FILTERS.some((k) => k !== 'account' && k !== 'currency' && params.get(k));
  const currencies = view.data?.currencies.map((c) => c.currency) ?? [];

  const set = (key: (typeof URL_FILTERS)[number], value: string | null) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );

  return (
    <PageFrame
      title={BALANCE_LABELS[balance]}
      description={DESCRIPTIONS[balance]}
      actions={
        <Button
          component="a"
          href={filters ? statementExportHref(businessId, balance, filters) : undefined}
          download
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
        >
          Export CSV
        </Button>
      }
    >
      {view.data ? <Amounts view={view.data} /> : <QueryStatus query={view} loadingLabel="Loading the balance" />}
      {extra?.(view.data)}

      <Title order={2} size="h3" id="statement-title">
        Statement
      </Title>
      <FilterBar label="Statement filters" active={countSet(params, ['account', 'currency', 'kind', 'from', 'to'])}>
        <SimpleGrid cols={{ base: 1, sm: 3, md: 5 }} spacing="sm">
          <Select
            label="Account"
            data={STATEMENT_ACCOUNTS.map((value) => ({ value, label: STATEMENT_ACCOUNT_LABELS[value] }))}
            value={params.get('account') ?? 'available'}
            onChange={(v) => set('account', v === 'available' ? null : v)}
            allowDeselect={false}
          />
          <Select
            label="Currency"
            data={currencies.map((c) => ({ value: c, label: c.toUpperCase() }))}
            value={params.get('currency') ?? currencies[0] ?? null}
            onChange={(v) => set('currency', v === currencies[0] ? null : v)}
            allowDeselect={false}
            error={issue('currency')}
          />
          <Select
            label="Type"
            placeholder="Any type"
            clearable
            data={LEDGER_TRANSACTION_KINDS.map((value) => ({ value, label: LEDGER_KIND_LABELS[value] }))}
            value={params.get('kind')}
            onChange={(v) => set('kind', v)}
          />
          <DateRangeFields
            from={<DateField label="From" value={params.get('from')} onChange={(day) => set('from', day || null)} error={issue('from')} />}
            to={<DateField label="To" value={params.get('to')} onChange={(day) => set('to', day || null)} error={issue('to')} />}
            zone={zone}
          />
        </SimpleGrid>
      </FilterBar>

      <PagedTable
        query={statement}
        loadingLabel="Loading the statement"
        loading={filters !== null}
        empty={{
          icon: <IconReceipt aria-hidden />,
          title: filtered ? 'No entry matches these filters' : 'No entries yet',
          description: filtered ? 'Clear a filter to see more.' : 'Payments, fees, settlements and refunds appear here as they happen.',
        }}
        label="Statement"
        rows={rows}
        rowKey={(e) => e.id}
        columns={[
          { header: 'Date', card: 'secondary', nowrap: true, cell: (e) => <time dateTime={e.created_at}>{formatBusinessDateTime(e.created_at, zone)}</time> },
          { header: 'Type', card: 'secondary', nowrap: true, cell: (e) => LEDGER_KIND_LABELS[e.kind] },
          { header: 'Description', card: 'title', cell: (e) => <StatementSourceLabel entry={e} businessId={businessId} business={business.data} /> },
          { header: 'Amount', card: 'amount', align: 'right', nowrap: true, cell: (e) => formatMoneyWithCode(e.amount.amount, e.amount.currency) },
          {
            header: 'Balance after',
            align: 'right',
            nowrap: true,
            cell: (e) => formatMoneyWithCode(e.running_balance.amount, e.running_balance.currency),
          },
        ]}
        minWidth={860}
        noun={['entry', 'entries']}
      />
    </PageFrame>
  );
}
