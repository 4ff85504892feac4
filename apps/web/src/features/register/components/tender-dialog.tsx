import { useState } from 'react';
import { Alert, Button, Group, Modal, Radio, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { formatMoney, parseMajorToMinor } from '@merchant/core';
import { useFormFields } from '@/components/form/form-fields';
import { ChoiceRow } from '@/components/form/switch-row';
import { MoneyInput } from '@/components/money-input';
import type { Reader } from '@merchant/pos';
import type { Tender } from '../lib/cart';
import { QrCharge } from './qr-charge';
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
 * (through the card reader), PayNow (a QR the customer scans), or a split: a cash part first and the rest by card
 * or PayNow. Card and PayNow need the network.
 */
export function TenderDialog({
  currency,
  due,
  dueByCard,
  online,
  offlineAllowed,
  card,
  qr,
  onClose,
  onPay,
  paying,
}: {
  currency: string;
  due: number;
  /** What is due when a card pays any part (the location's card surcharge added). */
  dueByCard: number;
  online: boolean;
  /** This device may keep cash sales while offline (a manager's switch). */
  offlineAllowed: boolean;
  /** The card reader at the drawer's location that can take a payment now, or why there is none. */
  card: { reader: Reader; businessId: string; testMode: boolean } | { unavailable: string };
  /** The business (PayNow QR payments) and whether it is in test mode (the simulated scan). */
  qr: { businessId: string; testMode: boolean };
  onClose: () => void;
  onPay: (tenders: Tender[]) => void;
  paying: boolean;
}) {
  const [tab, setTab] = useState<string | null>('cash');
  const form = useFormFields<{ tendered: number | null; cash_part: number | null }>({ tendered: due, cash_part: null });
  const { tendered, cash_part: cashPart } = form.values;
  const setTendered = (v: number) => form.setValues((f) => ({ ...f, tendered: v }));
  const cashRefused = !online && !offlineAllowed;
  const enough = tendered !== null && tendered >= due;
  const cashOk = enough && !cashRefused;
  const cardAvailable = 'reader' in card && online;
  const cardReason = !online ? 'Card payments need the network: take cash, or wait until it is back.' : 'unavailable' in card ? card.unavailable : '';

  const payCash = () => {
    if (!cashOk) return;
    onPay([{ kind: 'cash', amount: due, tendered: tendered! }]);
  };
  const [restBy, setRestBy] = useState<'card' | 'paynow'>('card');
  const restDue = restBy === 'card' ? dueByCard : due;
  const splitOk = cashPart !== null && cashPart > 0 && cashPart < restDue;
  const qrReason = 'PayNow QR payments need the network: take cash, or wait until it is back.';

  return (
    <Modal opened onClose={onClose} title={`Charge ${formatMoney(due, currency)}`} size="md" closeOnClickOutside={!paying}>
      <Tabs value={tab} onChange={setTab}>
        <Tabs.List grow>
          <Tabs.Tab value="cash">Cash</Tabs.Tab>
          <Tabs.Tab value="card">Card</Tabs.Tab>
          <Tabs.Tab value="paynow">PayNow</Tabs.Tab>
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
                {enough ? `Change due: ${formatMoney(tendered! - due, currency)}` : `Short by ${formatMoney(due - (tendered ?? 0), currency)}`}
              </Text>
              {cashRefused ? (
                <Alert color="red" title="Offline selling is off on this device" role="alert">
                  The network is down and this device may not keep sales offline: take the sale when the network is back, or ask a manager to allow offline
                  selling on this device.
                </Alert>
              ) : null}
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
        <Tabs.Panel value="paynow" pt="md">
          {online ? (
            <QrCharge
              {...qr}
              amount={due}
              currency={currency}
              label="Show PayNow QR"
              busy={paying}
              onPaid={(paymentId) => onPay([{ kind: 'paynow', amount: due, paymentId }])}
            />
          ) : (
            <Alert color="gray" title="PayNow is not available offline">
              {qrReason}
            </Alert>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="split" pt="md">
          <Stack gap="sm">
            <MoneyInput {...form.money('cash_part', currency)} label="Cash part" />
            <Radio.Group label="The rest by" value={restBy} onChange={(v) => setRestBy(v as 'card' | 'paynow')}>
              <Stack gap="xs" mt={4}>
                <ChoiceRow value="card" label="Card on the reader" />
                <ChoiceRow value="paynow" label="PayNow QR" />
              </Stack>
            </Radio.Group>
            {splitOk ? (
              <Text size="sm">
                By {restBy === 'card' ? 'card' : 'PayNow'}: {formatMoney(restDue - cashPart!, currency)}
              </Text>
            ) : null}
            {restBy === 'card' && !cardAvailable ? (
              <Alert color="gray" title="A split by card needs the card reader">
                {cardReason}
              </Alert>
            ) : restBy === 'paynow' && !online ? (
              <Alert color="gray" title="A split by PayNow needs the network">
                {qrReason}
              </Alert>
            ) : splitOk && restBy === 'card' && 'reader' in card ? (
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
            ) : splitOk && restBy === 'paynow' ? (
              <QrCharge
                {...qr}
                amount={due - cashPart!}
                currency={currency}
                label="Show PayNow QR for the rest"
                busy={paying}
                onPaid={(paymentId) =>
                  onPay([
                    { kind: 'cash', amount: cashPart!, tendered: cashPart! },
                    { kind: 'paynow', amount: due - cashPart!, paymentId },
                  ])
                }
              />
            ) : null}
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
