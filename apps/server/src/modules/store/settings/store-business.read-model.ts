import type { StoreSettingsValues } from '@merchant/catalogue';
import { eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { businesses, storeSettings } from '@/db/schema';
import { settingsOf } from './store-settings.types';

/** The business a storefront serves, with its store settings (businesses is shared for reading). */
export interface StoreBusiness {
  id: string;
  identifier: string;
  name: string;
  currency: string;
  logoUrl: string | null;
  onboardingStatus: string;
  cacheVersions: Record<string, number>;
  /** The verified custom domain (null: none, or not verified yet). */
  domain: string | null;
  /** The store settings (the defaults before the first save). */
  settings: StoreSettingsValues;
}

const storeBusinessColumns = {
  id: businesses.id,
  identifier: businesses.identifier,
  name: businesses.name,
  currency: businesses.currency,
  logoUrl: businesses.logoUrl,
  onboardingStatus: businesses.onboardingStatus,
  cacheVersions: businesses.storefrontCacheVersions,
  customDomain: businesses.customDomain,
  customDomainVerified: businesses.customDomainVerified,
  settings: getTableColumns(storeSettings),
};

/** One statement: the business with its settings (a left join: no row yet is the defaults). */
export async function storeBusiness(db: Executor, where: SQL): Promise<StoreBusiness | null> {
  const [row] = await db
    .select(storeBusinessColumns)
    .from(businesses)
    .leftJoin(storeSettings, eq(storeSettings.businessId, businesses.id))
    .where(where)
    .limit(1);
  if (!row) return null;
  const { customDomain, customDomainVerified, settings, ...business } = row;
  return { ...business, domain: customDomain && customDomainVerified ? customDomain : null, settings: settingsOf(settings) };
}
