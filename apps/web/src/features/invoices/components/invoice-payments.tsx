import { Paper, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { href } from '@/app/route-table';
import { QueryStatus } from '@/components/query-status';
import { SourcePaymentsTable } from '@/components/source-payments-table';
import { invoicePaymentsQuery } from '@/features/invoices/api/invoices-api';

/** The payments customers made on the invoice through the checkout (payments marked by other means are on the timeline). */
export function InvoicePayments({ businessId, invoiceId }: { businessId: string; invoiceId: string }) {
  const payments = useInfiniteQuery(invoicePaymentsQuery(businessId, invoiceId));
  const rows = payments.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="invoice-payments">
      <Stack gap="sm">
        <Title order={2} size="h4" id="invoice-payments">
          Payments
        </Title>
        {!payments.data ? (
          <QueryStatus query={payments} loadingLabel="Loading payments" />
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            No payment through the invoice's page yet.
          </Text>
        ) : (
          <SourcePaymentsTable
            payments={rows}
            query={payments}
            paymentHref={(p) => href('payments.transactions-detail', { business_id: businessId, b_charge: p.id })}
          />
        )}
      </Stack>
    </Paper>
  );
}
