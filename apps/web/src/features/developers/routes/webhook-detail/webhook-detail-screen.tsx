import { useState } from 'react';
import { Button, Code, Paper, Text, Title } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { EMPTY_VALUE, formatDateTime } from '@merchant/core';
import type { WebhookDelivery } from '@merchant/payments';
import { href } from '@/app/route-table';
import { DetailLayout } from '@/components/detail-layout';
import { PagedTable } from '@/components/paged-table';
import { QueryPage } from '@/components/query-status';
import { StatusBadge } from '@/components/status-badge';
import { notifyError, notifySuccess } from '@/lib/notify';
import { modals } from '@/lib/modals';
import { useBusiness } from '@/lib/session';
import { ResendPeriodDialog } from '@/features/developers/components/resend-period-dialog';
import { healthText } from '@/features/developers/components/webhook-health';
import { deliveriesQuery, useRemoveWebhook, useResendDelivery, useSendTestEvent, useUpdateWebhook, webhookQuery } from '@/features/developers/api/webhooks-api';

/** The last attempt of a delivery in words: its answer (or error) and how long it took. */
function lastAttempt(delivery: WebhookDelivery): string {
  const last = delivery.attempts[delivery.attempts.length - 1];
  if (!last) return 'Not sent yet';
  const answer = last.response_status === null ? (last.error ?? 'No answer') : `HTTP ${last.response_status}`;
  return `#${last.attempt}: ${answer}, ${last.duration_ms} ms`;
}

/**
 * One webhook endpoint (docs/developers.md, "Event webhooks"): its health, "Send test event", disable or enable,
 * delete (confirmed), "Resend a period" (a dialog that says what goes before it is confirmed), and its delivery log,
 * newest first, with "Resend" on each delivery.
 */
export function Component() {
  const { business_id: businessId = '', webhook_id: id = '' } = useParams();
  const navigate = useNavigate();
  const business = useBusiness(businessId);
  const zone = business.data?.time_zone ?? 'UTC';
  const endpoint = useQuery(webhookQuery(businessId, id));
  const deliveries = useInfiniteQuery(deliveriesQuery(businessId, id));
  const update = useUpdateWebhook(businessId, id);
  const remove = useRemoveWebhook(businessId, id);
  const sendTest = useSendTestEvent(businessId, id);
  const resend = useResendDelivery(businessId, id);
  const [resendingPeriod, setResendingPeriod] = useState(false);

  if (!endpoint.data) return <QueryPage title="Webhook endpoint" query={endpoint} loadingLabel="Loading the endpoint" />;
  const e = endpoint.data;
  const active = e.status === 'active';
  const rows = deliveries.data?.pages.flatMap((p) => p.data) ?? [];
  const when = (iso: string | null) => (iso ? formatDateTime(iso, zone, { zone: false }) : EMPTY_VALUE);

  const onDelete = () =>
    modals.openConfirmModal({
      title: 'Delete this endpoint?',
      children: <Text size="sm">No more events are sent to {e.url}, and its delivery log is deleted with it.</Text>,
      labels: { confirm: 'Delete endpoint', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(undefined, {
          onSuccess: () => {
            notifySuccess('Endpoint deleted.');
            void navigate(href('payments.developers-webhooks', { business_id: businessId }));
          },
          onError: notifyError,
        }),
    });
  const onToggle = () =>
    modals.openConfirmModal({
      title: active ? 'Disable this endpoint?' : 'Enable this endpoint?',
      children: <Text size="sm">{active ? 'No events are sent to it until it is enabled again.' : 'Events are sent to it again from now on.'}</Text>,
      labels: { confirm: active ? 'Disable endpoint' : 'Enable endpoint', cancel: 'Cancel' },
      confirmProps: active ? { color: 'red' } : {},
      onConfirm: () =>
        update.mutate({ enabled: !active }, { onSuccess: () => notifySuccess(active ? 'Endpoint disabled.' : 'Endpoint enabled.'), onError: notifyError }),
    });

  return (
    <DetailLayout
      back={{ to: href('payments.developers-webhooks', { business_id: businessId }), label: 'All webhook endpoints' }}
      title="Webhook endpoint"
      status={<StatusBadge kind="webhookEndpoint" status={e.status} />}
      description={e.url}
      facts={[
        { label: 'Events', value: e.events.join(', ') },
        { label: 'Success (7 days)', value: healthText(e.health) },
        { label: 'Last failure', value: when(e.health.last_failure_at) },
        { label: 'Salt', value: e.salt_last4 },
      ]}
      actions={[
        active && {
          label: 'Send test event',
          primary: true,
          loading: sendTest.isPending,
          onClick: () => sendTest.mutate(undefined, { onSuccess: () => notifySuccess('Test event queued.'), onError: notifyError }),
        },
        active && { label: 'Resend a period', onClick: () => setResendingPeriod(true) },
        { label: active ? 'Disable' : 'Enable', onClick: onToggle, loading: update.isPending },
        { label: 'Delete', danger: true, more: true, onClick: onDelete },
      ]}
    >
      {e.disabled_reason ? (
        <Text size="sm" c="dimmed">
          {e.disabled_reason}.
        </Text>
      ) : null}
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="webhook-deliveries">
        <Title order={2} size="h4" id="webhook-deliveries" mb="sm">
          Deliveries
        </Title>
        <PagedTable
          query={deliveries}
          loadingLabel="Loading the deliveries"
          empty={{ title: 'No deliveries yet', description: 'Events this endpoint wants show here as they are sent. Send a test event to try it.' }}
          label="Deliveries"
          noun={['delivery', 'deliveries']}
          rows={rows}
          rowKey={(d) => d.id}
          striped={false}
          columns={[
            { header: 'Event', card: 'title', cell: (d: WebhookDelivery) => d.event_type },
            { header: 'Status', card: 'status', nowrap: true, cell: (d) => <StatusBadge kind="webhookDelivery" status={d.status} /> },
            { header: 'Created', card: 'secondary', cell: (d) => when(d.created_at) },
            { header: 'Last attempt', cell: lastAttempt },
            {
              header: 'Answer',
              hideWhenEmpty: true,
              cell: (d) => {
                const excerpt = d.attempts[d.attempts.length - 1]?.response_excerpt;
                return excerpt ? <Code style={{ wordBreak: 'break-word', whiteSpace: 'pre-wrap' }}>{excerpt.slice(0, 120)}</Code> : '';
              },
            },
            {
              header: 'Actions',
              card: 'actions',
              nowrap: true,
              align: 'right',
              cell: (d) =>
                active ? (
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    aria-label={`Resend ${d.event_type} of ${when(d.created_at)}`}
                    loading={resend.isPending && resend.variables === d.id}
                    onClick={() => resend.mutate(d.id, { onSuccess: () => notifySuccess('Delivery queued again.'), onError: notifyError })}
                  >
                    Resend
                  </Button>
                ) : (
                  ''
                ),
            },
          ]}
        />
      </Paper>
      <ResendPeriodDialog
        businessId={businessId}
        endpointId={id}
        url={e.url}
        timeZone={zone}
        opened={resendingPeriod}
        onClose={() => setResendingPeriod(false)}
      />
    </DetailLayout>
  );
}
