import { useState, type FocusEvent, type KeyboardEvent } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { CalendarDateSchema, DISPLAY_DATE_MESSAGE, formatDate, parseDisplayDate } from '@merchant/core';

export interface DateFieldProps extends Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange' | 'type'> {
  /** The day, ISO `YYYY-MM-DD`; '' (or null) for none. */
  value: string | null | undefined;
  /** The ISO day the text names, or '' while it is empty or names no day. */
  onChange: (value: string) => void;
}

/** What the field shows for a value: the product's way ("28 Nov 2026"), or the raw text of a value that is no day. */
const shown = (value: string) => (CalendarDateSchema.safeParse(value).success ? formatDate(value) : value);

/**
 * The one date input of the app (lint refuses `type="date"` in features): a text field that shows days the way the
 * product writes them ("28 Nov 2026", packages/core `formatDate`) whatever the browser's locale, and accepts what
 * people type ("28 Nov 2026", "28/11/2026", "2026-11-28": `parseDisplayDate`). The form or the URL holds the ISO day;
 * text that names no day holds none, and says so when the person leaves the field.
 */
export function DateField({ value, onChange, error, onBlur, onKeyDown, placeholder = 'e.g. 28 Nov 2026', autoComplete = 'off', ...rest }: DateFieldProps) {
  const current = value ?? '';
  const [text, setText] = useState(() => shown(current));
  const [invalid, setInvalid] = useState(false);
  // The value last seen: one set from outside (cleared filters, a reset form) replaces the text; one this field
  // yielded leaves the text as typed until the person leaves the field.
  const [seen, setSeen] = useState(current);
  if (current !== seen) {
    setSeen(current);
    setText(shown(current));
    setInvalid(false);
  }

  const yieldDay = (day: string) => {
    setSeen(day);
    if (day !== current) onChange(day);
  };

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
      rightSection={<IconCalendar size={16} aria-hidden />}
      rightSectionPointerEvents="none"
      value={text}
      error={invalid ? DISPLAY_DATE_MESSAGE : error}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        setInvalid(false);
        yieldDay(next.trim() === '' ? '' : (parseDisplayDate(next) ?? ''));
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
