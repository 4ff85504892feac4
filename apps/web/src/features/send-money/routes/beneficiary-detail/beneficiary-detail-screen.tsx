import { orEmpty } from '@merchant/core';
import { useState } from 'react';
import { Button, Group, Modal, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconSend, IconTrash } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { maskAccount, type Beneficiary } from '@merchant/payments';
import { href } from '@/app/route-table';
import { ErrorState } from '@/components/error-state';
import { Fact } from '@/components/fact';
import { LoadingScreen } from '@/components/loading-screen';
import { countryLabel } from '@/components/onboarding-summary';
import { PagedTable } from '@/components/paged-table';
import { StatusBadge } from '@/components/status-badge';
import { DetailLayout } from '@/components/detail-layout';
import { NotFound } from '@/components/status-page';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { notifySuccess } from '@/lib/notify';
import { canChange, useBusiness } from '@/lib/session';
import { beneficiaryQuery, transfersQuery, useCloseBeneficiary } from '@/features/send-money/api/send-money-api';
import { BeneficiaryFormModal } from '@/features/send-money/components/beneficiary-form-modal';
import { BENEFICIARY_TRANSFER_COLUMNS, transferHref } from '@/features/send-money/components/transfers-table';

export function Component() {
  const { business_id: businessId = '', beneficiaryId = '' } = useParams();
  const beneficiary = useQuery(beneficiaryQuery(businessId, beneficiaryId));
  const listHref = href('payments.beneficiaries', { business_id: businessId });
  if (beneficiary.isError) {
    if (beneficiary.error instanceof ApiError && (beneficiary.error.status === 404 || beneficiary.error.status === 422))
      return <NotFound homeHref={listHref} />;
    return <ErrorState message={errorMessage(beneficiary.error)} onRetry={() => void beneficiary.refetch()} />;
  }
  if (!beneficiary.data) return <LoadingScreen />;
  return <Detail businessId={businessId} beneficiary={beneficiary.data} listHref={listHref} />;
}

function Detail({ businessId, beneficiary: b, listHref }: { businessId: string; beneficiary: Beneficiary; listHref: string }) {
  const business = useBusiness(businessId);
  const transfers = useInfiniteQuery(transfersQuery(businessId, { beneficiary_id: b.id }));
  const rows = transfers.data?.pages.flatMap((p) => p.data) ?? [];
  const [editing, setEditing] = useState(false);
  const [closing, setClosing] = useState(false);
  const close = useCloseBeneficiary(businessId);
  const canEdit = canChange(business.data, 'transfers:manage') && b.status === 'active';

  return (
    <DetailLayout
      back={{ to: listHref, label: 'All beneficiaries' }}
      title={b.holder_name}
      status={<StatusBadge kind="beneficiary" status={b.status} />}
      description={b.status === 'closed' ? 'Cannot receive money.' : undefined}
      facts={[
        { label: 'Bank', value: b.bank_name },
        { label: b.is_iban ? 'IBAN' : 'Account', value: maskAccount(b.account_last4) },
        { label: 'Receives', value: b.currency.toUpperCase() },
      ]}
      actions={[
        canEdit && { label: 'Edit beneficiary', icon: <IconPencil size={16} aria-hidden />, onClick: () => setEditing(true) },
        canEdit && { label: 'Delete beneficiary', danger: true, icon: <IconTrash size={16} aria-hidden />, onClick: () => setClosing(true) },
      ]}
    >
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-label="Bank details">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          <Fact label="Kind">{b.type === 'local' ? 'Local' : 'Overseas'}</Fact>
          <Fact label="Country">{countryLabel(b.country)}</Fact>
          {b.swift_code ? <Fact label="SWIFT/BIC">{b.swift_code}</Fact> : null}
          {b.bank_code ? <Fact label="Bank code">{b.bank_code}</Fact> : null}
          {b.branch_code ? <Fact label="Branch code">{b.branch_code}</Fact> : null}
          <Fact label="Email">{orEmpty(b.email)}</Fact>
          <Fact label="Nickname">{orEmpty(b.nickname)}</Fact>
          <Fact label="Remark">{orEmpty(b.remark)}</Fact>
          <Fact label="Favourite">{b.is_favourite ? 'Yes' : 'No'}</Fact>
        </SimpleGrid>
      </Paper>

      <Stack gap="sm" component="section" aria-labelledby="beneficiary-transfers">
        <Title order={2} size="h4" id="beneficiary-transfers">
          Transfers
        </Title>
        <PagedTable
          query={transfers}
          loadingLabel="Loading transfers"
          empty={{ icon: <IconSend aria-hidden />, title: 'No transfers to this beneficiary yet', headingOrder: 3 }}
          label="Transfers to this beneficiary"
          rows={rows}
          rowKey={(t) => t.id}
          rowHref={transferHref(businessId)}
          columns={BENEFICIARY_TRANSFER_COLUMNS}
          noun={['transfer', 'transfers']}
        />
      </Stack>

      {business.data ? (
        <BeneficiaryFormModal
          businessId={businessId}
          businessCountry={business.data.country.toLowerCase()}
          businessCurrency={business.data.currency}
          beneficiary={b}
          opened={editing}
          onClose={() => setEditing(false)}
        />
      ) : null}
      <Modal opened={closing} onClose={() => setClosing(false)} title="Delete this beneficiary?" centered>
        <Stack gap="md">
          <Text size="sm">{b.holder_name} will be closed: no money can be sent to them again. Their past transfers stay in the history.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setClosing(false)}>
              Keep
            </Button>
            <Button
              color="red"
              loading={close.isPending}
              onClick={() =>
                close.mutate(b.id, {
                  onSuccess: () => {
                    notifySuccess(`${b.holder_name} deleted.`);
                    setClosing(false);
                  },
                })
              }
            >
              Delete beneficiary
            </Button>
          </Group>
        </Stack>
      </Modal>
    </DetailLayout>
  );
}
