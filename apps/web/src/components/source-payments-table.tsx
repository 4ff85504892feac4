import { Paper, Stack, Text, Title } from '@mantine/core';
import { formatMoneyWithCode } from '@merchant/core';
import { PAYMENT_METHOD_LABELS, type Payment } from '@merchant/payments';
import { DataList } from './data-list';
import { LoadMore } from './load-more';
import { QueryStatus } from './query-status';
import { StatusBadge } from './status-badge';
import { BusinessTime } from './business-time';

interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** The payments one source (a payment link, a static QR code) took, newest first, with "Load more". */
export function SourcePaymentsTable({ payments, query, paymentHref }: { payments: Payment[]; query: PagedQuery; paymentHref?: (p: Payment) => string }) {
  if (payments.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No payments yet.
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <DataList
        label="Payments"
        rows={payments}
        rowKey={(p) => p.id}
        rowHref={paymentHref}
        striped={false}
        minWidth={520}
        columns={[
          // The payment is opened by its time: a customer's name is no link, and "Anonymous" is plain text (issue 25).
          { header: 'When', card: 'title', link: true, nowrap: true, cell: (p) => <BusinessTime at={p.created_at} /> },
          { header: 'Amount', card: 'amount', nowrap: true, cell: (p) => formatMoneyWithCode(p.amount.amount, p.amount.currency) },
          { header: 'Status', card: 'status', nowrap: true, cell: (p) => <StatusBadge kind="payment" status={p.status} /> },
          {
            header: 'Customer',
            card: 'secondary',
            cell: (p) =>
              p.customer.name ??
              p.customer.email ?? (
                <Text span inherit c="dimmed">
                  Anonymous
                </Text>
              ),
          },
          { header: 'Method', cell: (p) => (p.method ? PAYMENT_METHOD_LABELS[p.method] : '—') },
        ]}
      />
      <LoadMore query={query} count={payments.length} noun={['payment', 'payments']} />
    </Stack>
  );
}

/** The paged query of a source's payments, as useInfiniteQuery gives it. */
interface SourcePaymentsQuery extends PagedQuery {
  data: { pages: { data: Payment[] }[] } | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** A source's "Payments" section on its detail screen: its payments once the first page came, else the query's state. */
export function SourcePaymentsSection({
  id,
  query,
  paymentHref,
  className,
}: {
  /** The heading's id, which names the section. */
  id: string;
  query: SourcePaymentsQuery;
  paymentHref?: (p: Payment) => string;
  className?: string;
}) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={id} className={className}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={id}>
          Payments
        </Title>
        {query.data ? (
          <SourcePaymentsTable payments={query.data.pages.flatMap((p) => p.data)} query={query} {...(paymentHref ? { paymentHref } : {})} />
        ) : (
          <QueryStatus query={query} loadingLabel="Loading payments" />
        )}
      </Stack>
    </Paper>
  );
}
