import { Group, TextInput } from '@mantine/core';
import { spaced } from '@/components/checkout-frame';

export interface CardValues {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}
export const EMPTY_CARD: CardValues = { number: '', expiry: '', cvc: '', name: '' };

/** "MMYY" digits as "MM/YY" while typing. */
function expiryShown(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** The expiry as the confirm call takes it, or null while it is not a full MM/YY. */
export function parseExpiry(value: string): { exp_month: number; exp_year: number } | null {
  const match = /^(\d{2})\/(\d{2})$/.exec(value);
  return match ? { exp_month: Number(match[1]), exp_year: Number(match[2]) } : null;
}

/** The card form: number spaced as typed, expiry MM/YY, CVC, name on card; the browser's autofill names. */
export function CardFields({ value, onChange, errors }: { value: CardValues; onChange: (next: CardValues) => void; errors: Record<string, string> }) {
  const set = (patch: Partial<CardValues>) => onChange({ ...value, ...patch });
  return (
    <>
      <TextInput
        label="Card number"
        name="cardnumber"
        autoComplete="cc-number"
        inputMode="numeric"
        placeholder="1234 1234 1234 1234"
        value={value.number}
        onChange={(e) => set({ number: spaced(e.currentTarget.value.replace(/\D/g, '').slice(0, 19)) })}
        error={errors['card.number']}
        required
      />
      <Group grow align="flex-start" gap="sm">
        <TextInput
          label="Expiry (MM/YY)"
          name="exp-date"
          autoComplete="cc-exp"
          inputMode="numeric"
          placeholder="MM/YY"
          value={value.expiry}
          onChange={(e) => set({ expiry: expiryShown(e.currentTarget.value) })}
          error={errors['card.exp_month'] ?? errors['card.exp_year'] ?? errors.expiry}
          required
        />
        <TextInput
          label="CVC"
          name="cvc"
          autoComplete="cc-csc"
          inputMode="numeric"
          placeholder="123"
          value={value.cvc}
          onChange={(e) => set({ cvc: e.currentTarget.value.replace(/\D/g, '').slice(0, 4) })}
          error={errors['card.cvc']}
          required
        />
      </Group>
      <TextInput
        label="Name on card"
        name="ccname"
        autoComplete="cc-name"
        value={value.name}
        onChange={(e) => set({ name: e.currentTarget.value })}
        error={errors.name}
      />
    </>
  );
}
