import { Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { InvoiceBodySchema, type InvoiceDetail } from '@merchant/payments';
import { href } from '@/app/route-table';
import { useZodForm } from '@/components/form/use-zod-form';
import { DateField } from '@/components/date-field';
import { LoadingScreen } from '@/components/loading-screen';
import { PageFrame } from '@/components/page-frame';
import { QueryPage } from '@/components/query-status';
import { EditForm } from '@/components/sub-header-bar/edit-form';
import { businessToday } from '@/lib/format';
import { notifySuccess } from '@/lib/notify';
import { useBusiness } from '@/lib/session';
import { invoiceQuery, useSaveInvoice } from '@/features/invoices/api/invoices-api';
import { contentSetters, contentValuesOf, InvoiceContentFields, type ContentValues } from '@/features/invoices/components/invoice-content-fields';

type InvoiceValues = ContentValues & { issue_date: string; due_date: string };

/** A new invoice is issued on the business's today (in its time zone, not the viewer's) and due 14 days later. */
function valuesOf(invoice: InvoiceDetail | undefined, currency: string, zone: string): InvoiceValues {
  return {
    ...contentValuesOf(invoice, currency),
    issue_date: invoice?.issue_date ?? businessToday(zone),
    due_date: invoice?.due_date ?? businessToday(zone, 14),
  };
}

/** Create (no invoice in the path) and edit of an invoice: drafts save without sending. */
export function Component() {
  const { business_id: businessId = '', invoice: invoiceId } = useParams();
  const business = useBusiness(businessId);
  const invoice = useQuery({ ...invoiceQuery(businessId, invoiceId ?? ''), enabled: invoiceId !== undefined });
  if (!business.data) return <LoadingScreen />;
  const title = invoiceId ? `Edit ${invoice.data?.number ?? 'invoice'}` : 'Create invoice';
  if (invoiceId && !invoice.data) {
    return <QueryPage title={title} query={invoice} loadingLabel="Loading the invoice" />;
  }
  return (
    <PageFrame title={title} description="Saving keeps the invoice as it is: send it from its page when it is ready.">
      <InvoiceForm
        key={invoice.data?.id ?? 'new'}
        businessId={businessId}
        invoice={invoice.data}
        defaultCurrency={business.data.currency}
        zone={business.data.time_zone}
      />
    </PageFrame>
  );
}

function InvoiceForm({
  businessId,
  invoice,
  defaultCurrency,
  zone,
}: {
  businessId: string;
  invoice: InvoiceDetail | undefined;
  defaultCurrency: string;
  zone: string;
}) {
  const navigate = useNavigate();
  const initial = useMemo(() => valuesOf(invoice, defaultCurrency, zone), [invoice, defaultCurrency, zone]);
  const form = useZodForm(InvoiceBodySchema, initial);
  const save = useSaveInvoice(businessId, invoice?.id);
  const { values, errors } = form;
  const { set } = contentSetters(form);
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);

  const submit = form.onSubmit((body) =>
    save.mutate(body, {
      onSuccess: (saved) => {
        notifySuccess(invoice ? `${saved.number} saved.` : `${saved.number} saved as a draft.`);
        void navigate(href('payments.invoices-detail', { business_id: businessId, invoice: saved.id }));
      },
      onError: form.handleServerError,
    }),
  );

  const list = href('payments.invoices', { business_id: businessId });
  return (
    <EditForm dirty={dirty} saving={save.isPending} onSave={submit} backTo={list} saveLabel={invoice ? 'Save' : 'Save draft'}>
      <Stack gap="md" maw={960}>
        <InvoiceContentFields
          businessId={businessId}
          form={form}
          customer={invoice?.customer}
          customerTitle="Customer and dates"
          customerExtra={
            <>
              <DateField label="Issue date" value={values.issue_date} onChange={(day) => set('issue_date', day)} error={errors.issue_date} required />
              <DateField label="Due date" value={values.due_date} onChange={(day) => set('due_date', day)} error={errors.due_date} required />
            </>
          }
        />
      </Stack>
    </EditForm>
  );
}
