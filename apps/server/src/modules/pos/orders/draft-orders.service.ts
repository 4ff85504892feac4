import { AppError, fieldError, formatMoneyWithCode } from '@merchant/core';
import type { Executor } from '@/db/client';
import type { KeyedContext } from '@/http/context';
import type { Clock } from '@/lib/clock';
import { newTimeOrderedId } from '@/lib/crypto';
import { uniqueViolationOf } from '@/db/unique-violation';
import type { CatalogueService } from '@/modules/catalogue/products/products.module';
import type { CustomersService } from '@/modules/payments/customers/customers.service';
import type { AuditService, AuditSource } from '@/modules/platform/audit/audit.service';
import { draftOrdersRepository as repo, type DraftOrderRow, type NamedDraftOrderRow } from './draft-orders.repository';

/**
 * Keeps a new draft in a transaction of its own (`keep` numbers it with `repo.nextNumber` and inserts it), answering
 * what `keep` answers. Two drafts kept at once may take the same number: the later one is kept again with the next.
 */
export async function keepNumberedDraft<T>(db: Executor, keep: (tx: Executor) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(keep);
    } catch (error) {
      if (uniqueViolationOf(error) === 'pos_draft_orders_number_key' && attempt < 5) continue;
      throw error;
    }
  }
}

/** What every new draft starts with, in its numbering transaction `tx`: its id, its number and its times. */
export async function newDraftHead(tx: Executor, clock: Clock, businessId: string) {
  const now = clock.now();
  return { businessId, id: newTimeOrderedId(now.getTime()), number: await repo.nextNumber(tx, businessId), createdAt: now, updatedAt: now };
}

export const draftOrderNotFound = () => new AppError('POS_ORDER_NOT_FOUND', 'Draft order not found.');
/** The draft was paid already: a draft is paid once (by the register that paid it first). */
export const draftAlreadyPaid = (number: number) =>
  new AppError('POS_DRAFT_ALREADY_PAID', `Draft order #${number} was paid already: it is paid once. Open the orders list to find its sale.`);

/** Who keeps a draft: the business (its currency), the acting member (the audit's actor) and where from (with their standing, a request's). */
export interface DraftOrderActor {
  business: { id: string; currency: string };
  userId: string;
  where: AuditSource;
}

/** A catalogue line of a draft: a product's variant (its first when none is named) at its price. */
export interface DraftProductLine {
  product_id: string;
  variation_id?: string | undefined;
  quantity: number;
}

/**
 * A draft's fields, already in minor units (docs/developers.md, "Public API: orders and card readers"). On a change,
 * a field left undefined keeps its value; `amount` or `products` given prices the lines anew.
 */
export interface DraftOrderFields {
  currency?: string | undefined;
  remark?: string | null | undefined;
  locationId?: string | null | undefined;
  customerId?: string | null | undefined;
  /** HitPay's `business_user_id`: an active member of the business; else the key's maker. */
  staffId?: string | undefined;
  customerPickup?: boolean | undefined;
  discountReason?: string | null | undefined;
  discount?: number | undefined;
  /** One custom amount (HitPay's `amount`): one line of it; 0 keeps no line. */
  amount?: number | undefined;
  /** The catalogue's products at their prices (instead of an amount). */
  products?: DraftProductLine[] | undefined;
}

export type DraftLine = DraftOrderRow['lines'][number];

/** A draft as the public API's presenter reads it. */
export type DraftOrder = NamedDraftOrderRow;

/**
 * The point of sale's draft orders: kept to be paid later, priced from the catalogue (or one custom amount). A draft
 * moves no stock, posts nothing to the ledger and holds no tender: it is not a sale until the register takes its
 * payment. Every change is audited (`pos_draft_order.created`, `.updated`, `.deleted`).
 */
