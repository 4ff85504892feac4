import { useState } from 'react';
import { ActionIcon, Button, Divider, Group, Modal, Paper, SegmentedControl, Stack, Text, TextInput, Textarea, Title, VisuallyHidden } from '@mantine/core';
import { IconMinus, IconPlus, IconTrash } from '@tabler/icons-react';
import { formatMoney } from '@merchant/core';
import type { CashierDiscount, OrderFormSettings } from '@merchant/catalogue';
import { useFormFields } from '@/components/form/form-fields';
import { NumberField } from '@/components/form/number-field';
import { MoneyInput } from '@/components/money-input';
import { removeLine, setLineDiscount, setQuantity, type Cart, type CartTotals } from '../lib/cart';
import { CustomerPicker } from './customer-picker';
import classes from './register.module.css';

const discountLabel = (d: CashierDiscount, currency: string) => (d.type === 'percentage' ? `${d.rate / 100} % off` : `${formatMoney(d.amount, currency)} off`);

/**
 * The cart beside the products: each line with its add-ons, quantity (− and + buttons), its discount and its amount;
 * the order's discount, tip, customer, table number and note as the order form asks; the totals; and the Save (as an
 * open order) and Charge buttons. Totals come from the same arithmetic as the server's (lib/cart.ts).
 */
