import type { Order, OrderFormSettings, PublicOrder } from '@merchant/catalogue';
import type { DraftOrder } from '@/modules/pos/orders/draft-orders.service';
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

/**
 * A draft order as HitPay's order (its `POST /v1/orders` answer): `draft`, not closed, no payment status and no
 * charges; once the register paid it, `completed`, `paid`, closed when paid and naming the sale (`paid_order_id`,
 * whose own read has the charges); its lines as kept (no add-ons, no tax: the register prices taxes when it takes the payment).
 */
export function presentDraftOrder(found: DraftOrder, businessId: string, form: OrderFormSettings): PublicOrder {
  const draft = found.draft;
  const paid = draft.paidOrderId !== null;
  const m = (amount: number) => major(amount, draft.currency);
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  return {
    id: draft.id,
    order_display_number: draft.number,
    business_id: businessId,
    channel: 'point_of_sale',
    version: '1.0',
    customer_id: draft.customerId,
    business_customer_id: draft.customerId,
    customer: draft.customerId ? { id: draft.customerId, name: found.customerName ?? found.customerEmail ?? '' } : null,
    customer_pickup: draft.customerPickup,
    currency: draft.currency.toLowerCase(),
    order_discount_name: draft.discountReason,
    status: paid ? 'completed' : 'draft',
    ...(draft.remark ? { remark: draft.remark } : {}),
    created_at: hitpayTime(draft.createdAt),
    updated_at: hitpayTime(draft.updatedAt),
    closed_at: draft.paidAt ? hitpayTime(draft.paidAt) : null,
    ...(draft.paidOrderId ? { paid_order_id: draft.paidOrderId } : {}),
    location_id: draft.locationId,
    location: draft.locationId ? { id: draft.locationId, name: found.locationName ?? '' } : null,
    business_user_id: draft.staffId,
    slot_date: null,
    slot_time: null,
    messages: null,
    products: draft.lines.flatMap((l) =>
      l.product_id ? [{ id: l.product_id, variant_id: l.variant_id, name: l.name, quantity: l.quantity, price: m(l.unit_price) }] : [],
    ),
    charges: [],
    line_items: draft.lines.map((l) => ({
      id: l.line_id,
      product_id: l.product_id,
      variant_id: l.variant_id,
      name: l.name,
      quantity: l.quantity,
      refunded_quantity: 0,
      price: m(l.unit_price),
      add_ons: [],
      discount_amount: 0,
      tax_amount: 0,
      total: m(l.total),
    })),
    order_form: presentOrderForm(form),
    order_form_response: [],
    coupon: null,
    payment_status: paid ? 'paid' : null,
    fulfilment_status: '',
    line_items_total: m(sum(draft.lines.map((l) => l.total))),
    order_discount_amount: m(draft.discount),
    line_item_discount_amount: 0,
    line_item_tax_amount: 0,
    additional_discount_amount: 0,
    total_discount_amount: m(draft.discount),
    line_item_price: m(sum(draft.lines.map((l) => l.total))),
    shipping_amount: 0,
    total_coupon_amount: 0,
    amount: m(draft.total),
    subtotal: m(draft.subtotal),
  };
}
