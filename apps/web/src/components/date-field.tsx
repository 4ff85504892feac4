import { useState, type FocusEvent, type KeyboardEvent } from 'react';
import { ActionIcon, Popover, TextInput, type TextInputProps } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { CalendarDateSchema, DISPLAY_DATE_MESSAGE, formatDate, localDate, parseDisplayDate } from '@merchant/core';
import { businessQuery } from '@/lib/session';
import { MonthCalendar } from './month-calendar';

export interface DateFieldProps extends Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange' | 'type'> {
  /** The day, ISO `YYYY-MM-DD`; '' (or null) for none. */
  value: string | null | undefined;
  /** The ISO day the text names, or '' while it is empty or names no day. */
  onChange: (value: string) => void;
}

/**
 * The format the field reads, as its placeholder: short enough to stay whole beside the calendar button in a field half
 * a phone wide (the range filters; "e.g. 28 Nov 2026" was cut to "e.g. 28 No").
 */
export const DATE_PLACEHOLDER = 'DD Mon YYYY';

/** The ISO day a text names, or '' for blank text or text that names no day. */
const dayOf = (text: string) => (text.trim() === '' ? '' : (parseDisplayDate(text) ?? ''));

/** What the field shows for a value: the product's way ("28 Nov 2026"), or the raw text of a value that is no day. */
const shown = (value: string) => (CalendarDateSchema.safeParse(value).success ? formatDate(value) : value);

/** Today in the business's time zone (the business of the screen's address; UTC outside a business). */
function useBusinessToday(): string {
  const { business_id: businessId = '' } = useParams();
  const business = useQuery({ ...businessQuery(businessId), enabled: businessId !== '' });
  return localDate(Date.now(), business.data?.time_zone ?? 'UTC');
}

/**
 * The one date input of the app (lint refuses `type="date"` in features): a text field that shows days the way the
 * product writes them ("28 Nov 2026", packages/core `formatDate`) whatever the browser's locale, and accepts what
 * people type ("28 Nov 2026", "28/11/2026", "2026-11-28": `parseDisplayDate`). The form or the URL holds the ISO day;
 * text that names no day holds none, and says so when the person leaves the field. The button beside it opens a month
 * to pick from (`MonthCalendar`: a button per day, arrow keys), at the chosen day or the business's today.
 */
export function DateField({ value, onChange, error, onBlur, onKeyDown, placeholder = DATE_PLACEHOLDER, autoComplete = 'off', ...rest }: DateFieldProps) {
  const current = value ?? '';
  const today = useBusinessToday();
  const [calendar, setCalendar] = useState(false);
  const [text, setText] = useState(() => shown(current));
  const [invalid, setInvalid] = useState(false);
  // A value that changes to a day other than the one the text names was set from outside (cleared filters, a reset
  // form): it replaces the text. One that follows the text (this field's own answer, however late the URL or the
  // form applies it) leaves the text as typed until the person leaves the field.
  const [seen, setSeen] = useState(current);
  if (current !== seen) {
    setSeen(current);
    if (current !== dayOf(text)) {
      setText(shown(current));
      setInvalid(false);
    }
  }

  /** On leaving (or Enter): the day written the product's way, or the message when the text names none. */
  const settle = () => {
    if (text.trim() === '') return;
    const day = parseDisplayDate(text);
    if (day) setText(formatDate(day));
    else setInvalid(true);
  };

  return (
    <TextInput
      {...rest}
      type="text"
      inputMode="text"
      autoComplete={autoComplete}
      placeholder={placeholder}
      rightSectionPointerEvents="all"
      rightSectionWidth={32}
      rightSection={
        <Popover opened={calendar} onChange={setCalendar} position="bottom-end" trapFocus returnFocus shadow="md" withinPortal>
          <Popover.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              onClick={() => setCalendar((open) => !open)}
              aria-label={typeof rest.label === 'string' ? `Calendar for ${rest.label}` : 'Calendar'}
              disabled={rest.disabled || rest.readOnly}
            >
              <IconCalendar size={16} aria-hidden />
            </ActionIcon>
          </Popover.Target>
          <Popover.Dropdown p="xs">
            <MonthCalendar
              value={CalendarDateSchema.safeParse(current).success ? current : ''}
              today={today}
              onPick={(day) => {
                setCalendar(false);
                setText(formatDate(day));
                setInvalid(false);
                if (day !== current) onChange(day);
              }}
            />
          </Popover.Dropdown>
        </Popover>
      }
      value={text}
      error={invalid ? DISPLAY_DATE_MESSAGE : error}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        setInvalid(false);
        const day = dayOf(next);
        if (day !== current) onChange(day);
      }}
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        settle();
        onBlur?.(event);
      }}
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
        if (event.key === 'Enter') settle();
        onKeyDown?.(event);
      }}
    />
  );
}
