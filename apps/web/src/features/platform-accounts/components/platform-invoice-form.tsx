import { useState } from 'react';
import { Anchor, Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { formatMoneyWithCode } from '@merchant/core';
import { PlatformInvoiceBodySchema, type PlatformInvoice, type PlatformLink } from '@merchant/payments';
import { CurrencySelect } from '@/components/currency-select';
import { useZodForm } from '@/components/form/use-zod-form';
import { MoneyInput } from '@/components/money-input';
import { notifySuccess } from '@/lib/notify';
import { useCreatePlatformInvoice } from '../api/platform-api';

/**
 * An invoice for a linked business with the platform's fee, mailed to its customer at once (due on receipt, paid in
 * full); its page's link is shown once sent.
 */
export function PlatformInvoiceForm({ businessId, links, currency }: { businessId: string; links: PlatformLink[]; currency: string }) {
  const [linkId, setLinkId] = useState<string | null>(links[0]?.link_id ?? null);
  const [linkError, setLinkError] = useState<string | undefined>();
  const [made, setMade] = useState<PlatformInvoice | null>(null);
  const form = useZodForm(PlatformInvoiceBodySchema, {
    customer_email: '',
    customer_name: '',
    description: '',
    amount: null as number | null,
    currency,
    platform_fee: null as number | null,
  });
  const create = useCreatePlatformInvoice(businessId);
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
          notifySuccess(`Invoice ${answer.number} sent to ${answer.customer_email}.`);
          setMade(answer);
          form.reset();
        },
        onError: (error) => form.handleServerError(error),
      },
    );
  });

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="platform-invoice-title">
      <Title order={2} size="h4" id="platform-invoice-title" mb="xs">
        Send an invoice
      </Title>
      {links.length === 0 ? (
        <Text size="sm" c="dimmed">
          Once a business accepts your invitation, you can send invoices for it here.
        </Text>
      ) : (
        <form onSubmit={submit} noValidate aria-label="Send an invoice">
          <Stack gap="sm">
            <Select
              label="Business invoicing"
              name="invoice_link_id"
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
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput {...form.field('customer_email')} type="email" label="Customer email" maxLength={254} required />
              <TextInput {...form.field('customer_name')} label="Customer name (optional)" maxLength={255} />
            </SimpleGrid>
            <TextInput {...form.field('description')} label="What the invoice is for" maxLength={500} required />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <MoneyInput {...form.money('amount', chosen)} label="Invoice amount" required />
              <CurrencySelect value={chosen} onChange={(code) => form.setValue('currency', code)} error={form.errors.currency} />
            </SimpleGrid>
            <MoneyInput
              {...form.money('platform_fee', chosen)}
              label="Invoice platform fee"
              description="Kept by your platform when the invoice is paid; below the amount"
              required
            />
            {form.errors.form ? (
              <Text c="red" size="sm" role="alert">
                {form.errors.form}
              </Text>
            ) : null}
            <Group justify="flex-end">
              <Button type="submit" loading={create.isPending}>
                Send invoice
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      {made ? (
        <Text size="sm" mt="sm" role="status" style={{ wordBreak: 'break-word' }}>
          {made.number} for {made.business_name}: {formatMoneyWithCode(made.amount, made.currency)} with a fee of{' '}
          {formatMoneyWithCode(made.platform_fee, made.currency)}, sent to {made.customer_email}.{' '}
          <Anchor href={made.url} target="_blank" rel="noreferrer">
            Open the invoice page
          </Anchor>
        </Text>
      ) : null}
    </Card>
  );
}
