import { Anchor, Paper, SimpleGrid, Stack, Text, Timeline, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { formatMoneyWithCode, orEmpty } from '@merchant/core';
import { exchangeRateLabel, maskAccount, type TransferDetail, type TransferEventType } from '@merchant/payments';
import { href } from '@/app/route-table';
import { ErrorState } from '@/components/error-state';
import { Fact } from '@/components/fact';
import { LoadingScreen } from '@/components/loading-screen';
import { DetailLayout } from '@/components/detail-layout';
import { NotFound } from '@/components/status-page';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { canChange, useBusiness, useSignedInUser } from '@/lib/session';
import { transferQuery } from '@/features/send-money/api/send-money-api';
import { useReviewActions } from '@/features/send-money/components/review-actions';
import { StatusBadge } from '@/components/status-badge';
import { BusinessTime } from '@/components/business-time';

const EVENT_TITLES: Record<TransferEventType, string> = {
  created: 'Requested',
  awaiting_review: 'Waiting for approval',
  approved: 'Approved',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
  processing: 'Sent to the bank',
  completed: 'Arrived',
  failed: 'Returned by the bank',
};

export function Component() {
  const { business_id: businessId = '', transfer: transferId = '' } = useParams();
  const detail = useQuery(transferQuery(businessId, transferId));
  const listHref = href('payments.transfer-history', { business_id: businessId });
  if (detail.isError) {
    if (detail.error instanceof ApiError && (detail.error.status === 404 || detail.error.status === 422)) return <NotFound homeHref={listHref} />;
    return <ErrorState message={errorMessage(detail.error)} onRetry={() => void detail.refetch()} />;
  }
  if (!detail.data) return <LoadingScreen />;
  return <Detail businessId={businessId} detail={detail.data} listHref={listHref} />;
}

function Detail({ businessId, detail, listHref }: { businessId: string; detail: TransferDetail; listHref: string }) {
  const business = useBusiness(businessId);
  const user = useSignedInUser();
  const { transfer: t, events } = detail;
  const money = (m: { amount: number; currency: string }) => formatMoneyWithCode(m.amount, m.currency);
  const review = useReviewActions(businessId, t, user.id);
  const rate = exchangeRateLabel(t);
  return (
    <DetailLayout
      back={{ to: listHref, label: 'All transfers' }}
      title={`${money(t.send)} to ${t.beneficiary.holder_name}`}
      status={<StatusBadge kind="transfer" status={t.status} />}
      facts={[
        { label: 'Total from balance', value: money(t.total) },
        { label: 'Beneficiary receives', value: money(t.receive) },
        { label: 'Created', value: <BusinessTime at={t.created_at} /> },
      ]}
      actions={canChange(business.data, 'transfers:manage') ? review.actions : []}
    >
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-label="Transfer">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          <Fact label="Amount sent">{money(t.send)}</Fact>
          <Fact label="Fee">{money(t.fee)}</Fact>
          {rate ? <Fact label="Rate">{rate}</Fact> : null}
          <Fact label="Beneficiary">
            <Anchor component={Link} to={href('payments.beneficiaries-detail', { business_id: businessId, beneficiaryId: t.beneficiary.id })}>
              {t.beneficiary.holder_name}
            </Anchor>{' '}
            · {t.beneficiary.bank_name} {maskAccount(t.beneficiary.account_last4)}
          </Fact>
          <Fact label="Reference">{orEmpty(t.reference)}</Fact>
          <Fact label="Requested by">{orEmpty(t.requested_by?.name)}</Fact>
          <Fact label="Approval">{t.needs_approval ? (t.reviewed_by ? `Reviewed by ${t.reviewed_by.name}` : 'Needed') : 'Not needed'}</Fact>
          {t.failure_reason ? <Fact label="Outcome">{t.failure_reason}</Fact> : null}
        </SimpleGrid>
      </Paper>

      <Stack gap="sm" component="section" aria-labelledby="transfer-timeline">
        <Title order={2} size="h4" id="transfer-timeline">
          Timeline
        </Title>
        <Timeline bulletSize={14} lineWidth={2} active={events.length - 1}>
          {events.map((event) => (
            <Timeline.Item key={event.id} title={EVENT_TITLES[event.type]}>
              <Text size="sm">{event.message}</Text>
              <Text size="xs" c="dimmed">
                {event.actor ? `${event.actor} · ` : ''}
                <BusinessTime at={event.created_at} />
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      </Stack>
      {review.dialog}
    </DetailLayout>
  );
}
