import { useCallback, useState } from 'react';
import type { MoneyFieldProps } from './use-zod-form';

export interface MoneyField {
  /** Integer minor units, or null while the field is empty or not an amount yet. */
  amount: number | null;
  setAmount: (amount: number | null) => void;
  error: string | undefined;
  setError: (error: string | undefined) => void;
  /** Props for its `MoneyInput` in that currency; typing clears the error. */
  input: (currency: string, name?: string) => MoneyFieldProps;
}

/**
 * One amount of a dialog that has no schema form (record a payment, pay out part of a balance): the same
 * minor-unit value and error a `useZodForm` form keeps with `form.money(path, currency)`.
 */
export function useMoneyField(initial: number | null = null): MoneyField {
  const [amount, setAmount] = useState<number | null>(initial);
  const [error, setError] = useState<string | undefined>();
  const input = useCallback(
    (currency: string, name = 'amount'): MoneyFieldProps => ({
      name,
      currency,
      value: amount,
      error,
      onChange: (next) => {
        setAmount(next);
        setError(undefined);
      },
    }),
    [amount, error],
  );
  return { amount, setAmount, error, setError, input };
}
