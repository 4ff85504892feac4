import { useMemo, useState } from 'react';
import { MultiSelect, Paper, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { CouponBodySchema, type Coupon } from '@merchant/catalogue';
import { href } from '@/app/route-table';
import { DateField } from '@/components/date-field';
import { NumberField } from '@/components/form/number-field';
import { SwitchRow } from '@/components/form/switch-row';
import { useZodForm } from '@/components/form/use-zod-form';
import { MoneyInput } from '@/components/money-input';
import { PageFrame } from '@/components/page-frame';
import { QueryPage } from '@/components/query-status';
import { StatusBadge } from '@/components/status-badge';
import { EditForm } from '@/components/sub-header-bar/edit-form';
import { notifySuccess } from '@/lib/notify';
import { useBusiness, useCanChange } from '@/lib/session';
import { couponCategoriesQuery, couponProductsQuery, couponQuery, useSaveCoupon } from '@/features/coupons/api/coupons-api';

type Values = {
  code: string;
  value: { type: 'percentage' | 'fixed'; rate: number | null; amount: number | null };
  applies_to: { type: 'order' | 'items'; product_ids: string[]; category_ids: string[] };
  minimum_subtotal: number | null;
  usage_limit: number | null;
  per_customer_limit: number | null;
  starts_on: string;
  ends_on: string;
  active: boolean;
};

const valuesOf = (c: Coupon | undefined): Values => ({
  code: c?.code ?? '',
  value: {
    type: c?.value.type ?? 'percentage',
    rate: c?.value.type === 'percentage' ? c.value.rate : null,
    amount: c?.value.type === 'fixed' ? c.value.amount : null,
  },
  applies_to: {
    type: c?.applies_to.type ?? 'order',
    product_ids: c?.applies_to.type === 'items' ? c.applies_to.product_ids : [],
    category_ids: c?.applies_to.type === 'items' ? c.applies_to.category_ids : [],
  },
  minimum_subtotal: c?.minimum_subtotal ?? null,
  usage_limit: c?.usage_limit ?? null,
  per_customer_limit: c?.per_customer_limit ?? null,
  starts_on: c?.starts_on ?? '',
  ends_on: c?.ends_on ?? '',
  active: c?.active ?? true,
});

/** The form's values as the endpoint's body: the value and scope not chosen are left out by the schema; no day is null. */
const FormSchema = z.preprocess((v) => {
  const values = v as Values;
  return { ...values, starts_on: values.starts_on || null, ends_on: values.ends_on || null };
}, CouponBodySchema);

/** Create (no id in the path) and edit (the coupon's id) of a coupon. */
export function Component() {
  const { business_id: businessId = '', b_coupon: id } = useParams();
  const business = useBusiness(businessId);
  const coupon = useQuery({ ...couponQuery(businessId, id ?? ''), enabled: id !== undefined });
  const title = id ? 'Edit coupon' : 'Create coupon';
  if (!business.data || (id && !coupon.data)) return <QueryPage title={title} query={id ? coupon : business} loadingLabel="Loading the coupon" />;
  return (
    <CouponForm
      key={coupon.data?.id ?? 'new'}
      businessId={businessId}
      coupon={coupon.data}
      currency={coupon.data?.currency ?? business.data.currency}
      timeZone={business.data.time_zone}
      title={title}
    />
  );
}

function CouponForm({
  businessId,
  coupon,
  currency,
  timeZone,
  title,
}: {
  businessId: string;
  coupon: Coupon | undefined;
  currency: string;
  timeZone: string;
  title: string;
}) {
  const navigate = useNavigate();
  const mayChange = useCanChange(businessId, 'store:manage');
  const [start] = useState(() => valuesOf(coupon));
  const form = useZodForm(FormSchema, start);
  const save = useSaveCoupon(businessId, coupon?.id);
  const items = form.values.applies_to.type === 'items';
  const products = useQuery({ ...couponProductsQuery(businessId), enabled: items });
  const categories = useQuery({ ...couponCategoriesQuery(businessId), enabled: items });
  const list = href('online-store.coupons', { business_id: businessId });
  const { values, errors, setValues } = form;
  const dirty = JSON.stringify(values) !== JSON.stringify(start);
  const firstError = (prefix: string) => errors[prefix] ?? Object.entries(errors).find(([path]) => path.startsWith(`${prefix}.`))?.[1];
  const productOptions = useMemo(() => {
    const known = (products.data?.data ?? []).map((p) => ({ value: p.id, label: p.name }));
    const missing = values.applies_to.product_ids
      .filter((id) => !known.some((o) => o.value === id))
      .map((id) => ({ value: id, label: 'A product not in the first 100' }));
    return [...known, ...missing];
  }, [products.data, values.applies_to.product_ids]);
  const categoryOptions = useMemo(() => (categories.data?.data ?? []).map((c) => ({ value: c.id, label: c.name })), [categories.data]);
  const setApplies = (change: Partial<Values['applies_to']>) => setValues((v) => ({ ...v, applies_to: { ...v.applies_to, ...change } }));

  const submit = form.onSubmit((body) =>
    save.mutate(body, {
      onSuccess: (saved) => {
        notifySuccess(coupon ? `${saved.code} saved.` : `${saved.code} added.`);
        void navigate(list);
      },
      onError: form.handleServerError,
    }),
  );

  return (
    <PageFrame
      title={title}
      description={
        coupon ? (
          <>
            {coupon.code} · used {coupon.used} {coupon.used === 1 ? 'time' : 'times'} · <StatusBadge kind="coupon" status={coupon.status} />
          </>
        ) : (
          'A code your customers type at the checkout for money off.'
        )
      }
    >
      <EditForm dirty={dirty} saving={save.isPending} onSave={submit} backTo={list} saveLabel={coupon ? 'Save' : 'Create coupon'} readOnly={!mayChange}>
        <Stack gap="md" maw={760}>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="coupon-value">
            <Stack gap="md">
              <Title order={2} size="h4" id="coupon-value">
                Code and value
              </Title>
              <TextInput
                {...form.field('code')}
                label="Code"
                description="Letters, digits, dashes and underscores; customers may type it in any case"
                required
                autoComplete="off"
                autoFocus={!coupon}
              />
              <Stack gap={4}>
                <Text size="sm" fw={500} id="coupon-type-label">
                  Type
                </Text>
                <SegmentedControl
                  aria-labelledby="coupon-type-label"
                  value={values.value.type}
                  onChange={(type) => setValues((v) => ({ ...v, value: { ...v.value, type: type as Values['value']['type'] } }))}
                  data={[
                    { value: 'percentage', label: 'Percentage' },
                    { value: 'fixed', label: 'Fixed amount' },
                  ]}
                  disabled={!mayChange}
                />
              </Stack>
              {values.value.type === 'percentage' ? (
                <NumberField
                  {...form.number('value.rate', { basisPoints: true })}
                  decimals={2}
                  label="Percentage off"
                  suffix=" %"
                  min={0}
                  max={100}
                  required
                  maw={240}
                />
              ) : (
                <MoneyInput {...form.money('value.amount', currency)} label="Amount off" required maw={240} />
              )}
              <Stack gap={4}>
                <Text size="sm" fw={500} id="coupon-applies-label">
                  Applies to
                </Text>
                <SegmentedControl
                  aria-labelledby="coupon-applies-label"
                  value={values.applies_to.type}
                  onChange={(type) => setApplies({ type: type as Values['applies_to']['type'] })}
                  data={[
                    { value: 'order', label: 'Whole order' },
                    { value: 'items', label: 'Products or categories' },
                  ]}
                  disabled={!mayChange}
                />
              </Stack>
              {items ? (
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <MultiSelect
                    name="applies_to.product_ids"
                    label="Products"
                    description="A fixed amount comes off each unit"
                    data={productOptions}
                    value={values.applies_to.product_ids}
                    onChange={(ids) => setApplies({ product_ids: ids })}
                    error={firstError('applies_to.product_ids')}
                    searchable
                    hidePickedOptions
                  />
                  <MultiSelect
                    name="applies_to.category_ids"
                    label="Categories"
                    data={categoryOptions}
                    value={values.applies_to.category_ids}
                    onChange={(ids) => setApplies({ category_ids: ids })}
                    error={firstError('applies_to.category_ids')}
                    searchable
                    hidePickedOptions
                  />
                </SimpleGrid>
              ) : null}
            </Stack>
          </Paper>

          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="coupon-limits">
            <Stack gap="md">
              <Title order={2} size="h4" id="coupon-limits">
                Conditions
              </Title>
              <MoneyInput
                {...form.money('minimum_subtotal', currency)}
                label="Minimum order (optional)"
                description="The order's subtotal before discounts"
                maw={320}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <NumberField {...form.number('usage_limit')} label="Uses in total (optional)" description="Empty: no limit" min={1} />
                <NumberField {...form.number('per_customer_limit')} label="Uses per customer (optional)" description="Counted by email" min={1} />
                <DateField
                  name="starts_on"
                  label="First day (optional)"
                  value={values.starts_on}
                  onChange={(day) => setValues((v) => ({ ...v, starts_on: day }))}
                  error={errors.starts_on}
                />
                <DateField
                  name="ends_on"
                  label="Last day (optional)"
                  value={values.ends_on}
                  onChange={(day) => setValues((v) => ({ ...v, ends_on: day }))}
                  error={errors.ends_on}
                />
              </SimpleGrid>
              <Text size="xs" c="dimmed">
                Days in {timeZone}: the coupon works from the start of the first day to the end of the last.
              </Text>
              <SwitchRow
                label="Active"
                description="Turn it off to stop it working without deleting it"
                checked={values.active}
                onChange={(e) => {
                  const active = e.currentTarget.checked;
                  setValues((v) => ({ ...v, active }));
                }}
                disabled={!mayChange}
              />
            </Stack>
          </Paper>
        </Stack>
      </EditForm>
    </PageFrame>
  );
}
