import { useState } from 'react';
import { Button, Checkbox, Group, Modal, SegmentedControl, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { COUNTRY_CODES } from '@merchant/core';
import {
  CreateBeneficiaryBodySchema,
  localAccountFormat,
  maskAccount,
  TEST_FAILING_ACCOUNT_SUFFIX,
  UpdateBeneficiaryBodySchema,
  usesIban,
  type BankAccountType,
  type Beneficiary,
} from '@merchant/payments';
import { CurrencySelect } from '@/components/currency-select';
import { useZodForm } from '@/components/form/use-zod-form';
import { countryLabel } from '@/components/onboarding-summary';
import { notifySuccess } from '@/lib/notify';
import { useSaveBeneficiary } from '../api/send-money-api';

const COUNTRY_OPTIONS = COUNTRY_CODES.map((code) => ({ value: code.toLowerCase(), label: countryLabel(code) })).sort((a, b) => a.label.localeCompare(b.label));

const valuesOf = (b: Beneficiary | null, country: string, currency: string) => ({
  type: (b?.type ?? 'local') as BankAccountType,
  holder_name: b?.holder_name ?? '',
  bank_name: b?.bank_name ?? '',
  country: b?.country ?? country,
  currency: b?.currency ?? currency,
  bank_code: b?.bank_code ?? '',
  branch_code: b?.branch_code ?? '',
  swift_code: b?.swift_code ?? '',
  // Never shown again: a blank number keeps the stored one.
  account_number: '',
  email: b?.email ?? '',
  nickname: b?.nickname ?? '',
  remark: b?.remark ?? '',
  is_favourite: b?.is_favourite ?? false,
});

/**
 * Adding and editing a beneficiary, in a modal over the list or the detail. The fields and their checks are
 * the payout bank accounts' (the payments package's schemas), so the form and the server refuse alike.
 */
export function BeneficiaryFormModal(props: {
  businessId: string;
  businessCountry: string;
  businessCurrency: string;
  beneficiary: Beneficiary | null;
  opened: boolean;
  onClose: () => void;
  onSaved?: (beneficiary: Beneficiary) => void;
}) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.beneficiary ? 'Edit beneficiary' : 'New beneficiary'} centered size="lg">
      {props.opened ? <BeneficiaryForm {...props} /> : null}
    </Modal>
  );
}

function BeneficiaryForm({
  businessId,
  businessCountry,
  businessCurrency,
  beneficiary,
  onClose,
  onSaved,
}: {
  businessId: string;
  businessCountry: string;
  businessCurrency: string;
  beneficiary: Beneficiary | null;
  onClose: () => void;
  onSaved?: ((beneficiary: Beneficiary) => void) | undefined;
}) {
  const [start] = useState(() => valuesOf(beneficiary, businessCountry, businessCurrency));
  const form = useZodForm(beneficiary ? UpdateBeneficiaryBodySchema : CreateBeneficiaryBodySchema, start);
  const save = useSaveBeneficiary(businessId, beneficiary?.id ?? null);
  const overseas = form.values.type === 'cross_border';
  const format = overseas ? null : localAccountFormat(form.values.country);
  const rule = format?.kind === 'rule' ? format.rule : undefined;
  const iban = overseas ? usesIban(form.values.country || 'zz') : format?.kind === 'iban';
  const numberHint = iban
    ? 'The IBAN, as on a bank statement'
    : rule
      ? rule.digits[0] === rule.digits[1]
        ? `${rule.digits[0]} digits`
        : `${rule.digits[0]} to ${rule.digits[1]} digits`
      : 'Letters and digits, as the bank writes it';
  const keepHint = beneficiary ? `Leave blank to keep the account ending ${beneficiary.account_last4}. ` : '';
  const testHint = ` In test mode, a number ending ${TEST_FAILING_ACCOUNT_SUFFIX} is returned by the bank.`;

  const submit = form.onSubmit((body) =>
    save.mutate(body, {
      onSuccess: (saved) => {
        notifySuccess(`${saved.holder_name} ${maskAccount(saved.account_last4)} ${beneficiary ? 'saved' : 'added'}.`);
        onClose();
        onSaved?.(saved);
      },
      onError: form.handleServerError,
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SegmentedControl
          aria-label="Where the beneficiary banks"
          value={form.values.type}
          disabled={beneficiary !== null}
          onChange={(value) =>
            form.setValues((v) => ({
              ...v,
              type: value as BankAccountType,
              country: value === 'local' ? businessCountry : '',
              swift_code: '',
              bank_code: '',
              branch_code: '',
            }))
          }
          data={[
            { value: 'local', label: 'Local' },
            { value: 'cross_border', label: 'Overseas' },
          ]}
        />
        <TextInput
          {...form.field('holder_name')}
          label="Beneficiary name"
          description="As the bank account is named"
          required
          data-autofocus
          autoComplete="off"
        />
        <TextInput {...form.field('bank_name')} label="Bank" required autoComplete="off" />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {overseas ? (
            <Select {...form.field('country')} label="Bank country" data={COUNTRY_OPTIONS} searchable allowDeselect={false} required />
          ) : (
            <TextInput label="Bank country" value={countryLabel(businessCountry)} readOnly description="A local beneficiary banks in your country" />
          )}
          <CurrencySelect
            label="Currency they receive"
            value={form.values.currency}
            onChange={(code) => form.setValue('currency', code)}
            error={form.errors.currency}
            required
          />
        </SimpleGrid>
        {overseas ? <TextInput {...form.field('swift_code')} label="SWIFT/BIC code" description="8 or 11 characters" required autoComplete="off" /> : null}
        {rule?.bankCode || rule?.branchCode ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {rule.bankCode ? <TextInput {...form.field('bank_code')} label={rule.bankCode.label} required autoComplete="off" inputMode="numeric" /> : null}
            {rule.branchCode ? (
              <TextInput {...form.field('branch_code')} label={rule.branchCode.label} required autoComplete="off" inputMode="numeric" />
            ) : null}
          </SimpleGrid>
        ) : null}
        <TextInput
          {...form.field('account_number')}
          label={iban ? 'IBAN' : 'Account number'}
          description={`${keepHint}${numberHint}.${testHint}`}
          required={beneficiary === null}
          autoComplete="off"
        />
        <TextInput {...form.field('email')} label="Email" description="Optional" type="email" autoComplete="off" />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput {...form.field('nickname')} label="Nickname" description="Optional: your own short name for them" autoComplete="off" />
          <TextInput {...form.field('remark')} label="Remark" description="Optional: a note for your team" autoComplete="off" />
        </SimpleGrid>
        <Checkbox
          label="Favourite"
          checked={form.values.is_favourite}
          onChange={(event) => {
            const checked = event.currentTarget.checked;
            form.setValues((v) => ({ ...v, is_favourite: checked }));
          }}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {beneficiary ? 'Save beneficiary' : 'Add beneficiary'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
