import { useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { Text, TextInput, type TextInputProps } from '@mantine/core';
import { amountAllowsDot, cleanAmount, currencyDecimals, isAllowedAmountKey, isPasteAllowed, minorToMajorString, parseMajorToMinor } from '@merchant/core';

export interface MoneyInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'defaultValue'> {
  /** Lower-case ISO code: the number of decimals the field accepts and shows comes from it. */
  currency: string;
  /** The amount in minor units (cents), or null when the field is empty or not a full amount yet. */
  value: number | null;
  onChange: (amountMinor: number | null) => void;
}

/** Keeps at most the currency's decimals after the dot (the rules of `cleanAmount` do the rest). */
function clip(text: string, currency: string): string {
  const cleaned = cleanAmount(text, { allowDot: amountAllowsDot(currency) });
  const dot = cleaned.indexOf('.');
  return dot === -1 ? cleaned : cleaned.slice(0, dot + 1 + currencyDecimals(currency));
}

/**
 * The suffix's box: its code's width plus room on both sides, so the border never cuts it (Mantine's default is a
 * square as tall as the field, narrower than "SGD" with its padding). The input's own padding follows it.
 */
const suffixWidth = (currency: string) => `calc(${currency.length}ch + 1.5rem)`;

const shown = (value: number | null, currency: string) => (value === null ? '' : minorToMajorString(value, currency));

/**
 * An amount field: the person types major units ("12.50"), the form holds integer minor units (1250).
 * Only digits and, for currencies with decimals, one dot with at most that many decimals get in, by key or
 * by paste; on leaving the field the amount is shown with all its decimals ("12.5" becomes "12.50").
 */
export function MoneyInput({ currency, value, onChange, onBlur, ...props }: MoneyInputProps) {
  const [text, setText] = useState(() => shown(value, currency));
  // A value set from outside (a reset form, another currency) replaces what is shown.
  const [last, setLast] = useState({ value, currency });
  if (last.value !== value || last.currency !== currency) {
    setLast({ value, currency });
    if (parseMajorToMinor(text, currency) !== value || last.currency !== currency) setText(shown(value, currency));
  }

  const change = (next: string) => {
    const clipped = clip(next, currency);
    setText(clipped);
    const amount = parseMajorToMinor(clipped, currency);
    setLast({ value: amount, currency });
    onChange(amount);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.ctrlKey || event.metaKey) return;
    if (!isAllowedAmountKey(event.key, { allowDot: amountAllowsDot(currency) && !text.includes('.') })) event.preventDefault();
  };
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text');
    // A number with more decimals than the currency has ("1500.5" yen) is refused rather than misread.
    if (!isPasteAllowed(pasted) || parseMajorToMinor(pasted, currency) === null) event.preventDefault();
  };

  return (
    <TextInput
      {...props}
      inputMode={currencyDecimals(currency) === 0 ? 'numeric' : 'decimal'}
      autoComplete="off"
      rightSection={
        <Text component="span" size="sm" c="dimmed" aria-hidden style={{ whiteSpace: 'nowrap' }} data-currency-suffix>
          {currency.toUpperCase()}
        </Text>
      }
      rightSectionWidth={suffixWidth(currency)}
      rightSectionPointerEvents="none"
      value={text}
      onChange={(event) => change(event.currentTarget.value)}
      onKeyDown={onKeyDown}
      onPaste={onPaste}
      onBlur={(event) => {
        const amount = parseMajorToMinor(text, currency);
        setText(shown(amount, currency));
        onBlur?.(event);
      }}
    />
  );
}
