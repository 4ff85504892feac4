import { Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { NumberField } from '@/components/form/number-field';
import { MAX_INTERVAL_DAYS, MAX_PLAN_CYCLES, MAX_TRIAL_DAYS, PLAN_INTERVALS, PLAN_INTERVAL_LABELS, type Plan, type PlanInterval } from '@merchant/payments';
import { MoneyInput } from '@/components/money-input';
import { partOf, type FormBinder } from '@/components/form/form-fields';

/** What the plan form holds (the body as typed: empty numbers are null). */
export type PlanValues = {
  name: string;
  description: string;
  amount: number | null;
  interval: PlanInterval;
  interval_days: number | null;
  trial_days: number | null;
  cycles: number | null;
  reference: string;
  redirect_url: string;
};

export const planValues = (plan: Plan | undefined): PlanValues => ({
  name: plan?.name ?? '',
  description: plan?.description ?? '',
  amount: plan?.amount ?? null,
  interval: plan?.interval ?? 'monthly',
  interval_days: plan?.interval_days ?? null,
  trial_days: plan?.trial_days ?? 0,
  cycles: plan?.cycles ?? null,
  reference: plan?.reference ?? '',
  redirect_url: plan?.redirect_url ?? '',
});

const INTERVAL_OPTIONS = PLAN_INTERVALS.map((i) => ({ value: i, label: PLAN_INTERVAL_LABELS[i] }));

/**
 * The fields of a plan, shared by the create dialog, the plan's page and a subscription's own terms: drawn in the
 * parent's form (`useFormFields`), whose values include the plan's.
 */
export function PlanFields({ form, currency, disabled = false }: { form: FormBinder<PlanValues>; currency: string; disabled?: boolean }) {
  const { values, errors } = form;
  return (
    <Stack gap="sm">
      <TextInput {...form.field('name')} label="Name" required disabled={disabled} />
      <Textarea {...form.field('description')} label="Description" description="Shown to subscribers" autosize minRows={2} disabled={disabled} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <MoneyInput
          {...form.money('amount', currency)}
          // The currency is the business's, not a field of the form: its issue shows on the price.
          error={errors.amount ?? errors.currency}
          label="Price"
          description={`Charged in ${currency.toUpperCase()}, your business's currency`}
          required
          disabled={disabled}
        />
        <Select {...form.field('interval')} label="Billing interval" required disabled={disabled} data={INTERVAL_OPTIONS} allowDeselect={false} />
        {values.interval === 'every_n_days' ? (
          <NumberField {...form.number('interval_days')} label="Days between charges" required disabled={disabled} min={1} max={MAX_INTERVAL_DAYS} />
        ) : null}
        <NumberField
          {...form.number('trial_days')}
          label="Free trial (days)"
          description="The first charge comes after the trial"
          disabled={disabled}
          min={0}
          max={MAX_TRIAL_DAYS}
        />
        <NumberField
          {...form.number('cycles')}
          label="Number of charges"
          description="Leave empty to charge until the subscription is cancelled"
          disabled={disabled}
          min={1}
          max={MAX_PLAN_CYCLES}
        />
      </SimpleGrid>
      <ReturnFields form={partOf<ReturnValues>(form)} disabled={disabled} />
    </Stack>
  );
}

/** The merchant's reference and the address the customer returns to after saving a card (HitPay's names). */
export type ReturnValues = { reference: string; redirect_url: string };

export function ReturnFields({ form, disabled = false }: { form: FormBinder<ReturnValues>; disabled?: boolean }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <TextInput {...form.field('reference')} label="Reference" description="Your own, never shown to the customer" disabled={disabled} />
      <TextInput
        {...form.field('redirect_url')}
        label="Return address"
        description="Where the customer goes after saving a card (https://)"
        type="url"
        disabled={disabled}
      />
    </SimpleGrid>
  );
}

/** The body the server takes from what the form holds. */
export const planBody = (v: PlanValues) => ({
  name: v.name,
  description: v.description || null,
  amount: v.amount ?? 0,
  interval: v.interval,
  interval_days: v.interval === 'every_n_days' ? v.interval_days : null,
  trial_days: v.trial_days ?? 0,
  cycles: v.cycles,
  reference: v.reference || null,
  redirect_url: v.redirect_url || null,
});
