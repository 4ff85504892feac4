import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconKey, IconPlus, IconWebhook } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { EMPTY_VALUE, formatDateTime } from '@merchant/core';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  WebhookEndpointBodySchema,
  type NewWebhookEndpoint,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@merchant/payments';
import { href } from '@/app/route-table';
import { DataList } from '@/components/data-list';
import { EmptyState } from '@/components/empty-state';
import { useFormFields } from '@/components/form/form-fields';
import { zodIssuesToErrors } from '@/components/form/use-zod-form';
import { PageFrame } from '@/components/page-frame';
import { QueryStatus } from '@/components/query-status';
import { StatusBadge } from '@/components/status-badge';
import { showErrorsIn } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { useBusiness } from '@/lib/session';
import { ShownOnceSecret as Secret } from '@/components/shown-once-secrets';
import { healthText } from '@/features/developers/components/webhook-health';
import { useCreateWebhook, webhooksQuery } from '@/features/developers/api/webhooks-api';

/**
 * HitPay's event webhooks (docs/developers.md, "Event webhooks"): the endpoints with their health, and "Add
 * endpoint" (its address and the events it wants). An endpoint's salt is shown in full once, when it is added.
 */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const business = useBusiness(businessId);
  const endpoints = useQuery(webhooksQuery(businessId));
  const zone = business.data?.time_zone ?? 'UTC';
  const [adding, setAdding] = useState(false);
  const [shown, setShown] = useState<NewWebhookEndpoint | null>(null);
  const rows = endpoints.data ?? [];

  const addButton = (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
      Add endpoint
    </Button>
  );

  return (
    <PageFrame
      title="Webhooks"
      description="Events sent to your server as signed JSON (Hitpay-Signature: HMAC-SHA256 of the body with the endpoint's salt)."
      actions={
        <>
          <Button
            component={Link}
            to={href('payments.developers', { business_id: businessId })}
            variant="default"
            leftSection={<IconKey size={16} aria-hidden />}
          >
            API keys
          </Button>
          {addButton}
        </>
      }
    >
      {shown ? (
        <Alert color="yellow" title="Copy the endpoint's salt now" role="region">
          <Stack gap="sm">
            <Text size="sm">This is the only time the salt is shown in full. Your server checks each event's Hitpay-Signature with it.</Text>
            <Secret label="Salt" value={shown.salt} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setShown(null)}>
                I have copied it
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      <QueryStatus query={endpoints} loadingLabel="Loading webhook endpoints" />
      {endpoints.isSuccess && rows.length === 0 ? (
        <EmptyState
          icon={<IconWebhook aria-hidden />}
          title="No webhook endpoints yet"
          description="Add an endpoint to be told of payments, refunds, invoices and payouts as they happen."
          action={addButton}
        />
      ) : null}
      {rows.length > 0 ? (
        <DataList
          label="Webhook endpoints"
          rows={rows}
          rowKey={(e) => e.id}
          rowHref={(e) => href('payments.developers-webhook', { business_id: businessId, webhook_id: e.id })}
          striped={false}
          columns={[
            { header: 'Endpoint', card: 'title', cell: (e: WebhookEndpoint) => e.url },
            { header: 'Status', card: 'status', nowrap: true, cell: (e) => <StatusBadge kind="webhookEndpoint" status={e.status} /> },
            { header: 'Events', card: 'secondary', cell: (e) => e.events.join(', ') },
            { header: 'Success (7 days)', nowrap: true, cell: (e) => healthText(e.health) },
            {
              header: 'Last failure',
              cell: (e) => (e.health.last_failure_at ? formatDateTime(e.health.last_failure_at, zone, { zone: false }) : EMPTY_VALUE),
            },
          ]}
        />
      ) : null}
      <Modal opened={adding} onClose={() => setAdding(false)} title="Add endpoint" centered size="lg">
        {adding ? (
          <AddEndpointForm
            businessId={businessId}
            onClose={() => setAdding(false)}
            onAdded={(made) => {
              setShown(made);
              setAdding(false);
            }}
          />
        ) : null}
      </Modal>
    </PageFrame>
  );
}

function AddEndpointForm({ businessId, onClose, onAdded }: { businessId: string; onClose: () => void; onAdded: (made: NewWebhookEndpoint) => void }) {
  const form = useFormFields({ url: '', events: [] as string[] });
  const { values, errors, setErrors, setValues } = form;
  const create = useCreateWebhook(businessId);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body = { url: values.url, events: values.events as WebhookEventType[] };
    const parsed = WebhookEndpointBodySchema.safeParse(body);
    if (!parsed.success) return setErrors(zodIssuesToErrors(parsed.error));
    create.mutate(body, {
      onSuccess: (made) => {
        notifySuccess(`Endpoint ${made.url} added.`);
        onAdded(made);
      },
      onError: showErrorsIn(setErrors),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Endpoint URL"
          description="Where the events are POSTed, e.g. https://shop.example.com/hitpay/events"
          required
          {...form.field('url')}
        />
        <Checkbox.Group
          label="Events"
          value={values.events}
          onChange={(events) => {
            setValues((v) => ({ ...v, events }));
            setErrors(Object.fromEntries(Object.entries(errors).filter(([path]) => path !== 'events')));
          }}
          error={errors.events}
          required
        >
          <Stack gap="xs" mt="xs">
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <Checkbox key={type} value={type} label={type} description={WEBHOOK_EVENT_LABELS[type]} />
            ))}
          </Stack>
        </Checkbox.Group>
        {errors.form ? <Alert color="red">{errors.form}</Alert> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Add endpoint
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
