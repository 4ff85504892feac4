import { Anchor, Badge, Button, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { modals } from '@/lib/modals';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import {
  CARD_PROVIDER,
  ConnectProviderBodySchema,
  PAYMENT_METHOD_LABELS,
  PAYMENT_PROVIDERS,
  PROVIDER_INFO,
  providerSettingsIssues,
  type PaymentProvider,
  type ProviderConnection,
} from '@merchant/payments';
import { href } from '@/app/route-table';
import { EmptyState } from '@/components/empty-state';
import { useZodForm } from '@/components/form/use-zod-form';
import { PageFrame } from '@/components/page-frame';
import { QueryStatus } from '@/components/query-status';
import { notifyError, notifySuccess } from '@/lib/notify';
import { canChange, useBusiness } from '@/lib/session';
import { paymentMethodsQuery, useConnectProvider, useDisconnectProvider } from '@/features/payment-methods/api/payment-methods-api';
import { connectionStatus } from '../provider-status';

const isProvider = (slug: string): slug is PaymentProvider => (PAYMENT_PROVIDERS as readonly string[]).includes(slug);

/** A provider's onboarding page: `payment-methods/card` is the card provider's, `payment-methods/{provider}` the others'. */
export function Component() {
  const { business_id: businessId = '', slug = CARD_PROVIDER } = useParams();
  const methods = useQuery(paymentMethodsQuery(businessId));
  const business = useBusiness(businessId);
  const editable = canChange(business.data, 'settings:manage');
  const back = href('payments.payment-methods', { business_id: businessId });
  if (!isProvider(slug)) {
    return (
      <PageFrame title="Payment provider">
        <EmptyState
          title="Unknown payment provider"
          description={`There is no provider called "${slug}".`}
          action={
            <Anchor component={Link} to={back}>
              Back to payment methods
            </Anchor>
          }
        />
      </PageFrame>
    );
  }
  const info = PROVIDER_INFO[slug];
  const connection = methods.data?.providers.find((p) => p.provider === slug);
  return (
    <PageFrame
      title={info.label}
      description={`${info.description} Offers: ${info.methods.map((m) => PAYMENT_METHOD_LABELS[m]).join(', ')}.`}
      actions={
        <Anchor component={Link} to={back} size="sm">
          All payment methods
        </Anchor>
      }
    >
      <QueryStatus query={methods} loadingLabel={`Loading the ${info.label} connection`} />
      {connection ? (
        <ConnectionForm key={slug} businessId={businessId} connection={connection} editable={editable} testMode={business.data?.test_mode ?? false} />
      ) : null}
    </PageFrame>
  );
}

function ConnectionForm({
  businessId,
  connection,
  editable,
  testMode,
}: {
  businessId: string;
  connection: ProviderConnection;
  editable: boolean;
  testMode: boolean;
}) {
  const provider = connection.provider;
  const { fields, label } = PROVIDER_INFO[provider];
  const connect = useConnectProvider(businessId, provider);
  const disconnect = useDisconnectProvider(businessId, provider);
  const status = connectionStatus(connection.status, testMode);
  const hasSecret = connection.secret_key_last4 !== null;
  const form = useZodForm(ConnectProviderBodySchema, {
    account_id: connection.account_id ?? '',
    publishable_key: connection.publishable_key ?? '',
    secret_key: '',
  });

  const submit = form.onSubmit((body) => {
    const issues = providerSettingsIssues(provider, body);
    if (issues.length > 0) {
      form.setErrors(Object.fromEntries(issues.map((i) => [i.path, i.message])));
      return;
    }
    connect.mutate(body, {
      onSuccess: (saved) => {
        form.reset({ account_id: saved.account_id ?? '', publishable_key: saved.publishable_key ?? '', secret_key: '' });
        notifySuccess(saved.status === 'connected' ? `${label} is connected.` : `${label} keys saved: waiting for ${label} to confirm the account.`);
      },
      onError: form.handleServerError,
    });
  });

  const confirmDisconnect = () =>
    modals.openConfirmModal({
      title: `Disconnect ${label}?`,
      children: <Text size="sm">The keys are forgotten and the checkout stops using this account. You can connect again later.</Text>,
      labels: { confirm: 'Disconnect', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        disconnect.mutate(undefined, {
          onSuccess: () => {
            form.reset({ account_id: '', publishable_key: '', secret_key: '' });
            notifySuccess(`${label} is disconnected.`);
          },
          onError: notifyError,
        }),
    });

  const active = connection.status === 'connected' || connection.status === 'pending';
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={640}>
      <form onSubmit={submit} noValidate>
        <fieldset disabled={!editable} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
          <Stack gap="md">
            <Group justify="space-between">
              <Title order={2} size="h4">
                Account settings
              </Title>
              <Badge color={status.color} variant="light" size="lg">
                {status.label}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              Test keys connect at once. Live keys stay pending until {label} confirms the account.
            </Text>
            <TextInput
              {...form.field('account_id')}
              label={fields.account_id.label}
              description={fields.account_id.description}
              placeholder={fields.account_id.example}
              required
              autoComplete="off"
            />
            <TextInput
              {...form.field('publishable_key')}
              label={fields.publishable_key.label}
              description={fields.publishable_key.description}
              placeholder={fields.publishable_key.example}
              required
              autoComplete="off"
            />
            <PasswordInput
              {...form.field('secret_key')}
              label={fields.secret_key.label}
              description={
                hasSecret
                  ? `Stored, ending in ${connection.secret_key_last4}. Leave empty to keep it.`
                  : `${fields.secret_key.description}. Stored encrypted; never shown again.`
              }
              required={!hasSecret}
              autoComplete="new-password"
            />
            {editable ? (
              <Group justify="flex-end">
                {active ? (
                  <Button variant="subtle" color="red" onClick={confirmDisconnect} loading={disconnect.isPending}>
                    Disconnect
                  </Button>
                ) : null}
                <Button type="submit" loading={connect.isPending}>
                  {active ? 'Save settings' : `Connect ${label}`}
                </Button>
              </Group>
            ) : null}
          </Stack>
        </fieldset>
      </form>
    </Paper>
  );
}
