import { Checkbox, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { WEEKDAYS, type Weekday } from '@merchant/catalogue';

/** A day's hours, or null when closed. */
export type DayHours = { opens: string; closes: string } | null;
export type WeeklyHours = Record<Weekday, DayHours>;

const DAY_NAMES: Record<Weekday, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

/** A saved week's hours, or (nothing saved) every day but Sunday open with `day`'s hours. */
export function weeklyHoursOf(saved: Partial<Record<Weekday, DayHours>> | undefined, day: { opens: string; closes: string }): WeeklyHours {
  return Object.fromEntries(WEEKDAYS.map((d) => [d, saved ? (saved[d] ?? null) : d === 'sunday' ? null : day])) as WeeklyHours;
}

/**
 * A week of opening hours as its own section: a tick per day that is open and its two times. `field` is the path of
 * the hours in the form (for the inputs' names and the server's field errors, `<field>.<day>.opens`); `onDay` gets a
 * day's new hours (the form clears that day's errors).
 */
export function OpeningHoursFields(props: {
  id: string;
  title: string;
  hint: string;
  field: string;
  value: WeeklyHours;
  errors: Record<string, string | undefined>;
  newDay: { opens: string; closes: string };
  onDay: (day: Weekday, hours: DayHours) => void;
}) {
  const { id, title, hint, field, value, errors, newDay, onDay } = props;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
        {WEEKDAYS.map((day) => {
          const hours = value[day];
          const name = DAY_NAMES[day];
          return (
            <Group key={day} gap="sm" align="flex-start" wrap="wrap">
              <Checkbox
                label={name}
                checked={hours !== null}
                onChange={(e) => onDay(day, e.currentTarget.checked ? newDay : null)}
                w={{ base: '100%', sm: 130 }}
                mt={8}
              />
              {hours ? (
                <>
                  <TextInput
                    type="time"
                    name={`${field}.${day}.opens`}
                    aria-label={`${name} opens`}
                    value={hours.opens}
                    onChange={(e) => onDay(day, { ...hours, opens: e.currentTarget.value })}
                    error={errors[`${field}.${day}.opens`]}
                    w={130}
                  />
                  <TextInput
                    type="time"
                    name={`${field}.${day}.closes`}
                    aria-label={`${name} closes`}
                    value={hours.closes}
                    onChange={(e) => onDay(day, { ...hours, closes: e.currentTarget.value })}
                    error={errors[`${field}.${day}.closes`]}
                    w={130}
                  />
                </>
              ) : (
                <Text size="sm" c="dimmed" mt={8}>
                  Closed
                </Text>
              )}
            </Group>
          );
        })}
      </Stack>
    </Paper>
  );
}
