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

/** The ISO day a text names, or '' for blank text or text that names no day. */
const dayOf = (text: string) => (text.trim() === '' ? '' : (parseDisplayDate(text) ?? ''));

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
      rightSection={<IconCalendar size={16} aria-hidden />}
      rightSectionPointerEvents="none"
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
