import { Checkbox, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { SwitchRow } from '@/components/form/switch-row';
import { useQuery } from '@tanstack/react-query';
import { useMemo, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { formatMoneyWithCode, formatZone, localDate, startOfLocalDay } from '@merchant/core';
import { COLLECTED_FIELD_LABELS, CreatePaymentLinkBodySchema, type PaymentLink } from '@merchant/payments';
import { href } from '@/app/route-table';
import { DateField } from '@/components/date-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { LoadingScreen } from '@/components/loading-screen';
import { PageFrame } from '@/components/page-frame';
import { QueryPage } from '@/components/query-status';
import { SourceAmountFields } from '@/components/source-amount-fields';
import { EditForm } from '@/components/sub-header-bar/edit-form';
import { notifySuccess } from '@/lib/notify';
import { useBusiness, useBusinessTimeZone } from '@/lib/session';
import { linkProductsQuery, linkQuery, useCreateLink, useUpdateLink } from '@/features/payment-links/api/payment-links-api';

type LinkFormValues = {
  /** Not sent: a fixed amount, or one the customer chooses (amount null). */
  amountMode: 'fixed' | 'customer';
  amount: number | null;
  currency: string;
  purpose: string;
  reference: string;
  customer_email: string;
  customer_phone: string;
  collect_email: boolean;
  collect_phone: boolean;
  collect_note: boolean;
  /** `YYYY-MM-DDTHH:mm` in the person's time zone, or empty. */
  expires_at: string;
  single_use: boolean;
  redirect_url: string;
  product_id: string;
  send_email: boolean;
};

function valuesOf(link: PaymentLink | undefined, currency: string): LinkFormValues {
  return {
    amountMode: link && link.amount === null ? 'customer' : 'fixed',
    amount: link ? link.amount : null,
    currency: link?.currency ?? currency,
    purpose: link?.purpose ?? '',
    reference: link?.reference ?? '',
    customer_email: link?.customer_email ?? '',
    customer_phone: link?.customer_phone ?? '',
    collect_email: link?.collect_email ?? true,
    collect_phone: link?.collect_phone ?? false,
    collect_note: link?.collect_note ?? false,
    expires_at: link?.expires_at ?? '',
    single_use: link?.single_use ?? true,
    redirect_url: link?.redirect_url ?? '',
    product_id: link?.product?.id ?? '',
    send_email: false,
  };
}

/** Create (no id in the path) and edit (the link's id) of a payment link. */
export function Component() {
  const { business_id: businessId = '', payment_request_id: id } = useParams();
  const business = useBusiness(businessId);
  const link = useQuery({ ...linkQuery(businessId, id ?? ''), enabled: id !== undefined });
  if (!business.data) return <LoadingScreen />;
  const title = id ? 'Edit payment link' : 'Create payment link';
  if (id && !link.data) {
    return <QueryPage title={title} query={link} loadingLabel="Loading the payment link" />;
  }
  return (
    <PageFrame
      title={title}
      description={
        id ? 'The link keeps its URL: customers who have it pay the new terms.' : 'Customers pay on a secure checkout page by card, PayNow or e-wallet.'
      }
    >
      <LinkForm key={link.data?.id ?? 'new'} businessId={businessId} link={link.data} defaultCurrency={business.data.currency} />
    </PageFrame>
  );
}

function LinkForm({ businessId, link, defaultCurrency }: { businessId: string; link: PaymentLink | undefined; defaultCurrency: string }) {
  const navigate = useNavigate();
  const initial = useMemo(() => valuesOf(link, defaultCurrency), [link, defaultCurrency]);
  const form = useZodForm(CreatePaymentLinkBodySchema, initial);
  const create = useCreateLink(businessId);
  const update = useUpdateLink(businessId, link?.id ?? '');
  const products = useQuery(linkProductsQuery(businessId));
  const zone = useBusinessTimeZone(businessId);
  const { values, setValues } = form;
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  const set = <K extends keyof LinkFormValues>(key: K, value: LinkFormValues[K]) => {
    setValues((previous) => ({ ...previous, [key]: value }));
    form.setErrors(Object.fromEntries(Object.entries(form.errors).filter(([path]) => path !== key)));
  };
  const fixed = values.amountMode === 'fixed';
  const list = href('payments.links', { business_id: businessId });

  const save = form.onSubmit((body) => {
    const options = {
      onSuccess: (saved: PaymentLink) => {
        notifySuccess(link ? 'Payment link saved.' : values.send_email ? `Payment link created and sent to ${saved.customer_email}.` : 'Payment link created.');
        void navigate(href('payments.links-detail', { business_id: businessId, payment_request_id: saved.id }));
      },
      onError: form.handleServerError,
    };
    if (link) {
      const { send_email: _unused, ...rest } = body;
      update.mutate(rest, options);
    } else create.mutate(body, options);
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (fixed && values.amount === null) {
      form.setErrors({ amount: 'Enter an amount' });
      event.currentTarget.querySelector<HTMLElement>('[name="amount"]')?.focus();
      return;
    }
    save(event);
  };

  const productOptions = (products.data ?? []).map((p) => ({ value: p.id, label: `${p.name} · ${formatMoneyWithCode(p.amount, p.currency)}` }));

  return (
    <EditForm dirty={dirty} saving={create.isPending || update.isPending} onSave={submit} backTo={list} saveLabel={link ? 'Save' : 'Create link'}>
      <Stack gap="md" maw={720}>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="link-amount">
          <Stack gap="md">
            <Title order={2} size="h4" id="link-amount">
              What the customer pays
            </Title>
            <TextInput {...form.field('purpose')} label="Purpose" description="Shown to the customer at checkout" required autoFocus={!link} />
            <SourceAmountFields
              value={values}
              onChange={(patch) => {
                setValues((p) => ({ ...p, ...patch }));
                form.setErrors(Object.fromEntries(Object.entries(form.errors).filter(([path]) => !(path in patch))));
              }}
              errors={{ amount: form.errors.amount, currency: form.errors.currency }}
            />
            {productOptions.length > 0 ? (
              <Select
                label="Product (optional)"
                name="product_id"
                data={productOptions}
                value={values.product_id || null}
                onChange={(v) => {
                  const product = products.data?.find((p) => p.id === v);
                  setValues((p) => ({
                    ...p,
                    product_id: v ?? '',
                    ...(product ? { amount: product.amount, currency: product.currency, amountMode: 'fixed' as const } : {}),
                  }));
                }}
                error={form.errors.product_id}
                clearable
                searchable
              />
            ) : null}
            <TextInput {...form.field('reference')} label="Reference (optional)" description="Your own reference, such as an order number" />
          </Stack>
        </Paper>

        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="link-customer">
          <Stack gap="md">
            <Title order={2} size="h4" id="link-customer">
              Customer
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput {...form.field('customer_email')} type="email" label="Customer email (optional)" autoComplete="off" />
              <TextInput {...form.field('customer_phone')} type="tel" label="Customer phone (optional)" autoComplete="off" />
            </SimpleGrid>
            {!link ? (
              <Checkbox label="Email the link to the customer" checked={values.send_email} onChange={(e) => set('send_email', e.currentTarget.checked)} />
            ) : null}
            <Text size="sm" fw={500} id="collect-label">
              Ask the customer for
            </Text>
            <Group gap="lg" role="group" aria-labelledby="collect-label">
              {(Object.keys(COLLECTED_FIELD_LABELS) as (keyof typeof COLLECTED_FIELD_LABELS)[]).map((key) => (
                <Checkbox key={key} label={COLLECTED_FIELD_LABELS[key]} checked={values[key]} onChange={(e) => set(key, e.currentTarget.checked)} />
              ))}
            </Group>
          </Stack>
        </Paper>

        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="link-options">
          <Stack gap="md">
            <Title order={2} size="h4" id="link-options">
              Options
            </Title>
            <SwitchRow
              label="Single use"
              description="The link completes after its first successful payment; turn off to take many payments"
              checked={values.single_use}
              onChange={(e) => set('single_use', e.currentTarget.checked)}
            />
            <DateField
              label="Expires after (optional)"
              description={`The link stops taking payments when this day ends, ${formatZone(zone)}; leave empty to never expire`}
              value={values.expires_at ? localDate(Date.parse(values.expires_at) - 1, zone) : ''}
              onChange={(day) => set('expires_at', day ? new Date(startOfLocalDay(day, zone, 1).getTime() - 1000).toISOString() : '')}
              error={form.field('expires_at').error}
            />
            <TextInput
              {...form.field('redirect_url')}
              type="url"
              label="Redirect after payment (optional)"
              description="An https:// address your customer goes to once paid"
              placeholder="https://"
            />
          </Stack>
        </Paper>
      </Stack>
    </EditForm>
  );
}
