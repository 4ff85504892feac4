import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { businesses, storeSettings } from '@/db/schema';
import type { StoreSettingsRow } from './store-settings.types';

export type { StoreSettingsRow };
export type StoreSettingsInsert = typeof storeSettings.$inferInsert;

/** The business's custom domain and where its verification stands (columns of `businesses`, spec 3). */
export interface DomainRow {
  identifier: string;
  name: string;
  logoUrl: string | null;
  customDomain: string | null;
  customDomainVerified: boolean;
  customDomainToken: string | null;
  customDomainCheckedAt: Date | null;
  customDomainProblem: string | null;
}

const domainColumns = {
  identifier: businesses.identifier,
  name: businesses.name,
  logoUrl: businesses.logoUrl,
  customDomain: businesses.customDomain,
  customDomainVerified: businesses.customDomainVerified,
  customDomainToken: businesses.customDomainToken,
  customDomainCheckedAt: businesses.customDomainCheckedAt,
  customDomainProblem: businesses.customDomainProblem,
};

export const storeSettingsRepository = {
  async find(db: Executor, businessId: string): Promise<StoreSettingsRow | null> {
    const [row] = await db.select().from(storeSettings).where(eq(storeSettings.businessId, businessId)).limit(1);
    return row ?? null;
  },

  async upsert(db: Executor, row: StoreSettingsInsert): Promise<StoreSettingsRow> {
    const { businessId: _key, ...set } = row;
    const [saved] = await db.insert(storeSettings).values(row).onConflictDoUpdate({ target: storeSettings.businessId, set }).returning();
    return saved!;
  },

  async domain(db: Executor, businessId: string, lock = false): Promise<DomainRow> {
    const query = db.select(domainColumns).from(businesses).where(eq(businesses.id, businessId)).limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row!;
  },

  /** Whether another business has connected this domain (compared without case). */
  async domainHeldByOther(db: Executor, businessId: string, domain: string): Promise<boolean> {
    const [row] = await db
      .select({ id: businesses.id })
      .from(businesses)
      .where(and(sql`lower(${businesses.customDomain}) = ${domain.toLowerCase()}`, ne(businesses.id, businessId)))
      .limit(1);
    return Boolean(row);
  },

  async setDomain(
    db: Executor,
    businessId: string,
    patch: Partial<Pick<DomainRow, 'customDomain' | 'customDomainVerified' | 'customDomainToken' | 'customDomainCheckedAt' | 'customDomainProblem'>>,
    now: Date,
  ): Promise<DomainRow> {
    const [row] = await db
      .update(businesses)
      .set({ ...patch, updatedAt: now })
      .where(eq(businesses.id, businessId))
      .returning(domainColumns);
    return row!;
  },
};
