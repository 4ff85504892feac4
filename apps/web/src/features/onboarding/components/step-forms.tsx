import { useMemo, type ReactNode } from 'react';
import { Button, Group, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { z } from 'zod';
import {
  AddressStepSchema,
  BusinessStepSchema,
  ID_TYPES,
  INDUSTRIES,
  LEGAL_TYPES,
  MONTHLY_VOLUMES,
  MonthlyVolumeSchema,
  OwnerStepSchema,
  SalesStepSchema,
  type Onboarding,
} from '@merchant/business';
import { amountAllowsDot, cleanAmount, COUNTRY_CODES, isAllowedAmountKey, isPasteAllowed, minorToMajorString, parseMajorToMinor } from '@merchant/core';
import { DateField } from '@/components/date-field';
import { useZodForm } from '@/components/form/use-zod-form';
import { countryLabel } from '@/components/onboarding-summary';
import { fieldErrors } from '@/lib/error-message';
import { useSaveStep } from '../api/onboarding-api';

const options = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));
const COUNTRY_OPTIONS = COUNTRY_CODES.map((code) => ({ value: code.toLowerCase(), label: countryLabel(code) })).sort((a, b) => a.label.localeCompare(b.label));

export interface StepFormProps {
  businessId: string;
  onboarding: Onboarding;
  /** Called once the step is saved on the server. */
  onSaved: () => void;
  onBack?: (() => void) | undefined;
}

function StepActions({ onBack, loading }: { onBack?: (() => void) | undefined; loading: boolean }): ReactNode {
  return (
    <Group justify="space-between" mt="sm">
      {onBack ? (
        <Button variant="default" onClick={onBack}>
          Back
        </Button>
      ) : (
        <span />
      )}
      <Button type="submit" loading={loading}>
        Save and continue
      </Button>
    </Group>
  );
}

export function BusinessStepForm({ businessId, onboarding, onSaved, onBack }: StepFormProps) {
  const saved = onboarding.answers.business;
  const save = useSaveStep(businessId, 'business');
  const form = useZodForm(BusinessStepSchema, {
    legal_name: saved?.legal_name ?? '',
    legal_type: saved?.legal_type ?? '',
    registration_number: saved?.registration_number ?? '',
    website: saved?.website ?? '',
    industry: saved?.industry ?? '',
  });
  const submit = form.onSubmit((body) => save.mutate(body, { onSuccess: onSaved, onError: form.handleServerError }));
  return (
    <form onSubmit={submit} noValidate aria-label="Business details">
      <Stack gap="md">
        <TextInput {...form.field('legal_name')} label="Legal name" description="As registered with the authorities" required autoComplete="organization" />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select {...form.field('legal_type')} label="Type of business" data={options(LEGAL_TYPES)} required allowDeselect={false} />
          <TextInput {...form.field('registration_number')} label="Registration number" required />
        </SimpleGrid>
        <Select {...form.field('industry')} label="Industry" data={options(INDUSTRIES)} required searchable allowDeselect={false} />
        <TextInput {...form.field('website')} label="Website" description="Optional" placeholder="https://" type="url" autoComplete="url" />
        <StepActions onBack={onBack} loading={save.isPending} />
      </Stack>
    </form>
  );
}

export function OwnerStepForm({ businessId, onboarding, onSaved, onBack }: StepFormProps) {
  const saved = onboarding.answers.owner;
  const save = useSaveStep(businessId, 'owner');
  const form = useZodForm(OwnerStepSchema, {
    full_name: saved?.full_name ?? '',
    date_of_birth: saved?.date_of_birth ?? '',
    nationality: saved?.nationality ?? onboarding.country,
    id_type: saved?.id_type ?? '',
    id_number: saved?.id_number ?? '',
  });
  const submit = form.onSubmit((body) => save.mutate(body, { onSuccess: onSaved, onError: form.handleServerError }));
  return (
    <form onSubmit={submit} noValidate aria-label="Owner identity">
      <Stack gap="md">
        <TextInput {...form.field('full_name')} label="Full name" description="As on the identity document" required autoComplete="name" />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <DateField {...form.field('date_of_birth')} label="Date of birth" required autoComplete="bday" />
          <Select {...form.field('nationality')} label="Nationality" data={COUNTRY_OPTIONS} required searchable allowDeselect={false} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select {...form.field('id_type')} label="Identity document" data={options(ID_TYPES)} required allowDeselect={false} />
          <TextInput {...form.field('id_number')} label="Document number" required />
        </SimpleGrid>
        <StepActions onBack={onBack} loading={save.isPending} />
      </Stack>
    </form>
  );
}

