import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { addDays, formatNumber, localDate } from '@merchant/core';
import { ResendPeriodBodySchema, WEBHOOK_RESEND_PERIOD_LIMIT, type ResendPeriodResult } from '@merchant/payments';
import { DateField } from '@/components/date-field';
import { useFormFields } from '@/components/form/form-fields';
import { zodIssuesToErrors } from '@/components/form/use-zod-form';
import { showErrorsIn } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { useResendPeriod } from '@/features/developers/api/webhooks-api';

const count = (n: number) => `${formatNumber(n)} ${n === 1 ? 'delivery' : 'deliveries'}`;

/**
 * "Resend a period" of an endpoint's delivery log (docs/developers.md, "Event webhooks"): the period's start and end
 * (a day and a time each, in the business's zone) and whether only failed deliveries go. The dialog says what will be
 * sent before the person confirms; the answer says how many were queued, and when the cap left some, where to go on
 * (the next start is filled in).
 */
export function ResendPeriodDialog({
  businessId,
  endpointId,
  url,
  timeZone,
  opened,
  onClose,
}: {
  businessId: string;
  endpointId: string;
  url: string;
  timeZone: string;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Resend a period" centered size="lg">
      {opened ? <ResendPeriodForm businessId={businessId} endpointId={endpointId} url={url} timeZone={timeZone} onClose={onClose} /> : null}
    </Modal>
  );
}

function ResendPeriodForm({
  businessId,
  endpointId,
  url,
  timeZone,
  onClose,
}: {
  businessId: string;
  endpointId: string;
  url: string;
  timeZone: string;
  onClose: () => void;
}) {
  const today = localDate(Date.now(), timeZone);
  const form = useFormFields({ from_day: today, from_time: '00:00', to_day: addDays(today, 1), to_time: '00:00', only_failed: false });
  const { values, errors, setErrors, setValues } = form;
  const [capped, setCapped] = useState<ResendPeriodResult | null>(null);
  const resend = useResendPeriod(businessId, endpointId);
  const body = { from: `${values.from_day}T${values.from_time}`, to: `${values.to_day}T${values.to_time}`, only_failed: values.only_failed };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = ResendPeriodBodySchema.safeParse(body);
    if (!parsed.success) {
      // The period's errors land on the day fields (the time beside each has its own format already).
      const issues = zodIssuesToErrors(parsed.error);
      return setErrors({ ...(issues.from ? { from_day: issues.from } : {}), ...(issues.to ? { to_day: issues.to } : {}) });
    }
    resend.mutate(body, {
      onSuccess: (answer) => {
        notifySuccess(answer.queued === 0 ? 'No delivery of that period to send again.' : `${count(answer.queued)} queued again.`);
        if (answer.capped && answer.next_from) {
          setCapped(answer);
          setValues((v) => ({ ...v, from_day: answer.next_from!.slice(0, 10), from_time: answer.next_from!.slice(11, 16) }));
        } else onClose();
      },
      onError: showErrorsIn((found) => setErrors({ ...(found.from ? { from_day: found.from } : {}), ...(found.to ? { to_day: found.to } : {}), ...found })),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          Every {values.only_failed ? 'failed ' : ''}delivery made in this period is sent again to{' '}
          <Text span fw={600} style={{ wordBreak: 'break-word' }}>
            {url}
          </Text>
          , the oldest first, with the same body and delivery id (at most {formatNumber(WEBHOOK_RESEND_PERIOD_LIMIT)} at a time). Deliveries still waiting or
          retrying are left as they are.
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <DateField
            name="from_day"
            label="From day"
            description={`In ${timeZone}`}
            required
            value={values.from_day}
            error={errors.from_day}
            onChange={(from_day) => setValues((v) => ({ ...v, from_day }))}
          />
          <TextInput type="time" label="From time" description="Included" required {...form.field('from_time')} />
          <DateField
            name="to_day"
            label="To day"
            description={`In ${timeZone}`}
            required
            value={values.to_day}
            error={errors.to_day}
            onChange={(to_day) => setValues((v) => ({ ...v, to_day }))}
          />
          <TextInput type="time" label="To time" description="Left out" required {...form.field('to_time')} />
        </SimpleGrid>
        <Checkbox
          label="Only failed deliveries"
          description="Leave out the deliveries that succeeded"
          checked={values.only_failed}
          onChange={(e) => {
            const only_failed = e.currentTarget.checked;
            setValues((v) => ({ ...v, only_failed }));
          }}
        />
        {capped ? (
          <Alert color="yellow" title={`${count(capped.queued)} queued: more are left`}>
            The period holds more than {formatNumber(WEBHOOK_RESEND_PERIOD_LIMIT)} deliveries. The start is now the first one left: resend again to send the
            rest.
          </Alert>
        ) : null}
        {errors.form ? <Alert color="red">{errors.form}</Alert> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {capped ? 'Close' : 'Cancel'}
          </Button>
          <Button type="submit" loading={resend.isPending}>
            Resend deliveries
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
