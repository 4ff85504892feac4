import { useState } from 'react';
import { Anchor, Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { formatMoneyWithCode } from '@merchant/core';
import { PlatformPaymentRequestBodySchema, type PlatformLink, type PlatformPaymentRequest } from '@merchant/payments';
import { CurrencySelect } from '@/components/currency-select';
import { useZodForm } from '@/components/form/use-zod-form';
import { MoneyInput } from '@/components/money-input';
import { notifySuccess } from '@/lib/notify';
import { useCreatePlatformRequest } from '../api/platform-api';

/** A payment request for a linked business with the platform's fee; its checkout link is shown once made. */
export function PlatformRequestForm({ businessId, links, currency }: { businessId: string; links: PlatformLink[]; currency: string }) {
  const [linkId, setLinkId] = useState<string | null>(links[0]?.link_id ?? null);
  const [linkError, setLinkError] = useState<string | undefined>();
  const [made, setMade] = useState<PlatformPaymentRequest | null>(null);
  const form = useZodForm(PlatformPaymentRequestBodySchema, {
    amount: null as number | null,
    currency,
    purpose: '',
    platform_fee: null as number | null,
    customer_email: '',
  });
  const create = useCreatePlatformRequest(businessId);
  const chosen = form.values.currency;

  const submit = form.onSubmit((body) => {
    if (!linkId) {
      setLinkError('Choose a linked business');
      return;
    }
    create.mutate(
      { linkId, body },
      {
        onSuccess: (answer) => {
          notifySuccess(`Payment request for ${answer.business_name} created.`);
          setMade(answer);
          form.reset();
        },
        onError: (error) => form.handleServerError(error),
      },
    );
  });

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="platform-request-title">
      <Title order={2} size="h4" id="platform-request-title" mb="xs">
        Create a payment request
      </Title>
      {links.length === 0 ? (
        <Text size="sm" c="dimmed">
          Once a business accepts your invitation, you can create payment requests for it here.
        </Text>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Select
              label="Linked business"
              name="link_id"
              data={links.map((l) => ({ value: l.link_id, label: l.business_name }))}
              value={linkId}
              onChange={(v) => {
                setLinkId(v);
                setLinkError(undefined);
              }}
              error={linkError}
              allowDeselect={false}
              required
            />
            <TextInput {...form.field('purpose')} label="What it is for" maxLength={200} required />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <MoneyInput {...form.money('amount', chosen)} label="Amount" required />
              <CurrencySelect value={chosen} onChange={(code) => form.setValue('currency', code)} error={form.errors.currency} />
            </SimpleGrid>
            <MoneyInput
              {...form.money('platform_fee', chosen)}
              label="Platform fee"
              description="Kept by your platform when the payment succeeds; below the amount"
              required
            />
            <TextInput {...form.field('customer_email')} type="email" label="Customer email (optional)" />
            {form.errors.form ? (
              <Text c="red" size="sm" role="alert">
                {form.errors.form}
              </Text>
            ) : null}
            <Group justify="flex-end">
              <Button type="submit" loading={create.isPending}>
                Create payment request
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      {made ? (
        <Text size="sm" mt="sm" role="status" style={{ wordBreak: 'break-word' }}>
          {made.purpose} for {made.business_name}: {formatMoneyWithCode(made.amount, made.currency)} with a fee of{' '}
          {formatMoneyWithCode(made.platform_fee, made.currency)}.{' '}
          <Anchor href={made.url} target="_blank" rel="noreferrer">
            Open its checkout
          </Anchor>
        </Text>
      ) : null}
    </Card>
  );
}
