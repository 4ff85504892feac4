import { useRef, useState } from 'react';
import { ActionIcon, Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { SwitchRow } from '@/components/form/switch-row';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { formatMoney } from '@merchant/core';
import {
  CARD_PROVIDER,
  methodFee,
  PAYMENT_METHOD_LABELS,
  PROVIDER_INFO,
  type PaymentMethod,
  type PaymentMethodSetting,
  type ProviderConnection,
} from '@merchant/payments';
import { href } from '@/app/route-table';
import { PageFrame } from '@/components/page-frame';
import { QueryStatus } from '@/components/query-status';
import { EditForm } from '@/components/sub-header-bar/edit-form';
import { fieldErrors } from '@/lib/error-message';
import { notifyError, notifySuccess } from '@/lib/notify';
import { canChange, useBusiness } from '@/lib/session';
import { paymentMethodsQuery, useUpdatePaymentMethods } from '@/features/payment-methods/api/payment-methods-api';
import { connectionStatus } from '../provider-status';

/** The fee of a method in the business's currency as people read it: "3.4% + SGD 0.50" (docs/payments.md, "Fees and limits"). */
function feeLabel(method: PaymentMethod, currency: string): string {
  const { basisPoints, fixed } = methodFee(method, currency);
  const percent = `${basisPoints / 100}%`;
  return fixed === 0 ? percent : `${percent} + ${formatMoney(fixed, currency)}`;
}

/** Payment methods: which the checkout offers and in which order, who pays the fee, and the provider accounts. */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const methods = useQuery(paymentMethodsQuery(businessId));
  const business = useBusiness(businessId);
  const editable = canChange(business.data, 'settings:manage');
  return (
    <PageFrame
      title="Payment methods"
      description="Choose the methods your checkout offers, their order, and whether the customer pays the processing fee. Connect your provider accounts below."
    >
      <QueryStatus query={methods} loadingLabel="Loading payment methods" />
      {methods.data && business.data ? (
        <Stack gap="lg" maw={760}>
          <MethodList
            key={JSON.stringify(methods.data.methods)}
            businessId={businessId}
            saved={methods.data.methods}
            currency={business.data.currency}
            editable={editable}
          />
          <Providers businessId={businessId} providers={methods.data.providers} testMode={business.data.test_mode} />
        </Stack>
      ) : null}
    </PageFrame>
  );
}

