import { Paper, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { StaticQrBodySchema, type StaticQr } from '@merchant/payments';
import { href } from '@/app/route-table';
import { useZodForm } from '@/components/form/use-zod-form';
import { LoadingScreen } from '@/components/loading-screen';
import { PageFrame } from '@/components/page-frame';
import { QueryPage } from '@/components/query-status';
import { SourceAmountFields } from '@/components/source-amount-fields';
import { EditForm } from '@/components/sub-header-bar/edit-form';
import { notifySuccess } from '@/lib/notify';
import { useBusiness } from '@/lib/session';
import { qrQuery, useSaveQr } from '@/features/static-qr-codes/api/static-qr-api';

type QrFormValues = {
  amountMode: 'fixed' | 'customer';
  name: string;
  amount: number | null;
  currency: string;
  location_label: string;
};

/** Create (no id in the path) and edit of a static QR code. */
export function Component() {
  const { business_id: businessId = '', static_qr_code_id: id } = useParams();
  const business = useBusiness(businessId);
  const qr = useQuery({ ...qrQuery(businessId, id ?? ''), enabled: id !== undefined });
  if (!business.data) return <LoadingScreen />;
  const title = id ? 'Edit static QR code' : 'Create static QR code';
  if (id && !qr.data) {
    return <QueryPage title={title} query={qr} loadingLabel="Loading the QR code" />;
  }
  return (
    <PageFrame
      title={title}
      description={id ? 'Printed copies keep working: the code itself does not change.' : 'Customers scan it and pay by card, PayNow or e-wallet.'}
    >
      <QrForm key={qr.data?.id ?? 'new'} businessId={businessId} qr={qr.data} defaultCurrency={business.data.currency} />
    </PageFrame>
  );
}

function QrForm({ businessId, qr, defaultCurrency }: { businessId: string; qr: StaticQr | undefined; defaultCurrency: string }) {
  const navigate = useNavigate();
  const initial = useMemo<QrFormValues>(
    () => ({
      amountMode: qr && qr.amount === null ? 'customer' : 'fixed',
      name: qr?.name ?? '',
      amount: qr?.amount ?? null,
      currency: qr?.currency ?? defaultCurrency,
      location_label: qr?.location_label ?? '',
    }),
    [qr, defaultCurrency],
  );
  const form = useZodForm(StaticQrBodySchema, initial);
  const save = useSaveQr(businessId, qr?.id);
  const { values, setValues } = form;
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  const fixed = values.amountMode === 'fixed';

  const submitValid = form.onSubmit((body) =>
    save.mutate(body, {
      onSuccess: (saved) => {
        notifySuccess(qr ? 'QR code saved.' : 'QR code created.');
        void navigate(href('payments.static-qr-detail', { business_id: businessId, static_qr_code_id: saved.id }));
      },
      onError: form.handleServerError,
    }),
  );
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (fixed && values.amount === null) {
      form.setErrors({ amount: 'Enter an amount' });
      return;
    }
    submitValid(event);
  };

  return (
    <EditForm
      dirty={dirty}
      saving={save.isPending}
      onSave={submit}
      backTo={href('payments.static-qr', { business_id: businessId })}
      saveLabel={qr ? 'Save' : 'Create QR code'}
    >
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={640}>
        <Stack gap="md">
          <TextInput {...form.field('name')} label="Name" description="For you and on the checkout page, e.g. Front counter" required autoFocus={!qr} />
          <TextInput {...form.field('location_label')} label="Location (optional)" description="Printed under the code" />
          <SourceAmountFields
            value={values}
            onChange={(patch) => setValues((p) => ({ ...p, ...patch }))}
            errors={{ amount: form.errors.amount, currency: form.errors.currency }}
          />
        </Stack>
      </Paper>
    </EditForm>
  );
}