export function CartPanel({
  businessId,
  currency,
  cart,
  totals,
  orderForm,
  onChange,
  onCharge,
  onSave,
  charging,
}: {
  businessId: string;
  currency: string;
  cart: Cart;
  totals: CartTotals;
  orderForm: OrderFormSettings;
  onChange: (cart: Cart) => void;
  onCharge: () => void;
  /** Save the cart as an open order (or into the one it was opened from). */
  onSave: () => void;
  charging: boolean;
}) {
  const [tipping, setTipping] = useState(false);
  const [discounting, setDiscounting] = useState<{ key: string | null; name: string; current: CashierDiscount | null } | null>(null);
  const priced = totals.priced;
  const lineTotal = (index: number) => priced?.lines[index];
  const missing = (['customer', 'table_number', 'note'] as const).filter((f) => {
    if (orderForm[f] !== 'required') return false;
    if (f === 'customer') return !cart.customer;
    return !(f === 'note' ? cart.note : cart.tableNumber).trim();
  });
  const labels = { customer: 'a customer', table_number: 'the table number', note: 'a note' };

  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-labelledby="cart-title" className={classes.cart}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="cart-title">
            Cart
          </Title>
          {cart.lines.length > 0 ? (
            <Button variant="subtle" color="red" size="compact-sm" onClick={() => onChange({ ...cart, lines: [], orderDiscount: null, tip: 0 })}>
              Clear cart
            </Button>
          ) : null}
        </Group>
        {cart.lines.length === 0 ? (
          <Text size="sm" c="dimmed">
            Choose products, or scan their barcodes, to add them.
          </Text>
        ) : (
          <Stack gap={6} component="ul" className={classes.lines} aria-label="Cart lines">
            {cart.lines.map((line, i) => {
              const p = lineTotal(i);
              return (
                <li key={line.key} className={classes.line}>
                  <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text size="sm" fw={600} style={{ overflowWrap: 'break-word' }}>
                        {line.name}
                      </Text>
                      {line.addOns.length > 0 ? (
                        <Text size="xs" c="dimmed">
                          {line.addOns.map((a) => (a.price ? `${a.name} +${formatMoney(a.price, currency)}` : a.name)).join(', ')}
                        </Text>
                      ) : null}
                      <Text size="xs" c="dimmed">
                        {formatMoney(line.unitPrice + line.addOns.reduce((s, a) => s + a.price, 0), currency)} each
                        {line.discount ? ` · ${discountLabel(line.discount, currency)}` : ''}
                      </Text>
                    </Stack>
                    <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                      {p ? formatMoney(p.amount, currency) : ''}
                    </Text>
                  </Group>
                  <Group gap={4} mt={4}>
                    <ActionIcon
                      variant="default"
                      size="lg"
                      aria-label={`One fewer ${line.name}`}
                      onClick={() => onChange(setQuantity(cart, line.key, line.quantity - 1))}
                    >
                      <IconMinus size={16} aria-hidden />
                    </ActionIcon>
                    <Text size="sm" w={32} ta="center" aria-label={`Quantity of ${line.name}`}>
                      {line.quantity}
                    </Text>
                    <ActionIcon
                      variant="default"
                      size="lg"
                      aria-label={`One more ${line.name}`}
                      onClick={() => onChange(setQuantity(cart, line.key, line.quantity + 1))}
                    >
                      <IconPlus size={16} aria-hidden />
                    </ActionIcon>
                    <Button variant="subtle" size="compact-sm" onClick={() => setDiscounting({ key: line.key, name: line.name, current: line.discount })}>
                      Discount
                      <VisuallyHidden> on {line.name}</VisuallyHidden>
                    </Button>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      aria-label={`Remove ${line.name}`}
                      onClick={() => onChange(removeLine(cart, line.key))}
                      ml="auto"
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                </li>
              );
            })}
          </Stack>
        )}

        {cart.lines.length > 0 ? (
          <>
            <Group gap="xs">
              <Button variant="default" size="compact-sm" onClick={() => setDiscounting({ key: null, name: 'the order', current: cart.orderDiscount })}>
                {cart.orderDiscount ? `Order discount: ${discountLabel(cart.orderDiscount, currency)}` : 'Discount the order'}
              </Button>
              <Button variant="default" size="compact-sm" onClick={() => setTipping(true)}>
                {cart.tip > 0 ? `Tip: ${formatMoney(cart.tip, currency)}` : 'Add a tip'}
              </Button>
            </Group>
          </>
        ) : null}

        {orderForm.customer !== 'off' ? (
          <CustomerPicker
            businessId={businessId}
            value={cart.customer}
            required={orderForm.customer === 'required'}
            onChange={(customer) => onChange({ ...cart, customer })}
          />
        ) : null}
        {orderForm.table_number !== 'off' ? (
          <TextInput
            label={orderForm.table_number === 'required' ? 'Table number' : 'Table number (optional)'}
            required={orderForm.table_number === 'required'}
            value={cart.tableNumber}
            maxLength={20}
            onChange={(e) => onChange({ ...cart, tableNumber: e.currentTarget.value })}
            w={160}
          />
        ) : null}
        {orderForm.note !== 'off' ? (
          <Textarea
            label={orderForm.note === 'required' ? 'Note' : 'Note (optional)'}
            required={orderForm.note === 'required'}
            value={cart.note}
            maxLength={500}
            autosize
            minRows={1}
            onChange={(e) => onChange({ ...cart, note: e.currentTarget.value })}
          />
        ) : null}

        <Divider />
        <Totals currency={currency} totals={totals} tip={cart.tip} />
        {totals.problem ? (
          <Text size="sm" c="red" role="alert">
            {totals.problem}
          </Text>
        ) : null}
        {missing.length > 0 && cart.lines.length > 0 ? (
          <Text size="sm" c="dimmed">
            Add {missing.map((f) => labels[f]).join(' and ')} to charge.
          </Text>
        ) : null}
        {/* Charge keeps room for its whole amount: where Save beside it would leave less, Charge takes a row of its own. */}
        <Group gap="xs" wrap="wrap">
          <Button size="lg" variant="default" style={{ flex: '1 0 auto' }} onClick={onSave} disabled={cart.lines.length === 0 || charging}>
            Save
          </Button>
          <Button
            size="lg"
            style={{ flex: '999 1 15rem' }}
            onClick={onCharge}
            disabled={cart.lines.length === 0 || !totals.priced || missing.length > 0}
            loading={charging}
          >
            Charge {cart.lines.length > 0 && totals.priced ? formatMoney(totals.due, currency) : ''}
          </Button>
        </Group>
      </Stack>
      {tipping ? (
        <TipDialog
          currency={currency}
          base={priced?.total ?? 0}
          current={cart.tip}
          onClose={() => setTipping(false)}
          onSave={(tip) => {
            onChange({ ...cart, tip });
            setTipping(false);
          }}
        />
      ) : null}
      {discounting ? (
        <DiscountDialog
          currency={currency}
          subject={discounting.name}
          current={discounting.current}
          onClose={() => setDiscounting(null)}
          onSave={(discount) => {
            onChange(discounting.key ? setLineDiscount(cart, discounting.key, discount) : { ...cart, orderDiscount: discount });
            setDiscounting(null);
          }}
        />
      ) : null}
    </Paper>
  );
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="xs">
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : undefined}>
        {value}
      </Text>
    </Group>
  );
}

