import { AppError, MAX_MINOR_AMOUNT, fieldError, formatMoneyWithCode, type ApiIssue } from '@merchant/core';
import type { RegisterDraft, SaveRegisterDraftFields } from '@merchant/pos';
import type { Executor } from '@/db/client';
import type { BusinessContext } from '@/http/context';
import type { Clock } from '@/lib/clock';
import { saleItems } from '@/modules/catalogue/products/sale-items.read-model';
import type { LocationsService } from '@/modules/catalogue/products/locations.service';
import { assertLocationsAllowed } from '@/modules/location-scope';
import type { CustomersService } from '@/modules/payments/customers/customers.service';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import { draftAlreadyPaid, draftOrderNotFound, keepNumberedDraft, newDraftHead, type DraftLine } from './draft-orders.service';
import { draftOrdersRepository as repo, type DraftOrderRow, type NamedDraftOrderRow } from './draft-orders.repository';

const iso = (d: Date) => d.toISOString();

/**
 * The register's draft orders (docs/pos.md, "Draft orders on the register"): the open drafts of its location (and
 * those kept for no location), each line with the catalogue's price now (the sale is priced with it, as any sale), and
 * the register's delete. Paying a draft is the sale's work (`sales.service`, `draft_id`).
 */
export function createRegisterDraftsService(deps: {
  db: Executor;
  clock: Clock;
  audit: AuditService;
  locations: Pick<LocationsService, 'getIn'>;
  customers: Pick<CustomersService, 'get'>;
}) {
  const { db, clock, audit } = deps;

  /**
   * The cart as a draft's lines and totals, checked against the business: the location (active, the caller's), the
   * customer, each variant sold at the register now (named as the catalogue names it) at the unit price the cart
   * showed, and the order discount (a percentage kept as its amount off the lines, rounded half up).
   */
  async function keptFrom(ctx: BusinessContext, body: SaveRegisterDraftFields) {
    const businessId = ctx.business.row.id;
    const currency = ctx.business.row.currency.toLowerCase();
    const location = await deps.locations.getIn(db, businessId, body.location_id).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'LOCATION_NOT_FOUND') return null;
      throw error;
    });
    if (!location) throw fieldError('VALIDATION_FAILED', 'location_id', 'Choose a location from the list');
    if (location.status !== 'active') throw fieldError('VALIDATION_FAILED', 'location_id', 'This location is archived');
    await assertLocationsAllowed(db, ctx, [body.location_id]);
    const issues: ApiIssue[] = [];
    if (body.customer_id) {
      const found = await deps.customers.get(businessId, body.customer_id).catch(() => null);
      if (!found) issues.push({ path: 'customer_id', message: 'Choose a customer from the list' });
    }
    const items = await saleItems(
      db,
      businessId,
      body.lines.map((l) => l.variant_id),
    );
    const lines: DraftLine[] = [];
    body.lines.forEach((l, i) => {
      const item = items.get(l.variant_id);
      if (!item) return issues.push({ path: `lines.${i}.variant_id`, message: 'Choose a product from the list' });
      if (item.status !== 'active' || !item.channels.includes('pos') || item.currency.toLowerCase() !== currency)
        return issues.push({ path: `lines.${i}.variant_id`, message: `“${item.name}” is not sold at the register` });
      const total = l.unit_price * l.quantity;
      if (total > MAX_MINOR_AMOUNT) return issues.push({ path: `lines.${i}.quantity`, message: 'The line’s amount is too large' });
      lines.push({
        line_id: `l${i + 1}`,
        product_id: item.productId,
        variant_id: item.variantId,
        name: item.name.slice(0, 500),
        quantity: l.quantity,
        unit_price: l.unit_price,
        total,
      });
    });
    const subtotal = lines.reduce((sum, l) => sum + l.total, 0);
    if (issues.length === 0 && subtotal > MAX_MINOR_AMOUNT) issues.push({ path: 'lines', message: 'The order’s amount is too large' });
    const d = body.order_discount ?? null;
    const discount = !d ? 0 : d.type === 'fixed' ? d.amount : Math.round((subtotal * d.rate) / 10_000);
    if (issues.length === 0 && discount > subtotal) issues.push({ path: 'order_discount', message: 'The discount may not be more than the order' });
    if (issues.length > 0) throw new AppError('VALIDATION_FAILED', issues[0]!.message, issues);
    return {
      lines,
      subtotal,
      discount,
      total: subtotal - discount,
      discountReason: d?.type === 'percentage' ? `${d.rate / 100} % off the order` : null,
      customerId: body.customer_id ?? null,
      remark: body.note,
      currency,
    };
  }

  const savedEntry = (ctx: BusinessContext, action: string, row: Pick<DraftOrderRow, 'id' | 'number' | 'total' | 'currency'>, verb: string) => ({
    action,
    description: `${verb} the draft order #${row.number} (${formatMoneyWithCode(row.total, row.currency)}) at the register`,
    actorUserId: ctx.user.id,
    businessId: ctx.business.row.id,
    objectType: 'pos_draft_order',
    objectId: row.id,
  });

  async function presentOne(ctx: BusinessContext, id: string): Promise<RegisterDraft> {
    const found = await repo.find(db, ctx.business.row.id, id);
    if (!found) throw draftOrderNotFound();
    return (await present(ctx.business.row.id, [found], ctx.business.row.currency))[0]!;
  }

  /** The drafts of one business (`businessId`, the caller's) as the register shows them. */
  async function present(businessId: string, rows: NamedDraftOrderRow[], currency: string): Promise<RegisterDraft[]> {
    const variantIds = [...new Set(rows.flatMap((r) => r.draft.lines.flatMap((l) => (l.variant_id ? [l.variant_id] : []))))];
    const items = await saleItems(db, businessId, variantIds);
    const money = (amount: number) => ({ amount, currency: currency });
    return rows.map(({ draft, locationName, customerName, customerEmail }) => ({
      id: draft.id,
      number: draft.number,
      location: draft.locationId ? { id: draft.locationId, name: locationName ?? '' } : null,
      customer: draft.customerId ? { id: draft.customerId, name: customerName ?? customerEmail ?? '' } : null,
      note: draft.remark,
      discount: money(draft.discount),
      discount_reason: draft.discountReason,
      subtotal: money(draft.subtotal),
      total: money(draft.total),
      lines: draft.lines.map((l) => {
        const item = l.variant_id ? items.get(l.variant_id) : undefined;
        const sellable = item !== undefined && item.status === 'active' && item.channels.includes('pos') && item.currency === currency;
        return {
          line_id: l.line_id,
          product_id: l.product_id,
          variant_id: l.variant_id,
          category_id: item?.categoryId ?? null,
          name: l.name,
          quantity: l.quantity,
          draft_unit_price: money(l.unit_price),
          unit_price: sellable ? money(item.price) : null,
          sellable,
        };
      }),
      created_at: iso(draft.createdAt),
    }));
  }

  return {
    /** The open drafts for the register at the location (a member limited to other locations: 403). */
    async list(ctx: BusinessContext, locationId: string): Promise<{ data: RegisterDraft[] }> {
      const businessId = ctx.business.row.id;
      await deps.locations.getIn(db, businessId, locationId);
      await assertLocationsAllowed(db, ctx, [locationId]);
      const rows = await repo.openAt(db, businessId, locationId);
      return { data: await present(businessId, rows, ctx.business.row.currency) };
    },

    /**
     * Saves the register's cart as a new open draft of its location (docs/pos.md, "Saving the cart as an open order"),
     * made by the caller and for them, audited `pos_draft_order.created`.
     */
    async save(ctx: BusinessContext, body: SaveRegisterDraftFields): Promise<RegisterDraft> {
      const businessId = ctx.business.row.id;
      const kept = await keptFrom(ctx, body);
      const id = await keepNumberedDraft(db, async (tx) => {
        const row = {
          ...(await newDraftHead(tx, clock, businessId)),
          locationId: body.location_id,
          staffId: ctx.user.id,
          createdBy: ctx.user.id,
          customerPickup: true,
          ...kept,
        };
        await repo.insert(tx, row);
        await audit.record(tx, ctx, savedEntry(ctx, 'pos_draft_order.created', row, 'Saved the cart as'));
        return row.id;
      });
      return presentOne(ctx, id);
    },

    /**
     * Saves the cart into the open draft it was opened from: its lines, customer, note and discount replaced by the
     * cart's, its location kept. One conditional update, only while the draft is open and kept for the register's
     * location or none: a draft paid meanwhile (by another register) is 409 and stays as it was paid.
     */
    async update(ctx: BusinessContext, id: string, body: SaveRegisterDraftFields): Promise<RegisterDraft> {
      const businessId = ctx.business.row.id;
      const found = await repo.find(db, businessId, id);
      if (!found) throw draftOrderNotFound();
      if (found.draft.locationId) await assertLocationsAllowed(db, ctx, [found.draft.locationId]);
      const kept = await keptFrom(ctx, body);
      await db.transaction(async (tx) => {
        const changed = await repo.updateOpen(tx, businessId, id, body.location_id, { ...kept, updatedAt: clock.now() });
        if (!changed) {
          const current = await repo.lock(tx, businessId, id);
          if (!current) throw draftOrderNotFound();
          if (current.paidOrderId) throw draftAlreadyPaid(current.number);
          throw fieldError('VALIDATION_FAILED', 'location_id', `Draft order #${current.number} is kept for another location`);
        }
        await audit.record(
          tx,
          ctx,
          savedEntry(ctx, 'pos_draft_order.updated', { id, number: changed.number, total: kept.total, currency: kept.currency }, 'Saved the cart into'),
        );
      });
      return presentOne(ctx, id);
    },

    /** Deletes an open draft from the register (audited); a paid draft stays (409), another location's is refused. */
    async remove(ctx: BusinessContext, id: string): Promise<{ removed: true }> {
      const businessId = ctx.business.row.id;
      await db.transaction(async (tx) => {
        const current = await repo.lock(tx, businessId, id);
        if (!current) throw draftOrderNotFound();
        if (current.locationId) await assertLocationsAllowed(tx, ctx, [current.locationId]);
        if (current.paidOrderId) throw draftAlreadyPaid(current.number);
        await repo.remove(tx, businessId, id);
        await audit.record(tx, ctx, {
          action: 'pos_draft_order.deleted',
          description: `Deleted the draft order #${current.number} (${formatMoneyWithCode(current.total, current.currency)}) at the register`,
          actorUserId: ctx.user.id,
          businessId,
          objectType: 'pos_draft_order',
          objectId: current.id,
        });
      });
      return { removed: true };
    },
  };
}

export type RegisterDraftsService = ReturnType<typeof createRegisterDraftsService>;
