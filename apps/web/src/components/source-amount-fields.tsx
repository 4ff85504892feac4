import { SegmentedControl, SimpleGrid, Stack } from '@mantine/core';
import { formatMoneyWithCode } from '@merchant/core';
import { sourceAmountLimits } from '@merchant/payments';
import { CurrencySelect } from './currency-select';
import { MoneyInput } from './money-input';

/** What a payment link or static QR code asks for: a fixed amount, or one the customer chooses (amount null). */
export interface SourceAmount {
  amountMode: 'fixed' | 'customer';
  amount: number | null;
  currency: string;
}

/**
 * The amount block of the payment link and static QR code forms: fixed or customer-chosen, the currency, and the
 * amount within the checkout's limits for that currency. `onChange` gets the fields that changed.
 */
export function SourceAmountFields({
  value,
  onChange,
  errors,
}: {
  value: SourceAmount;
  onChange: (patch: Partial<SourceAmount>) => void;
  errors: { amount?: string | undefined; currency?: string | undefined };
}) {
  const fixed = value.amountMode === 'fixed';
  const limits = sourceAmountLimits(value.currency);
  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label="Amount"
        data={[
          { value: 'fixed', label: 'Fixed amount' },
          { value: 'customer', label: 'Customer chooses' },
        ]}
        value={value.amountMode}
        onChange={(mode) => onChange(mode === 'customer' ? { amountMode: 'customer', amount: null } : { amountMode: 'fixed' })}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {fixed ? (
          <MoneyInput
            label="Amount"
            name="amount"
            currency={value.currency}
            value={value.amount}
            onChange={(amount) => onChange({ amount })}
            error={errors.amount}
            description={`Between ${formatMoneyWithCode(limits.min, value.currency)} and ${formatMoneyWithCode(limits.max, value.currency)}`}
            required
          />
        ) : null}
        <CurrencySelect value={value.currency} onChange={(currency) => onChange({ currency })} error={errors.currency} />
      </SimpleGrid>
    </Stack>
  );
}