export function Totals({ currency, totals, tip }: { currency: string; totals: CartTotals; tip: number }) {
  const p = totals.priced;
  if (!p) return null;
  return (
    <Stack gap={2} aria-label="Totals">
      <Row label="Subtotal" value={formatMoney(p.subtotal, currency)} />
      {p.discount > 0 ? <Row label="Discounts" value={`−${formatMoney(p.discount, currency)}`} /> : null}
      {p.surcharges.map((s) => (
        <Row key={s.id} label={s.name} value={formatMoney(s.amount, currency)} />
      ))}
      {p.taxes.map((t) => (
        <Row key={t.id} label={`${t.name} (${t.rate / 100} %)`} value={formatMoney(t.amount, currency)} />
      ))}
      {tip > 0 ? <Row label="Tip" value={formatMoney(tip, currency)} /> : null}
      <Row label="Total" value={formatMoney(totals.due, currency)} strong />
    </Stack>
  );
}

/** A percentage (typed as 10 or 12.5) or an amount off a line's each unit or off the order; Remove takes it off. */
function DiscountDialog({
  currency,
  subject,
  current,
  onClose,
  onSave,
}: {
  currency: string;
  subject: string;
  current: CashierDiscount | null;
  onClose: () => void;
  onSave: (discount: CashierDiscount | null) => void;
}) {
  const [type, setType] = useState<CashierDiscount['type']>(current?.type ?? 'percentage');
  const form = useFormFields<{ rate: number | null; amount: number | null }>({
    rate: current?.type === 'percentage' ? current.rate : null,
    amount: current?.type === 'fixed' ? current.amount : null,
  });
  const { rate, amount } = form.values;
  const valid = type === 'percentage' ? rate !== null && rate > 0 && rate <= 10_000 : amount !== null && amount > 0;
  const save = () => {
    if (!valid) return;
    onSave(type === 'percentage' ? { type, rate: rate! } : { type, amount: amount! });
  };
  return (
    <Modal opened onClose={onClose} title={`Discount on ${subject}`} size="sm">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <Stack gap="md">
          <SegmentedControl
            aria-label="Kind of discount"
            value={type}
            onChange={(v) => setType(v as CashierDiscount['type'])}
            data={[
              { value: 'percentage', label: 'Percentage' },
              { value: 'fixed', label: 'Amount' },
            ]}
          />
          {type === 'percentage' ? (
            <NumberField {...form.number('rate', { basisPoints: true })} label="Percentage off" suffix=" %" decimals={2} min={0} max={100} data-autofocus />
          ) : (
            <MoneyInput {...form.money('amount', currency)} label={subject === 'the order' ? 'Amount off the order' : 'Amount off each unit'} data-autofocus />
          )}
          <Group justify="space-between">
            {current ? (
              <Button variant="subtle" color="red" onClick={() => onSave(null)}>
                Remove discount
              </Button>
            ) : (
              <span />
            )}
            <Group gap="xs">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={!valid}>
                Apply discount
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The tip: a share of the total before it (Square's 15, 18 and 20 %), an amount, or none. */
function TipDialog({
  currency,
  base,
  current,
  onClose,
  onSave,
}: {
  currency: string;
  base: number;
  current: number;
  onClose: () => void;
  onSave: (tip: number) => void;
}) {
  const form = useFormFields<{ tip: number | null }>({ tip: current || null });
  const share = (percent: number) => Math.round((base * percent) / 100);
  return (
    <Modal opened onClose={onClose} title="Tip" size="sm">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onSave(form.values.tip ?? 0);
        }}
      >
        <Stack gap="md">
          <Group gap="xs" grow>
            {[10, 15, 20].map((p) => (
              <Button key={p} variant="default" onClick={() => onSave(share(p))}>
                {p} % · {formatMoney(share(p), currency)}
              </Button>
            ))}
          </Group>
          <MoneyInput {...form.money('tip', currency)} label="Tip amount" data-autofocus />
          <Group justify="space-between">
            <Button variant="subtle" onClick={() => onSave(0)}>
              No tip
            </Button>
            <Group gap="xs">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit">Add tip</Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