export function AddressStepForm({ businessId, onboarding, onSaved, onBack }: StepFormProps) {
  const saved = onboarding.answers.address;
  const save = useSaveStep(businessId, 'address');
  const form = useZodForm(AddressStepSchema, {
    line1: saved?.line1 ?? '',
    line2: saved?.line2 ?? '',
    city: saved?.city ?? '',
    state: saved?.state ?? '',
    postal_code: saved?.postal_code ?? '',
  });
  const submit = form.onSubmit((body) => save.mutate(body, { onSuccess: onSaved, onError: form.handleServerError }));
  return (
    <form onSubmit={submit} noValidate aria-label="Business address">
      <Stack gap="md">
        <TextInput {...form.field('line1')} label="Street address" required autoComplete="address-line1" />
        <TextInput {...form.field('line2')} label="Unit, floor or building" description="Optional" autoComplete="address-line2" />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput {...form.field('city')} label="City" required autoComplete="address-level2" />
          <TextInput {...form.field('state')} label="State or region" description="Optional" autoComplete="address-level1" />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput {...form.field('postal_code')} label="Postal code" required autoComplete="postal-code" />
          <TextInput label="Country" value={countryLabel(onboarding.country)} readOnly description="The business's country; it cannot be changed here" />
        </SimpleGrid>
        <StepActions onBack={onBack} loading={save.isPending} />
      </Stack>
    </form>
  );
}

/** The sales form: the average sale is typed in major units and sent as integer minor units. */
function salesFormSchema(currency: string) {
  return SalesStepSchema.extend({
    monthly_volume: MonthlyVolumeSchema,
    average_ticket: z
      .string()
      .trim()
      .min(1, 'Enter the average sale')
      .transform((value, ctx) => {
        const amount = parseMajorToMinor(value, currency);
        if (amount === null || amount <= 0) {
          ctx.addIssue({ code: 'custom', message: `Enter an amount in ${currency.toUpperCase()} above zero` });
          return z.NEVER;
        }
        return { amount, currency };
      }),
  });
}

export function SalesStepForm({ businessId, onboarding, onSaved, onBack }: StepFormProps) {
  const saved = onboarding.answers.sales;
  const currency = onboarding.currency;
  const allowDot = amountAllowsDot(currency);
  const save = useSaveStep(businessId, 'sales');
  const schema = useMemo(() => salesFormSchema(currency), [currency]);
  const form = useZodForm(schema, {
    monthly_volume: saved?.monthly_volume ?? '',
    average_ticket: saved ? minorToMajorString(saved.average_ticket.amount, currency) : '',
    description: saved?.description ?? '',
  });
  const submit = form.onSubmit((body) =>
    save.mutate(body, {
      onSuccess: onSaved,
      onError: (error) => {
        // The server names average_ticket.amount / .currency; the form has one field for both.
        const issues = fieldErrors(error);
        const ticket = issues['average_ticket.amount'] ?? issues['average_ticket.currency'];
        if (ticket && form.setServerErrors({ ...issues, average_ticket: ticket })) return;
        form.handleServerError(error);
      },
    }),
  );
  const volumeOptions = Object.entries(MONTHLY_VOLUMES).map(([value, label]) => ({ value, label: `${label} ${currency.toUpperCase()}` }));
  const ticket = form.field('average_ticket');
  return (
    <form onSubmit={submit} noValidate aria-label="Expected sales">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select {...form.field('monthly_volume')} label="Expected monthly sales" data={volumeOptions} required allowDeselect={false} />
          <TextInput
            {...ticket}
            label="Average sale"
            required
            inputMode={allowDot ? 'decimal' : 'numeric'}
            leftSection={<span aria-hidden>{currency.toUpperCase()}</span>}
            leftSectionWidth={52}
            description={`In ${currency.toUpperCase()}`}
            onKeyDown={(e) => {
              if (e.ctrlKey || e.metaKey) return;
              if (!isAllowedAmountKey(e.key, { allowDot })) e.preventDefault();
            }}
            onPaste={(e) => {
              if (!isPasteAllowed(e.clipboardData.getData('text'))) e.preventDefault();
            }}
            onChange={(e) => ticket.onChange(cleanAmount(e.currentTarget.value, { allowDot }))}
          />
        </SimpleGrid>
        <Textarea
          {...form.field('description')}
          label="What does the business sell?"
          description="Products or services, and how customers pay (in person, online...)"
          required
          autosize
          minRows={3}
        />
        <StepActions onBack={onBack} loading={save.isPending} />
      </Stack>
    </form>
  );
}
