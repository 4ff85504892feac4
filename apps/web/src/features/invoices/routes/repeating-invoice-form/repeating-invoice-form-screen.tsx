import { formatDate, formatZone } from '@merchant/core';
import { Paper, Radio, Select, SimpleGrid, Stack, Text, Title, Group } from '@mantine/core';
import { NumberField } from '@/components/form/number-field';
import { SwitchRow, ChoiceRow } from '@/components/form/switch-row';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  REPEAT_FREQUENCIES,
  REPEAT_FREQUENCY_LABELS,
  RepeatingInvoiceBodySchema,
  scheduleLabel,
  upcomingRuns,
  type RepeatFrequency,
  type RepeatingInvoiceDetail,
} from '@merchant/payments';
import { href } from '@/app/route-table';
import { useZodForm } from '@/components/form/use-zod-form';
import { DateField } from '@/components/date-field';
import { LoadingScreen } from '@/components/loading-screen';
import { PageFrame } from '@/components/page-frame';
import { QueryPage } from '@/components/query-status';
import { EditForm } from '@/components/sub-header-bar/edit-form';
import { notifySuccess } from '@/lib/notify';
import { businessToday } from '@/lib/format';
import { useBusiness } from '@/lib/session';
import { repeatingInvoiceQuery, useSaveRepeatingInvoice } from '@/features/invoices/api/repeating-invoices-api';
import { contentSetters, contentValuesOf, InvoiceContentFields, type ContentValues } from '@/features/invoices/components/invoice-content-fields';

type ScheduleValues = {
  due_days: number | null;
  frequency: RepeatFrequency;
  interval_days: number | null;
  start_date: string;
  end_date: string;
  max_count: number | null;
  auto_send: boolean;
};
type RepeatingValues = ContentValues & ScheduleValues;
type Ends = 'never' | 'on_date' | 'after_count';

const FREQUENCY_OPTIONS = REPEAT_FREQUENCIES.map((f) => ({ value: f, label: REPEAT_FREQUENCY_LABELS[f] }));
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A new schedule starts on the business's today (in its time zone). */
function valuesOf(saved: RepeatingInvoiceDetail | undefined, currency: string, zone: string): RepeatingValues {
  return {
    ...contentValuesOf(saved, currency),
    due_days: saved?.due_days ?? 14,
    frequency: saved?.frequency ?? 'monthly',
    interval_days: saved?.interval_days ?? null,
    start_date: saved?.start_date ?? businessToday(zone),
    end_date: saved?.end_date ?? '',
    max_count: saved?.max_count ?? null,
    auto_send: saved?.auto_send ?? false,
  };
}

/** Create (no id in the path) and edit of a repeating invoice: the template invoice and its schedule. */
export function Component() {
  const { business_id: businessId = '', invoice: id } = useParams();
  const business = useBusiness(businessId);
  const saved = useQuery({ ...repeatingInvoiceQuery(businessId, id ?? ''), enabled: id !== undefined });
  if (!business.data) return <LoadingScreen />;
  const title = id ? 'Edit repeating invoice' : 'Create repeating invoice';
  if (id && !saved.data) {
    return <QueryPage title={title} query={saved} loadingLabel="Loading the repeating invoice" />;
  }
  return (
    <PageFrame
      title={title}
      description={`Each run makes an invoice from this template, issued on the run date (its day in ${formatZone(business.data.time_zone)}), numbered like any invoice.`}
    >
      <RepeatingForm
        key={saved.data?.id ?? 'new'}
        businessId={businessId}
        saved={saved.data}
        defaultCurrency={business.data.currency}
        zone={business.data.time_zone}
      />
    </PageFrame>
  );
}

