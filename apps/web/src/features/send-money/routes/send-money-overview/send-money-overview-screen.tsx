import { useState } from 'react';
import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { formatMoneyWithCode, orEmpty } from '@merchant/core';
import { maskAccount, type Transfer } from '@merchant/payments';
import { href } from '@/app/route-table';
import { DataList } from '@/components/data-list';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { LoadingScreen } from '@/components/loading-screen';
import { PageFrame } from '@/components/page-frame';
import { errorMessage } from '@/lib/error-message';
import { canChange, useBusiness, useSignedInUser } from '@/lib/session';
import { sendMoneyOverviewQuery } from '@/features/send-money/api/send-money-api';
import { ApprovalRule } from '@/features/send-money/components/approval-rule';
import { ReviewActions } from '@/features/send-money/components/review-actions';
import { SendMoneyModal } from '@/features/send-money/components/send-money-modal';
import { TRANSFER_COLUMNS, transferHref } from '@/features/send-money/components/transfers-table';
import { BusinessTime } from '@/components/business-time';

/** Send Payments: what can be sent, the "Send money" flow, transfers awaiting approval and the latest transfers. */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const business = useBusiness(businessId);
  const user = useSignedInUser();
  const overview = useQuery(sendMoneyOverviewQuery(businessId));
  const [sending, setSending] = useState(false);
  if (overview.isError) return <ErrorState message={errorMessage(overview.error)} onRetry={() => void overview.refetch()} />;
  if (!overview.data || !business.data) return <LoadingScreen />;
  const { balances, recent, awaiting_review: awaiting, settings } = overview.data;
  const canSend = canChange(business.data, 'transfers:manage');
  const historyHref = href('payments.transfer-history', { business_id: businessId });

  return (
    <PageFrame
      title="Send payments"
      description="Send money from your balance to your beneficiaries, in their currency."
      actions={
        canSend ? (
          <Button leftSection={<IconSend size={16} aria-hidden />} onClick={() => setSending(true)}>
            Send money
          </Button>
        ) : null
      }
    >
      <section aria-labelledby="balances-to-send">
        <Title order={2} size="h4" id="balances-to-send" mb="sm">
          Available to send
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          {balances.map((b) => (
            <Paper key={b.currency} withBorder radius="md" p="md">
              <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                {b.currency.toUpperCase()} available
              </Text>
              <Text size="xl" fw={700} data-testid={`available-${b.currency}`}>
                {formatMoneyWithCode(b.available.amount, b.available.currency)}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      </section>

      <Stack gap="sm" component="section" aria-labelledby="awaiting-approval">
        <Title order={2} size="h4" id="awaiting-approval">
          Awaiting approval
        </Title>
        {awaiting.length === 0 ? (
          <Text size="sm" c="dimmed">
            No transfer is waiting for approval.
          </Text>
        ) : (
          <DataList
            label="Transfers awaiting approval"
            rows={awaiting}
            rowKey={(t) => t.id}
            rowHref={transferHref(businessId)}
            columns={[
              { header: 'Amount', card: 'amount', link: true, nowrap: true, cell: (t) => formatMoneyWithCode(t.send.amount, t.send.currency) },
              { header: 'Beneficiary', card: 'title', cell: (t) => `${t.beneficiary.holder_name} ${maskAccount(t.beneficiary.account_last4)}` },
              { header: 'Requested by', card: 'secondary', cell: (t) => orEmpty(t.requested_by?.name) },
              { header: 'Requested', nowrap: true, cell: (t) => <BusinessTime at={t.created_at} /> },
              ...(canSend
                ? [
                    {
                      header: 'Review',
                      card: 'actions' as const,
                      cell: (t: Transfer) => <ReviewActions businessId={businessId} transfer={t} userId={user.id} />,
                    },
                  ]
                : []),
            ]}
          />
        )}
      </Stack>

      <Stack gap="sm" component="section" aria-labelledby="recent-transfers">
        <Group justify="space-between">
          <Title order={2} size="h4" id="recent-transfers">
            Recent transfers
          </Title>
          <Anchor component={Link} to={historyHref} size="sm">
            All transfers
          </Anchor>
        </Group>
        {recent.length === 0 ? (
          <EmptyState icon={<IconSend aria-hidden />} title="No transfers yet" description="Transfers you send appear here." headingOrder={3} />
        ) : (
          <DataList label="Recent transfers" rows={recent} rowKey={(t) => t.id} rowHref={transferHref(businessId)} columns={TRANSFER_COLUMNS} />
        )}
      </Stack>

      <ApprovalRule businessId={businessId} currency={business.data.currency} settings={settings} canEdit={canChange(business.data, 'settings:manage')} />

      <SendMoneyModal businessId={businessId} balances={balances} opened={sending} onClose={() => setSending(false)} />
    </PageFrame>
  );
}
