import { NumberInput, type NumberInputProps } from '@mantine/core';

export interface NumberFieldProps extends Omit<NumberInputProps, 'value' | 'onChange' | 'defaultValue' | 'decimalScale' | 'allowDecimal'> {
  /** The number, or null while the field is empty. */
  value: number | null;
  onChange: (value: number | null) => void;
  /** Digits after the dot the field takes (0, the default: a whole number). */
  decimals?: number;
}

/**
 * A count, a number of days or a percentage: never money (an amount is a `MoneyInput`, which holds integer minor
 * units of its currency). The form gets a number or null (empty or not a number yet), never Mantine's text.
 */
export function NumberField({ value, onChange, decimals = 0, ...props }: NumberFieldProps) {
  return (
    <NumberInput
      {...props}
      value={value ?? ''}
      allowDecimal={decimals > 0}
      {...(decimals > 0 ? { decimalScale: decimals } : {})}
      onChange={(next) => onChange(typeof next === 'number' && Number.isFinite(next) ? next : null)}
    />
  );
}
