import { useState } from 'react';
import { ActionIcon, Alert, Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { StaffHoursBodySchema, TimeOffBodySchema, WEEKDAYS, type BookingStaff, type WorkingRange } from '@merchant/catalogue';
import { atLocalTime } from '@merchant/core';
import { DateField } from '@/components/date-field';
import { zodIssuesToErrors } from '@/components/form/use-zod-form';
import type { FormErrors } from '@/components/form/form-fields';
import { showErrorsIn } from '@/lib/form-errors';
import { formatBusinessDateTime } from '@/lib/format';
import { notifySuccess } from '@/lib/notify';
import { useAddTimeOff, useRemoveTimeOff, useSaveHours } from '@/features/booking/api/booking-api';

const DAY_LABELS: Record<(typeof WEEKDAYS)[number], string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};
const DAY_OPTIONS = WEEKDAYS.map((d) => ({ value: d, label: DAY_LABELS[d] }));

/** `YYYY-MM-DDTHH:MM` typed in the business's zone as an instant (empty: not a time). */
function instantOf(local: string, zone: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return '';
  return atLocalTime(match[1]!, (Number(match[2]) * 60 + Number(match[3])) * 60_000, zone).toISOString();
}

/** A staff member's weekly hours (several ranges a day) and time off, each saved on its own. */
export function StaffAvailability({ businessId, member, zone, mayChange }: { businessId: string; member: BookingStaff; zone: string; mayChange: boolean }) {
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={`staff-${member.id}`}>
      <Stack gap="md">
        <Title order={3} size="h4" id={`staff-${member.id}`}>
          {member.name}
        </Title>
        <WeeklyHours businessId={businessId} member={member} mayChange={mayChange} />
        <TimeOffList businessId={businessId} member={member} zone={zone} mayChange={mayChange} />
      </Stack>
    </Card>
  );
}

function WeeklyHours({ businessId, member, mayChange }: { businessId: string; member: BookingStaff; mayChange: boolean }) {
  const [ranges, setRanges] = useState<WorkingRange[]>(member.ranges);
  const [errors, setErrors] = useState<FormErrors>({});
  const save = useSaveHours(businessId, member.id);
  const set = (i: number, patch: Partial<WorkingRange>) => setRanges((all) => all.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = StaffHoursBodySchema.safeParse({ ranges });
    if (!parsed.success) return setErrors(zodIssuesToErrors(parsed.error));
    setErrors({});
    save.mutate({ ranges }, { onSuccess: () => notifySuccess(`Hours of ${member.name} saved.`), onError: showErrorsIn(setErrors) });
  };
  return (
    <form onSubmit={submit} noValidate aria-label={`Weekly hours of ${member.name}`}>
      <Stack gap="xs">
        <Text fw={600}>Weekly hours</Text>
        {ranges.length === 0 ? <Text c="dimmed">No hours yet: customers cannot book {member.name}.</Text> : null}
        {ranges.map((r, i) => (
          <Group key={i} gap="xs" align="flex-end" wrap="wrap">
            <Select
              label={`Day of range ${i + 1}`}
              data={DAY_OPTIONS}
              value={r.weekday}
              allowDeselect={false}
              onChange={(v) => v && set(i, { weekday: v as WorkingRange['weekday'] })}
              disabled={!mayChange}
              w={150}
            />
            <TextInput
              type="time"
              label={`From (range ${i + 1})`}
              value={r.start}
              onChange={(e) => set(i, { start: e.currentTarget.value })}
              error={errors[`ranges.${i}.start`]}
              disabled={!mayChange}
              w={130}
            />
            <TextInput
              type="time"
              label={`To (range ${i + 1})`}
              value={r.end}
              onChange={(e) => set(i, { end: e.currentTarget.value })}
              error={errors[`ranges.${i}.end`]}
              disabled={!mayChange}
              w={130}
            />
            {mayChange ? (
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={`Remove range ${i + 1}`}
                onClick={() => setRanges((all) => all.filter((_, j) => j !== i))}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            ) : null}
          </Group>
        ))}
        {errors.ranges || errors.form ? <Alert color="red">{errors.ranges ?? errors.form}</Alert> : null}
        {mayChange ? (
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setRanges((all) => [...all, { weekday: 'monday', start: '09:00', end: '17:00' }])}
            >
              Add hours
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save hours
            </Button>
          </Group>
        ) : null}
      </Stack>
    </form>
  );
}

function TimeOffList({ businessId, member, zone, mayChange }: { businessId: string; member: BookingStaff; zone: string; mayChange: boolean }) {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [fromTime, setFromTime] = useState('00:00');
  const [toTime, setToTime] = useState('23:59');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const add = useAddTimeOff(businessId, member.id);
  const remove = useRemoveTimeOff(businessId, member.id);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body = { from: instantOf(`${from}T${fromTime}`, zone), to: instantOf(`${to}T${toTime}`, zone), reason };
    const parsed = TimeOffBodySchema.safeParse(body);
    if (!parsed.success) return setErrors(zodIssuesToErrors(parsed.error));
    setErrors({});
    add.mutate(body, {
      onSuccess: () => {
        notifySuccess(`Time off added for ${member.name}.`);
        setFrom('');
        setTo('');
        setReason('');
      },
      onError: showErrorsIn(setErrors),
    });
  };
  return (
    <Stack gap="xs">
      <Text fw={600}>Time off</Text>
      {member.time_off.length === 0 ? <Text c="dimmed">No time off coming up.</Text> : null}
      <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {member.time_off.map((o) => (
          <Group key={o.id} component="li" gap="xs" justify="space-between" wrap="nowrap">
            <Text size="sm" style={{ wordBreak: 'break-word' }}>
              {formatBusinessDateTime(o.from, zone)} – {formatBusinessDateTime(o.to, zone)}
              {o.reason ? ` · ${o.reason}` : ''}
            </Text>
            {mayChange ? (
              <Button
                variant="subtle"
                color="red"
                size="compact-sm"
                onClick={() => remove.mutate(o.id)}
                aria-label={`Remove time off from ${formatBusinessDateTime(o.from, zone)}`}
              >
                Remove
              </Button>
            ) : null}
          </Group>
        ))}
      </Stack>
      {mayChange ? (
        <form onSubmit={submit} noValidate aria-label={`Add time off for ${member.name}`}>
          <Group gap="xs" align="flex-end" wrap="wrap">
            <DateField label="Time off from" value={from} onChange={setFrom} error={errors.from} required w={170} />
            <TextInput type="time" label="At" value={fromTime} onChange={(e) => setFromTime(e.currentTarget.value)} w={120} />
            <DateField label="Until" value={to} onChange={setTo} error={errors.to} required w={170} />
            <TextInput type="time" label="Until time" value={toTime} onChange={(e) => setToTime(e.currentTarget.value)} w={120} />
            <TextInput label="Reason" value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={errors.reason} w={200} />
            <Button type="submit" variant="default" loading={add.isPending}>
              Add time off
            </Button>
          </Group>
        </form>
      ) : null}
    </Stack>
  );
}