function MethodList({ businessId, saved, currency, editable }: { businessId: string; saved: PaymentMethodSetting[]; currency: string; editable: boolean }) {
  const [methods, setMethods] = useState(saved);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdatePaymentMethods(businessId);
  const dirty = JSON.stringify(methods) !== JSON.stringify(saved);
  const moveButtons = useRef(new Map<string, HTMLButtonElement | null>());

  const change = (method: PaymentMethod, patch: Partial<PaymentMethodSetting>) => {
    setError(null);
    setMethods((list) => list.map((m) => (m.method === method ? { ...m, ...patch } : m)));
  };
  const move = (index: number, by: -1 | 1) => {
    const target = index + by;
    const method = methods[index]!.method;
    setMethods((list) => {
      const next = [...list];
      [next[index], next[target]] = [next[target]!, next[index]!];
      return next;
    });
    // Keep the keyboard on the moved method: the same arrow, or the other one once it reached an end.
    const atEnd = by < 0 ? target === 0 : target === methods.length - 1;
    const direction = by < 0 !== atEnd ? 'up' : 'down';
    requestAnimationFrame(() => moveButtons.current.get(`${method}:${direction}`)?.focus());
  };

  const save = () =>
    update.mutate(
      { methods },
      {
        onSuccess: () => notifySuccess('Payment methods saved.'),
        onError: (e) => {
          const issue = fieldErrors(e).methods;
          if (issue) setError(issue);
          else notifyError(e);
        },
      },
    );

  return (
    <EditForm
      dirty={dirty}
      saving={update.isPending}
      onSave={save}
      backTo={href('payments.overview', { business_id: businessId })}
      saveLabel="Save methods"
      readOnly={!editable}
    >
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <Title order={2} size="h4">
            Checkout methods
          </Title>
          <Text size="sm" c="dimmed">
            Customers see the methods that are on, in this order.
          </Text>
          <Stack gap={0} component="ol" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="Payment methods in checkout order">
            {methods.map((m, index) => {
              const label = PAYMENT_METHOD_LABELS[m.method];
              return (
                <li key={m.method} style={{ borderTop: index === 0 ? undefined : '1px solid var(--mantine-color-default-border)' }}>
                  {/* The order buttons sit on the title's line; the switches span the row, at its right edge like every switch. */}
                  <Stack gap={6} py="sm">
                    <Group justify="space-between" align="center" gap="sm" wrap="nowrap">
                      <Group gap="xs">
                        <Text fw={600}>
                          {index + 1}. {label}
                        </Text>
                        {m.enabled ? null : (
                          <Badge color="gray" variant="light">
                            Off
                          </Badge>
                        )}
                      </Group>
                      {editable ? (
                        <Group gap={4} wrap="nowrap">
                          <ActionIcon
                            ref={(el) => void moveButtons.current.set(`${m.method}:up`, el)}
                            variant="default"
                            size="lg"
                            aria-label={`Move ${label} up`}
                            disabled={index === 0}
                            onClick={() => move(index, -1)}
                          >
                            <IconArrowUp size={18} aria-hidden />
                          </ActionIcon>
                          <ActionIcon
                            ref={(el) => void moveButtons.current.set(`${m.method}:down`, el)}
                            variant="default"
                            size="lg"
                            aria-label={`Move ${label} down`}
                            disabled={index === methods.length - 1}
                            onClick={() => move(index, 1)}
                          >
                            <IconArrowDown size={18} aria-hidden />
                          </ActionIcon>
                        </Group>
                      ) : null}
                    </Group>
                    <Text size="sm" c="dimmed">
                      Fee {feeLabel(m.method, currency)}
                    </Text>
                    <SwitchRow
                      label={`Offer ${label}`}
                      checked={m.enabled}
                      disabled={!editable}
                      onChange={(e) => change(m.method, { enabled: e.currentTarget.checked })}
                    />
                    <SwitchRow
                      label="Customer pays the fee"
                      aria-label={`${label}: customer pays the fee`}
                      checked={m.pass_fee_to_customer}
                      disabled={!editable}
                      onChange={(e) => change(m.method, { pass_fee_to_customer: e.currentTarget.checked })}
                    />
                  </Stack>
                </li>
              );
            })}
          </Stack>
          {error ? (
            <Text size="sm" c="red" role="alert">
              {error}
            </Text>
          ) : null}
        </Stack>
      </Paper>
    </EditForm>
  );
}

/**
 * The processor that takes the checkout's payments, then the business's own provider accounts. In test mode every
 * method that is on runs on the test processor, connected from the start: an own account left unconnected is no
 * reason for alarm beside methods that are on (issue 25), so it reads "Not needed in test mode".
 */
function Providers({ businessId, providers, testMode }: { businessId: string; providers: ProviderConnection[]; testMode: boolean }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Title order={2} size="h4">
          Providers
        </Title>
        {testMode ? (
          <Paper withBorder radius="md" p="md" component="section" aria-label="Test processor">
            <Stack gap={6}>
              <Group justify="space-between" gap="xs">
                <Text fw={600}>Test processor</Text>
                <Badge color="green" variant="light">
                  Connected in test mode
                </Badge>
              </Group>
              <Text size="sm" c="dimmed">
                Takes every method that is on while the business is in test mode: payments are simulated and no real money moves.
              </Text>
            </Stack>
          </Paper>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {providers.map((p) => {
            const info = PROVIDER_INFO[p.provider];
            const status = connectionStatus(p.status, testMode);
            const to =
              p.provider === CARD_PROVIDER
                ? href('payments.payment-methods-card', { business_id: businessId })
                : href('payments.payment-methods-provider', { business_id: businessId, slug: p.provider });
            return (
              <Paper key={p.provider} withBorder radius="md" p="md">
                <Stack gap={6}>
                  <Group justify="space-between" gap="xs">
                    <Anchor component={Link} to={to} fw={600}>
                      {info.label}
                    </Anchor>
                    <Badge color={status.color} variant="light">
                      {status.label}
                    </Badge>
                  </Group>
                  <Text size="sm" c="dimmed">
                    {info.description}
                  </Text>
                </Stack>
              </Paper>
            );
          })}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
