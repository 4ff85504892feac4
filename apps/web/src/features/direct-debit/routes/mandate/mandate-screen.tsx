import { Alert, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { LoadingScreen } from '@/components/loading-screen';
import { NotFound } from '@/components/status-page';
import { ApiError } from '@/lib/api-client';
import { errorMessage, fieldErrors } from '@/lib/error-message';
import { mandateQuery, useSubmitAccount } from '@/features/direct-debit/api/direct-debit-api';
import { MandateFrame } from '@/features/direct-debit/components/mandate-frame';

/** The bank account of a direct debit (checkout host `/direct-debit/:public_id`): then the bank's page authorises it. */
export function Component() {
  const { public_id: publicId = '' } = useParams();
  const mandate = useQuery(mandateQuery(publicId));
  const submit = useSubmitAccount(publicId);
  const [values, setValues] = useState({ account_holder: '', bank_name: '', account_number: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  if (mandate.isPending) return <LoadingScreen />;
  if (mandate.isError) {
    if (mandate.error instanceof ApiError && (mandate.error.status === 404 || mandate.error.status === 422)) return <NotFound homeHref="/" />;
    return (
      <MandateFrame mandate={null}>
        <Alert color="red" role="alert" title="This page could not be loaded">
          {errorMessage(mandate.error)}
        </Alert>
      </MandateFrame>
    );
  }
  const state = mandate.data;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const missing: Record<string, string> = {};
    if (!values.account_holder.trim()) missing.account_holder = 'Enter the name on the account';
    if (!values.bank_name.trim()) missing.bank_name = 'Enter the name of the bank';
    if (!values.account_number.trim()) missing.account_number = 'Enter the account number: 6 to 17 digits';
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    submit.mutate(values, {
      onSuccess: (answer) => window.location.assign(answer.bank_url),
      onError: (e) => {
        const issues = fieldErrors(e);
        if (Object.keys(issues).length > 0) setErrors(issues);
        else setFailure(errorMessage(e));
      },
    });
  };
  const set = (name: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) => setValues({ ...values, [name]: e.currentTarget.value });

  return (
    <MandateFrame mandate={state}>
      {state.status === 'active' ? (
        <Alert color="green" role="status" title="Direct debit set up">
          <Stack gap="xs">
            <Text size="sm">
              {state.bank_name} account ending {state.account_last4} is set up.
            </Text>
            <Button component="a" href={state.return_url} w="fit-content">
              Continue
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Paper withBorder radius="md" p="md" component="form" onSubmit={onSubmit} noValidate aria-labelledby="dd-title">
          <Stack gap="sm">
            <Title order={1} size="h3" id="dd-title">
              Pay by direct debit
            </Title>
            <Text size="sm" c="dimmed">
              {state.business.name} will collect payments from this bank account. You authorise it on your bank&apos;s page next.
            </Text>
            <TextInput
              label="Name on the account"
              autoComplete="name"
              value={values.account_holder}
              onChange={set('account_holder')}
              error={errors.account_holder}
              required
            />
            <TextInput label="Bank" value={values.bank_name} onChange={set('bank_name')} error={errors.bank_name} required />
            <TextInput
              label="Account number"
              inputMode="numeric"
              autoComplete="off"
              value={values.account_number}
              onChange={set('account_number')}
              error={errors.account_number}
              description="Only the last 4 digits are kept."
              required
            />
            {failure ? (
              <Alert color="red" role="alert" title="Not sent to your bank">
                {failure}
              </Alert>
            ) : null}
            <Button type="submit" loading={submit.isPending}>
              Continue to your bank
            </Button>
          </Stack>
        </Paper>
      )}
    </MandateFrame>
  );
}
