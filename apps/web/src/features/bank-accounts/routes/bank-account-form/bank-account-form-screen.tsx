import { useState } from 'react';
import { Paper, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate, useParams } from 'react-router';
import { COUNTRY_CODES, CURRENCIES } from '@merchant/core';
import {
  CheckedBankAccountSchema,
  EditedBankAccountSchema,
  localAccountFormat,
  maskAccount,
  usesIban,
  type BankAccount,
  type BankAccountFields,
  type BankAccountType,
} from '@merchant/payments';
import { href } from '@/app/route-table';
import { ErrorState } from '@/components/error-state';
import { useZodForm } from '@/components/form/use-zod-form';
import { LoadingScreen } from '@/components/loading-screen';
import { countryLabel } from '@/components/onboarding-summary';
import { PageFrame } from '@/components/page-frame';
import { NotFound } from '@/components/status-page';
import { EditForm } from '@/components/sub-header-bar/edit-form';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { notifySuccess } from '@/lib/notify';
import { useBusiness } from '@/lib/session';
import { bankAccountQuery, useSaveBankAccount } from '@/features/bank-accounts/api/bank-accounts-api';
import { useBankAccountRoutes } from '@/features/bank-accounts/components/bank-account-routes';
import { crossBorderParam, isCrossBorderParam } from '@/features/bank-accounts/components/bank-account-kind';
import { ConfirmIdentityModal, reauthError } from '@/components/confirm-identity-modal';

const CURRENCY_OPTIONS = CURRENCIES.map((c) => ({ value: c.code, label: `${c.code.toUpperCase()} · ${c.name}` }));
const COUNTRY_OPTIONS = COUNTRY_CODES.map((code) => ({ value: code.toLowerCase(), label: countryLabel(code) })).sort((a, b) => a.label.localeCompare(b.label));

type Values = {
  type: BankAccountType;
  holder_name: string;
  bank_name: string;
  country: string;
  currency: string;
  bank_code: string;
  branch_code: string;
  swift_code: string;
  account_number: string;
};

const valuesOf = (a: BankAccount | null, type: BankAccountType, country: string, currency: string): Values => ({
  type,
  holder_name: a?.holder_name ?? '',
  bank_name: a?.bank_name ?? '',
  country: a?.country ?? country,
  currency: a?.currency ?? currency,
  bank_code: a?.bank_code ?? '',
  branch_code: a?.branch_code ?? '',
  swift_code: a?.swift_code ?? '',
  // Never shown again: a blank number keeps the stored one.
  account_number: '',
});

/** Add and edit a bank account (routes bank-accounts-create and bank-accounts-edit); `isCrossBorder` picks the kind. */
export function Component() {
  const { business_id: businessId = '', bank_account: accountId, isCrossBorder } = useParams();
  const business = useBusiness(businessId);
  const routes = useBankAccountRoutes();
  const account = useQuery({ ...bankAccountQuery(businessId, accountId ?? ''), enabled: accountId !== undefined });
  const listHref = href(routes.list, { business_id: businessId });
  const type: BankAccountType = isCrossBorderParam(isCrossBorder) ? 'cross_border' : 'local';
  if (account.isError) {
    if (account.error instanceof ApiError && account.error.status === 404) return <NotFound homeHref={listHref} />;
    return <ErrorState message={errorMessage(account.error)} onRetry={() => void account.refetch()} />;
  }
  if (!business.data || (accountId !== undefined && !account.data)) return <LoadingScreen />;
  const saved = account.data ?? null;
  // An account keeps its kind: a link with the other kind opens the account's own form.
  if (saved && saved.type !== type) {
    const to = href(routes.edit, {
      business_id: businessId,
      bank_account: saved.id,
      isCrossBorder: crossBorderParam(saved.type === 'cross_border'),
    });
    return <Navigate to={to} replace />;
  }
  const country = business.data.country.toLowerCase();
  return (
    <BankAccountForm
      key={`${saved?.id ?? 'new'}-${type}`}
      businessId={businessId}
      account={saved}
      businessCountry={country}
      initial={valuesOf(saved, type, type === 'local' ? country : '', business.data.currency)}
      listHref={listHref}
    />
  );
}

interface FormProps {
  businessId: string;
  account: BankAccount | null;
  businessCountry: string;
  initial: Values;
  listHref: string;
}

