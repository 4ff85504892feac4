import { useState } from 'react';
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconMail, IconPencil, IconReceipt } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { formatMoneyWithCode, orEmpty } from '@merchant/core';
import { PAYMENT_METHOD_LABELS, type Customer } from '@merchant/payments';
import { href } from '@/app/route-table';
import { ErrorState } from '@/components/error-state';
import { LoadingScreen } from '@/components/loading-screen';
import { PagedTable } from '@/components/paged-table';
import { StatusBadge } from '@/components/status-badge';
import { DetailLayout } from '@/components/detail-layout';
import { NotFound } from '@/components/status-page';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { canChange, useBusiness } from '@/lib/session';
import { notifySuccess } from '@/lib/notify';
import { customerPaymentsQuery, customerQuery, useEmailPortalLink } from '@/features/customers/api/customers-api';
import { CustomerChannels } from '@/features/customers/components/customer-channels';
import { CustomerFormModal } from '@/features/customers/components/customer-form-modal';
import { useCustomerLinks } from '@/features/customers/components/customer-routes';
import { BusinessTime } from '@/components/business-time';
import { withWrapPoints } from '@/components/long-text';

export function Component() {
  // `:customer` under payments, `:b_customer` under the point of sale and the store: one screen, three entries.
  const { business_id: businessId = '', customer: paymentsParam, b_customer: sectionParam } = useParams();
  const customerId = sectionParam ?? paymentsParam ?? '';
  const customer = useQuery(customerQuery(businessId, customerId));
  const listHref = useCustomerLinks(businessId).list;
  if (customer.isError) {
    if (customer.error instanceof ApiError && customer.error.status === 404) return <NotFound homeHref={listHref} />;
    return <ErrorState message={errorMessage(customer.error)} onRetry={() => void customer.refetch()} />;
  }
  if (!customer.data) return <LoadingScreen />;
  return <CustomerDetail businessId={businessId} customer={customer.data} listHref={listHref} />;
}

function Field({ label, value }: { label: string; value: string | null }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'break-word' }} c={value ? undefined : 'dimmed'}>
        {withWrapPoints(orEmpty(value))}
      </Text>
    </Stack>
  );
}

function CustomerDetail({ businessId, customer, listHref }: { businessId: string; customer: Customer; listHref: string }) {
  const business = useBusiness(businessId);
  const [editing, setEditing] = useState(false);
  const canEdit = canChange(business.data, 'payments:create');
  const portalLink = useEmailPortalLink(businessId, customer.id);
  const sendPortalLink = () =>
    portalLink.mutate(undefined, { onSuccess: (sent) => notifySuccess(`Portal link sent to ${sent.sent_to}. It works for 7 days.`) });
  return (
    <DetailLayout
      back={{ to: listHref, label: 'All customers' }}
      title={customer.name ?? customer.email ?? 'Customer'}
      facts={[
        customer.email && { label: 'Email', value: customer.email, copy: customer.email },
        { label: 'Added', value: <BusinessTime at={customer.created_at} /> },
      ]}
      actions={[
        canEdit &&
          customer.email && {
            label: 'Email portal link',
            icon: <IconMail size={16} aria-hidden />,
            loading: portalLink.isPending,
            onClick: sendPortalLink,
          },
        canEdit && { label: 'Edit customer', icon: <IconPencil size={16} aria-hidden />, onClick: () => setEditing(true) },
      ]}
    >
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-label="Details">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Field label="Phone" value={customer.phone} />
          <Field label="Notes" value={customer.notes} />
        </SimpleGrid>
      </Paper>
      <CustomerChannels businessId={businessId} customerId={customer.id} />
      <CustomerPayments businessId={businessId} customerId={customer.id} />
      <CustomerFormModal businessId={businessId} customer={customer} opened={editing} onClose={() => setEditing(false)} />
    </DetailLayout>
  );
}

function CustomerPayments({ businessId, customerId }: { businessId: string; customerId: string }) {
  const payments = useInfiniteQuery(customerPaymentsQuery(businessId, customerId));
  const rows = payments.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <Stack gap="sm" component="section" aria-labelledby="customer-payments">
      <Title order={2} size="h4" id="customer-payments">
        Payments
      </Title>
      <PagedTable
        query={payments}
        loadingLabel="Loading payments"
        empty={{
          icon: <IconReceipt aria-hidden />,
          title: 'No payments yet',
          description: 'Payments this customer makes at checkout are listed here.',
          headingOrder: 3,
        }}
        label="Payments of this customer"
        rows={rows}
        rowKey={(p) => p.id}
        rowHref={(p) => href('payments.transactions-detail', { business_id: businessId, b_charge: p.id })}
        minWidth={560}
        columns={[
          { header: 'Amount', card: 'title', nowrap: true, cell: (p) => formatMoneyWithCode(p.amount.amount, p.amount.currency) },
          { header: 'Status', card: 'status', nowrap: true, cell: (p) => <StatusBadge kind="payment" status={p.status} /> },
          {
            header: 'Method',
            card: 'secondary',
            cell: (p) => `${p.method ? PAYMENT_METHOD_LABELS[p.method] : '—'}${p.card ? ` •••• ${p.card.last4}` : ''}`,
          },
          { header: 'Date', nowrap: true, cell: (p) => <BusinessTime at={p.created_at} /> },
        ]}
        noun={['payment', 'payments']}
      />
    </Stack>
  );
}
