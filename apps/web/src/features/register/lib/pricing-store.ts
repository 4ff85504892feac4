import { PricingContextSchema, type PricingContext } from '@merchant/catalogue';
import type { QueueStore } from './offline-queue';

/**
 * The last pricing context the register fetched for a location (`GET .../pos/pricing`), kept in the browser's storage
 * so a register reloaded offline still prices its cart as the server will. Read back through its schema: a context
 * kept by an older version that no longer fits is none.
 */
const storageKey = (businessId: string, locationId: string) => `register.pricing.${businessId}.${locationId}`;

export function readPricingContext(store: QueueStore, businessId: string, locationId: string): PricingContext | null {
  try {
    const parsed = PricingContextSchema.safeParse(JSON.parse(store.getItem(storageKey(businessId, locationId)) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function keepPricingContext(store: QueueStore, businessId: string, locationId: string, context: PricingContext): void {
  try {
    store.setItem(storageKey(businessId, locationId), JSON.stringify(context));
  } catch {
    // Storage full or refused: the register still prices with the context it holds in memory.
  }
}
