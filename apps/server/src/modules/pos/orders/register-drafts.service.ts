import { formatMoneyWithCode } from '@merchant/core';
import type { RegisterDraft } from '@merchant/pos';
import type { Executor } from '@/db/client';
import type { BusinessContext } from '@/http/context';
import type { Clock } from '@/lib/clock';
import { saleItems } from '@/modules/catalogue/products/sale-items.read-model';
import type { LocationsService } from '@/modules/catalogue/products/locations.service';
import { assertLocationsAllowed } from '@/modules/location-scope';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import { draftAlreadyPaid, draftOrderNotFound } from './draft-orders.service';
import { draftOrdersRepository as repo, type NamedDraftOrderRow } from './draft-orders.repository';

const iso = (d: Date) => d.toISOString();

/**
 * The register's draft orders (docs/pos.md, "Draft orders on the register"): the open drafts of its location (and
 * those kept for no location), each line with the catalogue's price now (the sale is priced with it, as any sale), and
 * the register's delete. Paying a draft is the sale's work (`sales.service`, `draft_id`).
 */
export function createRegisterDraftsService(deps: { db: Executor; clock: Clock; audit: AuditService; locations: Pick<LocationsService, 'getIn'> }) {
  const { db, audit } = deps;

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