function BankAccountForm({ businessId, account, businessCountry, initial, listHref }: FormProps) {
  const navigate = useNavigate();
  const routes = useBankAccountRoutes();
  const [start] = useState(initial);
  const form = useZodForm(account ? EditedBankAccountSchema : CheckedBankAccountSchema, start);
  const save = useSaveBankAccount(businessId, account?.id ?? null);
  const [pending, setPending] = useState<BankAccountFields | null>(null);
  const dirty = JSON.stringify(form.values) !== JSON.stringify(start);
  const crossBorder = form.values.type === 'cross_border';
  const format = crossBorder ? null : localAccountFormat(form.values.country);
  const rule = format?.kind === 'rule' ? format.rule : undefined;
  const iban = crossBorder ? usesIban(form.values.country || 'zz') : format?.kind === 'iban';
  const title = account ? 'Edit bank account' : crossBorder ? 'Add a cross-border bank account' : 'Add a local bank account';

  const switchKind = (value: string) => {
    void navigate(href(routes.create, { business_id: businessId, isCrossBorder: crossBorderParam(value === 'cross_border') }), {
      replace: true,
    });
  };

  const submit = form.onSubmit((fields) => setPending(fields));
  const confirm = (reauth: { password?: string; code?: string }) => {
    if (!pending) return;
    save.mutate(
      { ...pending, ...reauth },
      {
        onSuccess: (result) => {
          notifySuccess(`${result.bank_name} ${maskAccount(result.account_last4)} ${account ? 'saved' : 'added'}.`);
          setPending(null);
          form.reset(form.values);
          void navigate(listHref);
        },
        onError: (error) => {
          if (reauthError(error)) return;
          setPending(null);
          form.handleServerError(error);
        },
      },
    );
  };

  const numberHint = iban
    ? 'The IBAN, as on a bank statement'
    : rule
      ? rule.digits[0] === rule.digits[1]
        ? `${rule.digits[0]} digits`
        : `${rule.digits[0]} to ${rule.digits[1]} digits`
      : 'Letters and digits, as your bank writes it';
  const keepHint = account ? `Leave blank to keep the account ending ${account.account_last4}. ` : '';

  return (
    <PageFrame title={title} description="Payouts are sent to this account. Saving asks for your password, and every owner is told by mail.">
      <EditForm dirty={dirty} saving={save.isPending} onSave={submit} backTo={listHref} saveLabel={account ? 'Save bank account' : 'Add bank account'}>
        <Stack gap="lg" maw={720}>
          <SegmentedControl
            aria-label="Kind of account"
            value={form.values.type}
            onChange={switchKind}
            disabled={account !== null}
            data={[
              { value: 'local', label: 'Local' },
              { value: 'cross_border', label: 'Cross-border' },
            ]}
          />
          {account ? (
            <Text size="sm" c="dimmed">
              An account keeps its kind: to switch, add a new account and remove this one.
            </Text>
          ) : null}
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
            <Stack gap="md">
              <TextInput {...form.field('holder_name')} label="Account holder name" required autoComplete="off" />
              <TextInput {...form.field('bank_name')} label="Bank" required autoComplete="off" />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {crossBorder ? (
                  <Select {...form.field('country')} label="Bank country" data={COUNTRY_OPTIONS} searchable allowDeselect={false} required />
                ) : (
                  <TextInput label="Bank country" value={countryLabel(businessCountry)} readOnly description="A local account is in your business's country" />
                )}
                <Select {...form.field('currency')} label="Currency" data={CURRENCY_OPTIONS} searchable allowDeselect={false} required />
              </SimpleGrid>
              {crossBorder ? (
                <TextInput {...form.field('swift_code')} label="SWIFT/BIC code" description="8 or 11 characters" required autoComplete="off" />
              ) : null}
              {rule?.bankCode || rule?.branchCode ? (
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  {rule.bankCode ? (
                    <TextInput {...form.field('bank_code')} label={rule.bankCode.label} required autoComplete="off" inputMode="numeric" />
                  ) : null}
                  {rule.branchCode ? (
                    <TextInput {...form.field('branch_code')} label={rule.branchCode.label} required autoComplete="off" inputMode="numeric" />
                  ) : null}
                </SimpleGrid>
              ) : null}
              <TextInput
                {...form.field('account_number')}
                label={iban ? 'IBAN' : 'Account number'}
                description={`${keepHint}${numberHint}`}
                required={account === null}
                autoComplete="off"
              />
            </Stack>
          </Paper>
        </Stack>
      </EditForm>
      <ConfirmIdentityModal
        opened={pending !== null}
        onClose={() => {
          setPending(null);
          save.reset();
        }}
        title="Confirm it's you"
        description={`${account ? 'Changing' : 'Adding'} a bank account changes where your money goes. Enter your password to continue.`}
        confirmLabel={account ? 'Save bank account' : 'Add bank account'}
        pending={save.isPending}
        error={reauthError(save.error)}
        onConfirm={confirm}
      />
    </PageFrame>
  );
}
