import type { Order, OrderFormSettings, PublicOrder } from '@merchant/catalogue';
import { hitpayTime, major } from './webhook-events.presenter';

/** HitPay's `payment_status` of a register order (every one is paid when it is recorded). */
const PAYMENT_STATUS: Record<Order['status'], NonNullable<PublicOrder['payment_status']>> = {
  completed: 'paid',
  partially_refunded: 'partially_refunded',
  refunded: 'refunded',
};

const FORM_TITLES: Record<keyof OrderFormSettings, string> = { customer: 'Customer', table_number: 'Table number', note: 'Note' };

/** The register's order form in HitPay's shape: each field the form asks for, with whether it is required. */
export function presentOrderForm(form: OrderFormSettings): PublicOrder['order_form'] {
  const fields = Object.entries(form).filter(([, mode]) => mode !== 'off') as [keyof OrderFormSettings, string][];
  return Object.fromEntries(
    fields.map(([field, mode]) => [field, { type: 'input', title: FORM_TITLES[field], deleted: false, include: true, required: mode === 'required' }]),
  );
}

/**
 * A register order as HitPay's order (docs/developers.md, "Public API: orders and card readers"): amounts in major
 * units as numbers (as the `order.*` webhook events write them), times as HitPay writes them (UTC). `details` adds
 * the products and the charges (the tenders); without it they are empty lists, as HitPay's list answers them unless
 * `with` asks.
 */
export function presentOrder(order: Order, businessId: string, form: OrderFormSettings, details: { products: boolean; charges: boolean }): PublicOrder {
  const currency = order.total.currency;
  const m = (amount: number) => major(amount, currency);
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  // A line's discount includes its share of the order's discounts: the lines' own are the rest.
  const orderDiscounts = sum(order.discounts.map((d) => d.amount.amount));
  const changed = [order.created_at, ...order.refunds.map((r) => r.created_at)].sort().at(-1)!;
  const remark = order.note ?? order.description;
  return {
    id: order.id,
    order_display_number: order.number,
    business_id: businessId,
    channel: 'point_of_sale',
    version: '1.0',
    customer_id: order.customer?.id ?? null,
    business_customer_id: order.customer?.id ?? null,
    customer: order.customer ? { id: order.customer.id, name: order.customer.name } : null,
    customer_pickup: true,
    currency: currency.toLowerCase(),
    order_discount_name: order.discounts.length > 0 ? order.discounts.map((d) => d.name).join(', ') : null,
    status: 'completed',
    ...(remark ? { remark } : {}),
    created_at: hitpayTime(new Date(order.created_at))!,
    updated_at: hitpayTime(new Date(changed))!,
    closed_at: hitpayTime(new Date(order.created_at)),
    location_id: order.location.id,
    location: { id: order.location.id, name: order.location.name },
    business_user_id: order.staff.id,
    slot_date: null,
    slot_time: null,
    messages: null,
    products: details.products
      ? order.lines.flatMap((l) =>
          l.product_id ? [{ id: l.product_id, variant_id: l.variant_id, name: l.name, quantity: l.quantity, price: m(l.unit_price.amount) }] : [],
        )
      : [],
    charges: details.charges
      ? order.order_tenders.map((t) => ({
          id: t.id,
          payment_id: t.payment_id,
          method: t.kind,
          amount: m(t.amount.amount),
          refunded_amount: m(t.refunded.amount),
        }))
      : [],
    line_items: order.lines.map((l) => ({
      id: l.id,
      product_id: l.product_id,
      variant_id: l.variant_id,
      name: l.name,
      quantity: l.quantity,
      refunded_quantity: l.refunded_quantity,
      price: m(l.unit_price.amount),
      add_ons: l.add_ons.map((a) => ({ id: a.id, name: a.name, price: m(a.price.amount) })),
      discount_amount: m(l.discount.amount),
      tax_amount: m(l.tax.amount),
      total: m(l.total.amount),
    })),
    order_form: presentOrderForm(form),
    order_form_response: order.table_number ? [{ field: 'table_number', title: FORM_TITLES.table_number, value: order.table_number }] : [],
    coupon: null,
    payment_status: PAYMENT_STATUS[order.status],
    fulfilment_status: '',
    line_items_total: m(sum(order.lines.map((l) => l.total.amount))),
    order_discount_amount: m(orderDiscounts),
    line_item_discount_amount: m(Math.max(0, order.discount.amount - orderDiscounts)),
    line_item_tax_amount: m(order.tax.amount),
    additional_discount_amount: 0,
    total_discount_amount: m(order.discount.amount),
    line_item_price: m(sum(order.lines.map((l) => l.gross.amount))),
    shipping_amount: 0,
    total_coupon_amount: 0,
    amount: m(order.total.amount),
    subtotal: m(order.subtotal.amount),
  };
}
