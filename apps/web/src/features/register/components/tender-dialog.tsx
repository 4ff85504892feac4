import { useState } from 'react';
import { Alert, Button, Group, Modal, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { formatMoney, parseMajorToMinor } from '@merchant/core';
import { useFormFields } from '@/components/form/form-fields';
import { MoneyInput } from '@/components/money-input';
import type { Reader } from '@merchant/pos';
import type { Tender } from '../lib/cart';
import { ReaderCharge } from './reader-charge';

/** Notes a customer is likely to hand over for this amount: the next whole unit, then round tens and fifties above it. */
export function suggestedCash(due: number, currency: string): number[] {
  const unit = parseMajorToMinor('1', currency) ?? 1;
  const steps = [1, 5, 10, 20, 50, 100].map((n) => n * unit);
  const ups = steps.map((s) => Math.ceil(due / s) * s).filter((v) => v > due);
  return [...new Set(ups)].sort((a, b) => a - b).slice(0, 3);
}

/**
 * How the customer pays what is due: cash (the amount handed over, with quick amounts, and the change), card
 * (through the card reader, which the register needs online), or a split: a cash part first and the rest by card.
 */
export function TenderDialog({
  currency,
  due,
  dueByCard,
  online,
  card,
  onClose,
  onPay,
  paying,
}: {
  currency: string;
  due: number;
  /** What is due when a card pays any part (the location's card surcharge added). */
  dueByCard: number;
  online: boolean;
  /** The card reader at the drawer's location that can take a payment now, or why there is none. */
  card: { reader: Reader; businessId: string; testMode: boolean } | { unavailable: string };
  onClose: () => void;
  onPay: (tenders: Tender[]) => void;
  paying: boolean;
}) {
  const [tab, setTab] = useState<string | null>('cash');
  const form = useFormFields<{ tendered: number | null; cash_part: number | null }>({ tendered: due, cash_part: null });
  const { tendered, cash_part: cashPart } = form.values;
  const setTendered = (v: number) => form.setValues((f) => ({ ...f, tendered: v }));
  const cashOk = tendered !== null && tendered >= due;
  const cardAvailable = 'reader' in card && online;
  const cardReason = !online ? 'Card payments need the network: take cash, or wait until it is back.' : 'unavailable' in card ? card.unavailable : '';

  const payCash = () => {
    if (!cashOk) return;
    onPay([{ kind: 'cash', amount: due, tendered: tendered! }]);
  };
  const splitOk = cashPart !== null && cashPart > 0 && cashPart < dueByCard;

  return (
    <Modal opened onClose={onClose} title={`Charge ${formatMoney(due, currency)}`} size="md" closeOnClickOutside={!paying}>
      <Tabs value={tab} onChange={setTab}>
        <Tabs.List grow>
          <Tabs.Tab value="cash">Cash</Tabs.Tab>
          <Tabs.Tab value="card">Card</Tabs.Tab>
          <Tabs.Tab value="split">Split</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="cash" pt="md">
          <form
            onSubmit={(e) => {
              e.preventDefault();
              payCash();
            }}
          >
            <Stack gap="sm">
              <MoneyInput {...form.money('tendered', currency)} label="Cash received" data-autofocus size="lg" />
              <SimpleGrid cols={4} spacing="xs">
                <Button variant="default" onClick={() => setTendered(due)}>
                  Exact
                </Button>
                {suggestedCash(due, currency).map((v) => (
                  <Button key={v} variant="default" onClick={() => setTendered(v)}>
                    {formatMoney(v, currency)}
                  </Button>
                ))}
              </SimpleGrid>
              <Text size="lg" fw={700} aria-live="polite">
                {cashOk ? `Change due: ${formatMoney(tendered! - due, currency)}` : `Short by ${formatMoney(due - (tendered ?? 0), currency)}`}
              </Text>
              <Button type="submit" size="lg" disabled={!cashOk} loading={paying}>
                Take cash
              </Button>
            </Stack>
          </form>
        </Tabs.Panel>
        <Tabs.Panel value="card" pt="md">
          <Stack gap="sm">
            {dueByCard !== due ? <Text size="sm">By card: {formatMoney(dueByCard, currency)}, the card surcharge included.</Text> : null}
            {cardAvailable ? (
              <>
                <ReaderCharge
                  {...card}
                  amount={dueByCard}
                  currency={currency}
                  label="Charge card on reader"
                  busy={paying}
                  onPaid={(paymentId) => onPay([{ kind: 'card', amount: dueByCard, paymentId }])}
                />
              </>
            ) : (
              <Alert color="gray" title="Card payments are not available">
                {cardReason}
              </Alert>
            )}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="split" pt="md">
          <Stack gap="sm">
            <Text size="sm">Part in cash, the rest by card.</Text>
            <MoneyInput {...form.money('cash_part', currency)} label="Cash part" />
            {splitOk ? <Text size="sm">By card: {formatMoney(dueByCard - cashPart!, currency)}</Text> : null}
            {cardAvailable ? (
              splitOk ? (
                <ReaderCharge
                  {...card}
                  amount={dueByCard - cashPart!}
                  currency={currency}
                  label="Charge the rest on the reader"
                  busy={paying}
                  onPaid={(paymentId) =>
                    onPay([
                      { kind: 'cash', amount: cashPart!, tendered: cashPart! },
                      { kind: 'card', amount: dueByCard - cashPart!, paymentId },
                    ])
                  }
                />
              ) : null
            ) : (
              <Alert color="gray" title="A split needs the card reader">
                {cardReason}
              </Alert>
            )}
          </Stack>
        </Tabs.Panel>
      </Tabs>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose} disabled={paying}>
          Cancel
        </Button>
      </Group>
    </Modal>
  );
}
