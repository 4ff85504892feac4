import { z } from 'zod';
import { ABANDONED_AFTER_MINUTES, type AbandonedCart, type ListAbandonedCartsQuery, type StoreCartLine } from '@merchant/catalogue';
import type { Executor } from '@/db/client';
import type { BusinessContext } from '@/http/context';
import type { Clock } from '@/lib/clock';
import { decodeCursor, pageFrom } from '@/lib/cursor';
import { randomToken, sha256 } from '@/lib/crypto';
import type { Mailer } from '@/mail/mailer';
import { storefrontCatalogue, type StorefrontCatalogue } from '@/modules/catalogue/products/storefront.read-model';
import { abandonedCartsRepository as repo, type AbandonedCartRow } from './abandoned-carts.repository';
import { storeRepository, type StoreBusiness } from './store.repository';
import { money } from './storefront.layout';
import { viewOf } from './storefront.cart-lines';

export const ABANDONED_AFTER_MS = ABANDONED_AFTER_MINUTES * 60_000;
/** A cart quiet for longer than this when the schedule first sees it gets no mail (a week: Shopify's window too). */
export const RECOVERY_WINDOW_MS = 7 * 24 * 60 * 60_000;
const BATCH = 200;
const Email = z.email().max(254);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The catalogue of the products these carts hold (their variants' products as sold now), however large the store:
 * never the whole catalogue, whose reads stop at its first products by name. Null: the carts hold nothing.
 */
async function catalogueOfCarts(db: Executor, businessId: string, rows: readonly Pick<AbandonedCartRow, 'lines'>[]): Promise<StorefrontCatalogue | null> {
  const variantIds = [...new Set(rows.flatMap((r) => r.lines.map((l) => l.variant_id)))].filter((id) => UUID.test(id));
  return variantIds.length > 0 ? storefrontCatalogue(db, businessId, { variantIds }) : null;
}

/**
 * Abandoned carts (docs/online-store.md, "Abandoned carts"): the checkout's email kept on the cart, the recovery
 * schedule that mails each abandoned cart once with a link that restores it, and the dashboard's list.
 */
export function createAbandonedCartsService(deps: {
  db: Executor;
  clock: Clock;
  mailer: Pick<Mailer, 'send'>;
  /** The store's origin: the shop host, or its verified custom domain. */
  storeOrigin: (business: { identifier: string; domain: string | null }) => string;
}) {
  const { db, clock } = deps;

  /** What a cart holds, in words and money: its lines at the catalogue's prices now, or its unpaid order's. */
  function contentOf(row: AbandonedCartRow, catalogue: StorefrontCatalogue | null, currency: string) {
    if (row.lines.length === 0 || !catalogue) {
      return row.order
        ? {
            items: row.order.lines.map((l) => ({ name: l.name, variant: l.variant, quantity: l.quantity })),
            value: { amount: row.order.total, currency: row.order.currency },
          }
        : { items: [], value: { amount: 0, currency } };
    }
    const view = viewOf(currency, catalogue, row.lines);
    return { items: view.lines.map((l) => ({ name: l.name, variant: l.variant, quantity: l.quantity })), value: { amount: view.subtotal, currency } };
  }

  return {
    /**
     * The checkout was given an email (the first thing it asks): kept on the cart as soon as it is given, valid, on
     * every submission, placed or refused. A cart without items keeps nothing.
     */
    async captureEmail(businessId: string, cartId: string, email: string): Promise<boolean> {
      const parsed = Email.safeParse(email.trim());
      if (!parsed.success) return false;
      return repo.captureEmail(db, businessId, cartId, parsed.data, clock.now());
    },

    /**
     * The recovery link was opened: the cart it names, with its items back (an emptied cart gets its unpaid order's
     * lines), and the opening kept (a paid order after it counts the cart as recovered). Answers the cart's id, or
     * null for an unknown link or another business's.
     */
    async restore(businessId: string, token: string): Promise<string | null> {
      if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
      return db.transaction(async (tx) => {
        const row = await repo.byTokenHash(tx, sha256(token));
        if (!row || row.businessId !== businessId) return null;
        const lines: StoreCartLine[] | null =
          row.lines.length === 0 && row.order && !row.order.paid
            ? row.order.lines.map((l) => ({ variant_id: l.variant_id, quantity: l.quantity, add_on_choice_ids: l.add_ons.map((a) => a.id).sort() }))
            : null;
        await repo.restored(tx, row.businessId, row.id, lines, clock.now());
        return row.id;
      });
    },

    /**
     * The recovery schedule: every cart abandoned (quiet for ABANDONED_AFTER_MINUTES) within the recovery window and
     * not mailed yet gets its one mail, unless the store turned recovery mails off. Each mail is claimed by a
     * conditional update in the mail's transaction, so two workers (or two runs) never send a cart two. Answers how
     * many were sent.
     */
    async sendRecoveryMails(now: Date = clock.now()): Promise<number> {
      const cutoff = new Date(now.getTime() - ABANDONED_AFTER_MS);
      const due = await repo.unmailed(db, cutoff, new Date(now.getTime() - RECOVERY_WINDOW_MS), BATCH);
      const businesses = new Map<string, StoreBusiness | null>();
      let sent = 0;
      for (const cart of due) {
        if (!businesses.has(cart.businessId)) businesses.set(cart.businessId, await storeRepository.businessById(db, cart.businessId));
        const business = businesses.get(cart.businessId);
        if (!business || !business.settings.recovery_mails) continue;
        // The products this cart holds, read before its transaction: the claim holds only while the cart has not
        // changed since it was read (any change of its lines moves its last activity past the cutoff).
        const catalogue = await catalogueOfCarts(db, cart.businessId, [cart]);
        const token = randomToken(24);
        const mailed = await db.transaction(async (tx) => {
          const row = await repo.claimMail(tx, cart.businessId, cart.id, cutoff, sha256(token), now);
          if (!row) return false;
          const name = business.settings.store_name ?? business.name;
          const { items, value } = contentOf(row, catalogue, business.currency);
          const link = `${deps.storeOrigin(business)}/cart/recover/${token}`;
          const list = items.map((i) => `${i.quantity} × ${i.name}${i.variant ? ` (${i.variant})` : ''}`).join('\n');
          await deps.mailer.send(tx, {
            to: row.email,
            subject: `${name}: your cart is waiting`,
            text: `You left these in your cart at ${name} (${money(value.amount, value.currency)}):\n\n${list}\n\nPick up where you left off: ${link}\n\nThis is the only reminder we send.`,
          });
          return true;
        });
        if (mailed) sent++;
      }
      return sent;
    },

    async list(ctx: BusinessContext, query: ListAbandonedCartsQuery): Promise<{ data: AbandonedCart[]; next_cursor: string | null }> {
      const businessId = ctx.business.row.id;
      const cutoff = new Date(clock.now().getTime() - ABANDONED_AFTER_MS);
      const cursor = decodeCursor(query.cursor);
      const rows = await repo.page(db, businessId, cutoff, query.limit, cursor ? { key: cursor.createdAt, id: cursor.id } : undefined);
      const page = pageFrom(rows, query.limit, (r) => ({ createdAt: r.updatedAt, id: r.id }));
      const catalogue = await catalogueOfCarts(db, businessId, page.rows);
      return {
        data: page.rows.map((r) => {
          const { items, value } = contentOf(r, catalogue, ctx.business.row.currency);
          return {
            id: r.id,
            email: r.email,
            items,
            item_count: items.reduce((n, i) => n + i.quantity, 0),
            value,
            last_activity_at: r.updatedAt.toISOString(),
            recovery_mail_sent_at: r.recoveryMailSentAt?.toISOString() ?? null,
            recovered: r.recovered,
            order_reference: r.recovered ? (r.order?.reference ?? null) : null,
          };
        }),
        next_cursor: page.nextCursor,
      };
    },

    /** The insight's figure, by the same definition as the list: carts listed by their last activity in the range. */
    counts(businessId: string, since: Date, until: Date): Promise<{ abandoned: number; recovered: number }> {
      return repo.counts(db, businessId, new Date(clock.now().getTime() - ABANDONED_AFTER_MS), since, until);
    },
  };
}

export type AbandonedCartsService = ReturnType<typeof createAbandonedCartsService>;
