import { AppError, fieldError } from '@merchant/core';
import type { StorePage, StorePageFields } from '@merchant/catalogue';
import type { Executor } from '@/db/client';
import { uniqueViolationOf } from '@/db/unique-violation';
import type { BusinessContext, BusinessRow } from '@/http/context';
import type { Clock } from '@/lib/clock';
import { newTimeOrderedId } from '@/lib/crypto';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import { storePagesRepository as repo, type StorePageRow } from './store-pages.repository';

export const storePageNotFound = () => new AppError('STORE_PAGE_NOT_FOUND', 'Page not found.');

/** A published page as the storefront serves it. */
export interface PublishedStorePage {
  title: string;
  slug: string;
  body: string;
  updatedAt: Date;
}

/**
 * The online store's content pages and its visits (docs/online-store.md, "Pages" and "Shop insight"): pages with a
 * slug unique in the store, served by the storefront once published; a daily counter of storefront page views.
 * Every change is audited in its transaction; the storefront is purged before the answer is sent (`purgeKindsOf`).
 */
export function createStorePagesService(deps: {
  db: Executor;
  clock: Clock;
  audit: AuditService;
  /** The storefront's address of a business (its verified domain, else its shop host). */
  storefrontUrl: (business: Pick<BusinessRow, 'identifier' | 'customDomain' | 'customDomainVerified'>) => string;
}) {
  const { db, clock, audit } = deps;

  /**
   * Page views wait in memory, by business and minute, and are written by one upsert each at most 5 seconds later
   * (or when the overview reads them): a storefront page costs no write of its own.
   */
  const pendingViews = new Map<string, number>();
  let flushTimer: NodeJS.Timeout | undefined;
  /** The minute views are being counted in, as milliseconds and as the text of its key. */
  let viewMinute = { ms: Number.NaN, text: '' };
  async function flushViews(): Promise<void> {
    if (flushTimer) clearTimeout(flushTimer);
    flushTimer = undefined;
    const batch = [...pendingViews];
    pendingViews.clear();
    for (const [key, views] of batch) {
      const [businessId = '', minute = ''] = key.split('|');
      try {
        await repo.addViews(db, businessId, new Date(minute), views);
      } catch {
        // Kept for the next flush (the next view starts its timer); a deleted business's views insert nothing.
        pendingViews.set(key, (pendingViews.get(key) ?? 0) + views);
      }
    }
  }

  const present = (business: BusinessRow, row: StorePageRow): StorePage => ({
    id: row.id,
    title: row.title,
    slug: row.slug,
    body: row.body,
    published: row.published,
    url: `${deps.storefrontUrl(business)}/pages/${row.slug}`,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  });

  const recordIn = (tx: Executor, ctx: BusinessContext, objectId: string, action: string, description: string) =>
    audit.record(tx, ctx, { action, description, actorUserId: ctx.user.id, businessId: ctx.business.row.id, objectType: 'store_page', objectId });

  async function named<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (uniqueViolationOf(error) === 'store_pages_slug_key') throw fieldError('VALIDATION_FAILED', 'slug', 'Another page has this address');
      throw error;
    }
  }

  async function getIn(executor: Executor, business: BusinessRow, id: string): Promise<StorePage> {
    const row = await repo.find(executor, business.id, id);
    if (!row) throw storePageNotFound();
    return present(business, row);
  }

  return {
    async list(business: BusinessRow, filter: { q?: string | undefined }) {
      return { data: (await repo.list(db, business.id, filter.q)).map((r) => present(business, r)) };
    },

    get: (business: BusinessRow, id: string) => getIn(db, business, id),

    async create(ctx: BusinessContext, body: StorePageFields): Promise<StorePage> {
      const business = ctx.business.row;
      const now = clock.now();
      const id = newTimeOrderedId(now.getTime());
      return named(() =>
        db.transaction(async (tx) => {
          await repo.insert(tx, { businessId: business.id, id, ...body, createdAt: now, updatedAt: now });
          await recordIn(tx, ctx, id, 'store_page.created', `Added the page ${body.title}${body.published ? ' (published)' : ' (draft)'}`);
          return getIn(tx, business, id);
        }),
      );
    },

    async update(ctx: BusinessContext, id: string, body: StorePageFields): Promise<StorePage> {
      const business = ctx.business.row;
      return named(() =>
        db.transaction(async (tx) => {
          const row = await repo.find(tx, business.id, id, true);
          if (!row) throw storePageNotFound();
          await repo.update(tx, business.id, id, { ...body, updatedAt: clock.now() });
          const what = row.published !== body.published ? (body.published ? ' and published it' : ' and made it a draft') : '';
          await recordIn(tx, ctx, id, 'store_page.updated', `Edited the page ${body.title}${what}`);
          return getIn(tx, business, id);
        }),
      );
    },

    async remove(ctx: BusinessContext, id: string): Promise<{ removed: true }> {
      const business = ctx.business.row;
      return db.transaction(async (tx) => {
        const row = await repo.find(tx, business.id, id, true);
        if (!row) throw storePageNotFound();
        await repo.remove(tx, business.id, id);
        await recordIn(tx, ctx, id, 'store_page.removed', `Deleted the page ${row.title}`);
        return { removed: true as const };
      });
    },

    /** The published page of this slug (null: none, or a draft). */
    async published(businessId: string, slug: string): Promise<PublishedStorePage | null> {
      const row = await repo.findPublished(db, businessId, slug);
      return row ? { title: row.title, slug: row.slug, body: row.body, updatedAt: row.updatedAt } : null;
    },

    /** The published pages' titles and slugs, by title. */
    publishedLinks: (businessId: string) => repo.publishedLinks(db, businessId),

    /** One storefront page view, on the business's day of now (written within 5 seconds). */
    countView(businessId: string): void {
      // Every cached page counts one: the minute's text is made once a minute, not once a view.
      const minuteMs = Math.floor(clock.now().getTime() / 60_000) * 60_000;
      if (minuteMs !== viewMinute.ms) viewMinute = { ms: minuteMs, text: new Date(minuteMs).toISOString() };
      const key = `${businessId}|${viewMinute.text}`;
      pendingViews.set(key, (pendingViews.get(key) ?? 0) + 1);
      flushTimer ??= setTimeout(() => void flushViews(), 5000).unref();
    },

    flushViews,

    /** Page views of a range of the business's days (both included), and whether it was ever visited. */
    async views(businessId: string, from: string, to: string): Promise<{ views: number; ever: boolean }> {
      await flushViews();
      return { views: await repo.viewsBetween(db, businessId, from, to), ever: await repo.everVisited(db, businessId) };
    },

    /** Page views of each of a range of the business's days that had any (both ends included). */
    async viewsByDay(businessId: string, from: string, to: string): Promise<{ day: string; views: number }[]> {
      await flushViews();
      return repo.viewsByDay(db, businessId, from, to);
    },
  };
}

export type StorePagesService = ReturnType<typeof createStorePagesService>;
