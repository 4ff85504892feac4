import { Button, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { formatMoney } from '@merchant/core';
import classes from './register.module.css';

export interface QuickSaleValue {
  /** Minor units, built digit by digit as on a till: 1, 2, 5, 0 is 12.50. */
  amount: number;
  description: string;
  /** The draft order of a custom amount this quick sale pays (its amount is the draft's). */
  draft?: { id: string; number: number } | null;
}

const MAX = 99_999_999_99;

/** A keypad amount with a description: a sale of something not in the catalogue. */
export function QuickSale({
  currency,
  value,
  onChange,
  onCharge,
}: {
  currency: string;
  value: QuickSaleValue;
  onChange: (v: QuickSaleValue) => void;
  onCharge: () => void;
}) {
  const press = (key: string) => {
    if (key === 'clear') return onChange({ ...value, amount: 0 });
    if (key === 'back') return onChange({ ...value, amount: Math.floor(value.amount / 10) });
    const next = Number(`${value.amount}${key}`);
    if (next <= MAX) onChange({ ...value, amount: next });
  };
  const ready = value.amount > 0 && value.description.trim().length > 0;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="quick-sale" maw={420}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (ready) onCharge();
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h4" id="quick-sale">
            Quick sale
          </Title>
          <Text size="xl" fw={700} ta="end" aria-live="polite" aria-label={`Amount ${formatMoney(value.amount, currency)}`}>
            {formatMoney(value.amount, currency)}
          </Text>
          <SimpleGrid cols={3} spacing="xs" className={classes.keypad} role="group" aria-label="Keypad">
            {['1', '2', '3', '4', '5', '6', '7', '8', '9', '00', '0'].map((k) => (
              <Button key={k} variant="default" onClick={() => press(k)}>
                {k}
              </Button>
            ))}
            <Button variant="default" onClick={() => press('back')} aria-label="Delete the last digit">
              ⌫
            </Button>
          </SimpleGrid>
          <Button variant="subtle" onClick={() => press('clear')}>
            Clear amount
          </Button>
          <TextInput
            label="Description"
            required
            value={value.description}
            maxLength={200}
            onChange={(e) => onChange({ ...value, description: e.currentTarget.value })}
          />
          <Button type="submit" size="lg" disabled={!ready}>
            Charge {value.amount > 0 ? formatMoney(value.amount, currency) : ''}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