export function createDraftOrdersService(deps: {
  db: Executor;
  clock: Clock;
  audit: AuditService;
  products: Pick<CatalogueService['products'], 'get'>;
  locations: Pick<CatalogueService['locations'], 'get'>;
  customers: Pick<CustomersService, 'get'>;
}) {
  const { db, clock, audit } = deps;

  /** `work`'s AppError of a missing object becomes a field error (the id is the body's). */
  async function known<T>(field: string, message: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AppError && error.code.endsWith('NOT_FOUND')) throw fieldError('VALIDATION_FAILED', field, message);
      throw error;
    }
  }

  /** The lines of `amount` or `products`, priced in the business's currency. */
  async function linesOf(actor: DraftOrderActor, currency: string, fields: DraftOrderFields): Promise<DraftLine[]> {
    if (fields.products && fields.products.length > 0) {
      if (fields.amount !== undefined && fields.amount > 0)
        throw fieldError('VALIDATION_FAILED', 'amount', 'Give the amount or the products, not both: the products are priced from the catalogue.');
      const lines: DraftLine[] = [];
      for (const [i, item] of fields.products.entries()) {
        const product = await known(`products.${i}.product_id`, 'The selected product is invalid.', () =>
          deps.products.get(actor.business.id, item.product_id),
        );
        if (product.status !== 'active') throw fieldError('VALIDATION_FAILED', `products.${i}.product_id`, 'The selected product is archived.');
        const variant = item.variation_id ? product.variants.find((v) => v.id === item.variation_id) : product.variants[0];
        if (!variant) throw fieldError('VALIDATION_FAILED', `products.${i}.variation_id`, 'The selected variation is invalid.');
        if (variant.price.currency.toLowerCase() !== currency)
          throw fieldError('VALIDATION_FAILED', 'currency', `The products are priced in ${variant.price.currency.toUpperCase()}.`);
        const options = variant.option_values.length > 0 ? ` (${variant.option_values.join(' / ')})` : '';
        lines.push({
          line_id: `l${i + 1}`,
          product_id: product.id,
          variant_id: variant.id,
          name: `${product.name}${options}`.slice(0, 500),
          quantity: item.quantity,
          unit_price: variant.price.amount,
          total: variant.price.amount * item.quantity,
        });
      }
      return lines;
    }
    const amount = fields.amount ?? 0;
    return amount > 0 ? [{ line_id: 'l1', product_id: null, variant_id: null, name: 'Custom amount', quantity: 1, unit_price: amount, total: amount }] : [];
  }

  /** The body's references checked against the business: its location, customer and staff member. */
  async function checkReferences(actor: DraftOrderActor, fields: DraftOrderFields): Promise<void> {
    const businessId = actor.business.id;
    if (fields.currency !== undefined && fields.currency !== actor.business.currency.toLowerCase())
      throw fieldError('VALIDATION_FAILED', 'currency', `The order must be in the business's currency (${actor.business.currency.toUpperCase()}).`);
    if (fields.locationId) {
      const location = await known('location_id', 'The selected location id is invalid.', () => deps.locations.get(businessId, fields.locationId!));
      if (location.status !== 'active') throw fieldError('VALIDATION_FAILED', 'location_id', 'The selected location is archived.');
    }
    if (fields.customerId) await known('customer_id', 'The selected customer id is invalid.', () => deps.customers.get(businessId, fields.customerId!));
    if (fields.staffId !== undefined && !(await repo.isMember(db, businessId, fields.staffId)))
      throw fieldError('VALIDATION_FAILED', 'business_user_id', 'The selected business user id is invalid.');
  }

  /** The totals of the lines less the discount (never more than the lines). */
  function totalsOf(lines: DraftLine[], discount: number) {
    const subtotal = lines.reduce((sum, l) => sum + l.total, 0);
    if (discount > subtotal) throw fieldError('VALIDATION_FAILED', 'discount_amount', 'The discount amount may not be greater than the order.');
    return { subtotal, discount, total: subtotal - discount };
  }

  const entry = (actor: DraftOrderActor, action: string, row: Pick<DraftOrderRow, 'id' | 'number' | 'total' | 'currency'>, verb: string) => ({
    action,
    description: `${verb} the draft order #${row.number} (${formatMoneyWithCode(row.total, row.currency)}) through the public API`,
    actorUserId: actor.userId,
    businessId: actor.business.id,
    objectType: 'pos_draft_order',
    objectId: row.id,
  });

  async function find(businessId: string, id: string): Promise<DraftOrder> {
    const found = await repo.find(db, businessId, id);
    if (!found) throw draftOrderNotFound();
    return found;
  }

  return {
    /**
     * Keeps a new draft. `answer` presents it for the request's Idempotency-Key, stored in the same transaction, so a
     * retry replays it and never keeps a second draft.
     */
    async create(actor: DraftOrderActor, fields: DraftOrderFields, keyed?: KeyedContext & { present: (draft: DraftOrder) => unknown }): Promise<DraftOrder> {
      await checkReferences(actor, fields);
      const currency = actor.business.currency.toLowerCase();
      const lines = await linesOf(actor, currency, fields);
      const totals = totalsOf(lines, fields.discount ?? 0);
      const businessId = actor.business.id;
      const id = await keepNumberedDraft(db, async (tx) => {
        const row = {
          ...(await newDraftHead(tx, clock, businessId)),
          locationId: fields.locationId ?? null,
          customerId: fields.customerId ?? null,
          staffId: fields.staffId ?? actor.userId,
          createdBy: actor.userId,
          currency,
          remark: fields.remark ?? null,
          customerPickup: fields.customerPickup ?? true,
          discountReason: fields.discountReason ?? null,
          lines,
          ...totals,
        };
        await repo.insert(tx, row);
        await audit.record(tx, actor.where, entry(actor, 'pos_draft_order.created', row, 'Created'));
        if (keyed?.idempotency) {
          const made = await repo.find(tx, businessId, row.id);
          await keyed.idempotency.answerIn(tx, keyed.present(made!));
        }
        return row.id;
      });
      return find(businessId, id);
    },

    get: (businessId: string, id: string) => find(businessId, id),

    /** A numbered page of the open drafts, newest first (a paid draft is read by its id, as completed). */
    async page(businessId: string, page: number, perPage: number) {
      const { rows, total } = await repo.page(db, businessId, perPage, (page - 1) * perPage);
      return { data: rows, total };
    },

    /** Changes the fields given (HitPay's PATCH); `amount` or `products` prices the lines anew, else they stay. */
    async update(actor: DraftOrderActor, id: string, fields: DraftOrderFields): Promise<DraftOrder> {
      const businessId = actor.business.id;
      await find(businessId, id);
      await checkReferences(actor, fields);
      const repriced = fields.amount !== undefined || fields.products !== undefined;
      const lines = repriced ? await linesOf(actor, actor.business.currency.toLowerCase(), fields) : null;
      await db.transaction(async (tx) => {
        const current = await repo.lock(tx, businessId, id);
        if (!current) throw draftOrderNotFound();
        if (current.paidOrderId) throw draftAlreadyPaid(current.number);
        const kept = lines ?? current.lines;
        const totals = totalsOf(kept, fields.discount ?? current.discount);
        const changes = {
          ...(fields.locationId !== undefined && { locationId: fields.locationId }),
          ...(fields.customerId !== undefined && { customerId: fields.customerId }),
          ...(fields.staffId !== undefined && { staffId: fields.staffId }),
          ...(fields.remark !== undefined && { remark: fields.remark }),
          ...(fields.customerPickup !== undefined && { customerPickup: fields.customerPickup }),
          ...(fields.discountReason !== undefined && { discountReason: fields.discountReason }),
          lines: kept,
          ...totals,
          updatedAt: clock.now(),
        };
        await repo.update(tx, businessId, id, changes);
        await audit.record(tx, actor.where, entry(actor, 'pos_draft_order.updated', { ...current, ...totals }, 'Changed'));
      });
      return find(businessId, id);
    },

    /** Deletes the draft (HitPay's delete): nothing of it was sold, so nothing else changes; the audit keeps it. */
    async remove(actor: DraftOrderActor, id: string): Promise<void> {
      const businessId = actor.business.id;
      await db.transaction(async (tx) => {
        const current = await repo.lock(tx, businessId, id);
        if (!current) throw draftOrderNotFound();
        if (current.paidOrderId) throw draftAlreadyPaid(current.number);
        await repo.remove(tx, businessId, id);
        await audit.record(tx, actor.where, entry(actor, 'pos_draft_order.deleted', current, 'Deleted'));
      });
    },
  };
}

export type DraftOrdersService = ReturnType<typeof createDraftOrdersService>;
