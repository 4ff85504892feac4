import { AppError, fieldError } from '@merchant/core';
import {
  MAX_THEMES,
  presetContent,
  THEME_PRESET_LABELS,
  ThemeContentSchema,
  type ThemeContent,
  type ThemePreset,
  type StoreTheme,
  type StoreThemeSummary,
} from '@merchant/catalogue';
import type { Executor } from '@/db/client';
import type { BusinessContext } from '@/http/context';
import type { Clock } from '@/lib/clock';
import { newTimeOrderedId } from '@/lib/crypto';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import { storeThemesRepository as repo, type StoreThemeRow } from './store-themes.repository';

export const storeThemeNotFound = () => new AppError('STORE_THEME_NOT_FOUND', 'Theme not found.');

/** Stored content read back through its schema (a row written by an older schema gets its defaults). */
const contentOf = (value: unknown): ThemeContent | null => {
  if (value === null || value === undefined) return null;
  const parsed = ThemeContentSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
};

const summaryOf = (row: StoreThemeRow): StoreThemeSummary => ({
  id: row.id,
  name: row.name,
  preset: row.preset as ThemePreset,
  live: row.live,
  has_unpublished_changes: row.published === null || JSON.stringify(row.draft) !== JSON.stringify(row.published),
  version: row.version,
  published_at: row.publishedAt?.toISOString() ?? null,
  updated_at: row.updatedAt.toISOString(),
});

const present = (row: StoreThemeRow): StoreTheme => ({
  ...summaryOf(row),
  draft: contentOf(row.draft) ?? presetContent(row.preset as ThemePreset),
  published: contentOf(row.published),
});

/**
 * The store's themes (docs/online-store.md, "Store design"): made from a preset, saved as a draft with an optimistic
 * version, published (the draft copied to the published content, the theme made live). Every change is audited in
 * its transaction; a publish purges the storefront before its answer is sent (`purgeKindsOf`).
 */
export function createStoreThemesService(deps: { db: Executor; clock: Clock; audit: AuditService }) {
  const { db, clock, audit } = deps;

  const recordIn = (tx: Executor, ctx: BusinessContext, objectId: string, action: string, description: string) =>
    audit.record(tx, ctx, { action, description, actorUserId: ctx.user.id, businessId: ctx.business.row.id, objectType: 'store_theme', objectId });

  async function found(tx: Executor, businessId: string, id: string, lock = false): Promise<StoreThemeRow> {
    const row = await repo.find(tx, businessId, id, lock);
    if (!row) throw storeThemeNotFound();
    return row;
  }

  async function insertTheme(tx: Executor, ctx: BusinessContext, fields: { name: string; preset: ThemePreset; draft: ThemeContent }): Promise<StoreTheme> {
    const businessId = ctx.business.row.id;
    if ((await repo.count(tx, businessId)) >= MAX_THEMES)
      throw fieldError('VALIDATION_FAILED', 'preset', `A store keeps at most ${MAX_THEMES} themes: delete one first`);
    const now = clock.now();
    const id = newTimeOrderedId(now.getTime());
    await repo.insert(tx, { businessId, id, ...fields, version: 1, live: false, createdAt: now, updatedAt: now });
    return present(await found(tx, businessId, id));
  }

  return {
    async list(ctx: BusinessContext): Promise<{ data: StoreThemeSummary[] }> {
      return { data: (await repo.list(db, ctx.business.row.id)).map(summaryOf) };
    },

    async get(ctx: BusinessContext, id: string): Promise<StoreTheme> {
      return present(await found(db, ctx.business.row.id, id));
    },

    async create(ctx: BusinessContext, body: { preset: ThemePreset; name?: string | undefined }): Promise<StoreTheme> {
      return db.transaction(async (tx) => {
        const theme = await insertTheme(tx, ctx, {
          name: body.name ?? THEME_PRESET_LABELS[body.preset],
          preset: body.preset,
          draft: presetContent(body.preset),
        });
        await recordIn(tx, ctx, theme.id, 'store_theme.created', `Added the theme ${theme.name} from the ${THEME_PRESET_LABELS[body.preset]} preset`);
        return theme;
      });
    },

    async duplicate(ctx: BusinessContext, id: string): Promise<StoreTheme> {
      return db.transaction(async (tx) => {
        const source = present(await found(tx, ctx.business.row.id, id));
        const theme = await insertTheme(tx, ctx, { name: `Copy of ${source.name}`.slice(0, 80), preset: source.preset, draft: source.draft });
        await recordIn(tx, ctx, theme.id, 'store_theme.created', `Duplicated the theme ${source.name}`);
        return theme;
      });
    },

    async save(ctx: BusinessContext, id: string, body: { version: number; name?: string | undefined; draft: ThemeContent }): Promise<StoreTheme> {
      const businessId = ctx.business.row.id;
      return db.transaction(async (tx) => {
        const row = await found(tx, businessId, id, true);
        if (row.version !== body.version)
          throw new AppError('STORE_THEME_STALE', 'This theme was saved elsewhere since you opened it. Reload it to see those changes.');
        await repo.update(tx, businessId, id, { draft: body.draft, name: body.name ?? row.name, version: row.version + 1, updatedAt: clock.now() });
        await recordIn(tx, ctx, id, 'store_theme.updated', `Saved the draft of the theme ${body.name ?? row.name}`);
        return present(await found(tx, businessId, id));
      });
    },

    async publish(ctx: BusinessContext, id: string): Promise<StoreTheme> {
      const businessId = ctx.business.row.id;
      return db.transaction(async (tx) => {
        await repo.lockStore(tx, businessId);
        const row = await found(tx, businessId, id, true);
        const now = clock.now();
        if (!row.live) await repo.clearLive(tx, businessId);
        await repo.update(tx, businessId, id, { published: row.draft, live: true, publishedAt: now, updatedAt: now });
        await recordIn(tx, ctx, id, 'store_theme.published', `Published the theme ${row.name}${row.live ? '' : ' and made it live'}`);
        return present(await found(tx, businessId, id));
      });
    },

    async remove(ctx: BusinessContext, id: string): Promise<{ removed: true }> {
      const businessId = ctx.business.row.id;
      return db.transaction(async (tx) => {
        const row = await found(tx, businessId, id, true);
        if (row.live) throw new AppError('STORE_THEME_LIVE', 'The live theme cannot be deleted. Publish another theme first.');
        await repo.remove(tx, businessId, id);
        await recordIn(tx, ctx, id, 'store_theme.removed', `Deleted the theme ${row.name}`);
        return { removed: true as const };
      });
    },

    /** The draft of a theme of the business (the designer's preview). */
    async draftOf(businessId: string, id: string): Promise<ThemeContent> {
      return present(await found(db, businessId, id)).draft;
    },

    /** The published content of the store's live theme (null: none; the storefront renders as without a theme). */
    async liveContent(businessId: string): Promise<ThemeContent | null> {
      return contentOf(await repo.livePublished(db, businessId));
    },
  };
}

export type StoreThemesService = ReturnType<typeof createStoreThemesService>;