function RepeatingForm({
  businessId,
  saved,
  defaultCurrency,
  zone,
}: {
  businessId: string;
  saved: RepeatingInvoiceDetail | undefined;
  defaultCurrency: string;
  zone: string;
}) {
  const navigate = useNavigate();
  const initial = useMemo(() => valuesOf(saved, defaultCurrency, zone), [saved, defaultCurrency, zone]);
  const form = useZodForm(RepeatingInvoiceBodySchema, initial);
  const save = useSaveRepeatingInvoice(businessId, saved?.id);
  const { values, errors } = form;
  const { set } = contentSetters(form);
  const [ends, setEnds] = useState<Ends>(saved?.end_date ? 'on_date' : saved?.max_count ? 'after_count' : 'never');
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);

  const chooseEnds = (next: Ends) => {
    setEnds(next);
    form.setValues((p) => ({ ...p, end_date: next === 'on_date' ? p.end_date : '', max_count: next === 'after_count' ? p.max_count : null }));
    form.setErrors({});
  };

  const schedule = { frequency: values.frequency, interval_days: values.interval_days, start_date: values.start_date };
  const previewable = DATE.test(values.start_date) && (values.frequency !== 'days' || (values.interval_days ?? 0) >= 1);
  const preview = previewable
    ? upcomingRuns({ ...schedule, end_date: DATE.test(values.end_date) ? values.end_date : null, max_count: values.max_count }, 0, 0, 3)
    : [];

  const submit = form.onSubmit((body) =>
    save.mutate(body, {
      onSuccess: (result) => {
        notifySuccess(saved ? 'Repeating invoice saved.' : 'Repeating invoice created.');
        void navigate(href('payments.invoices-repeating-detail', { business_id: businessId, invoice: result.id }));
      },
      onError: form.handleServerError,
    }),
  );

  const list = href('payments.invoices-repeating', { business_id: businessId });
  const scheduleSection = (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="repeating-schedule">
      <Stack gap="md">
        <Title order={2} size="h4" id="repeating-schedule">
          Schedule
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Select
            label="Repeats"
            data={FREQUENCY_OPTIONS}
            value={values.frequency}
            onChange={(v) => set('frequency', (v ?? 'monthly') as RepeatFrequency)}
            allowDeselect={false}
            error={errors.frequency}
            name="frequency"
            required
          />
          {values.frequency === 'days' ? <NumberField {...form.number('interval_days')} label="Every how many days" min={1} required /> : null}
          <DateField
            label="First invoice on"
            value={values.start_date}
            onChange={(day) => set('start_date', day)}
            error={errors.start_date}
            name="start_date"
            required
          />
          <NumberField {...form.number('due_days')} label="Due after (days)" description="0: due on receipt" min={0} required />
        </SimpleGrid>
        <Radio.Group label="Ends" value={ends} onChange={(v) => chooseEnds(v as Ends)}>
          <Group gap="lg" mt={4}>
            <ChoiceRow value="never" label="Never (until stopped)" />
            <ChoiceRow value="on_date" label="On a date" />
            <ChoiceRow value="after_count" label="After a number of invoices" />
          </Group>
        </Radio.Group>
        {ends === 'on_date' ? (
          <DateField
            label="Last possible invoice date"
            value={values.end_date}
            onChange={(day) => set('end_date', day)}
            error={errors.end_date}
            name="end_date"
            maw={260}
            required
          />
        ) : null}
        {ends === 'after_count' ? <NumberField {...form.number('max_count')} label="Number of invoices" min={1} maw={260} required /> : null}
        <SwitchRow
          label="Send each invoice automatically"
          description="Mails the customer each invoice as it is made; otherwise it waits as a draft for you to send"
          checked={values.auto_send}
          onChange={(e) => set('auto_send', e.currentTarget.checked)}
        />
        {previewable ? (
          <Text size="sm" aria-live="polite">
            {scheduleLabel(schedule)}. {preview.length > 0 ? `First invoices: ${preview.map(formatDate).join(', ')}.` : 'No invoice falls within the end.'}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );

  return (
    <EditForm dirty={dirty} saving={save.isPending} onSave={submit} backTo={list} saveLabel={saved ? 'Save' : 'Create'}>
      <Stack gap="md" maw={960}>
        <InvoiceContentFields businessId={businessId} form={form} customer={saved?.customer} customerTitle="Customer" between={scheduleSection} />
      </Stack>
    </EditForm>
  );
}
