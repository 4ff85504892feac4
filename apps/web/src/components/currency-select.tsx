import { Select, type SelectProps } from '@mantine/core';
import { CURRENCIES } from '@merchant/core';

const CURRENCY_OPTIONS = CURRENCIES.map((c) => ({ value: c.code, label: `${c.code.toUpperCase()} · ${c.name}` }));

/** The one currency picker of the money forms: every listed currency, searchable, never empty. */
export function CurrencySelect({
  value,
  onChange,
  ...props
}: Omit<SelectProps, 'data' | 'onChange' | 'value'> & { value: string; onChange: (code: string) => void }) {
  return (
    <Select
      label="Currency"
      name="currency"
      searchable
      allowDeselect={false}
      {...props}
      data={CURRENCY_OPTIONS}
      value={value}
      onChange={(code) => {
        if (code) onChange(code);
      }}
    />
  );
}
