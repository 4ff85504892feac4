import { addDays, localDate } from '@merchant/core';
import type { AppConfig } from '../config';
import type { BusinessContext } from '../http/context';
import type { Clock } from '../lib/clock';
import { buildServices, quietSideEffects, type Services } from '../services';
import type { Executor } from './client';

/** The demo's Xero connection (docs/developers.md, "Accounting connections"): connected in test mode, its accounts mapped. */
export async function seedDemoConnection(services: Services, owner: BusinessContext): Promise<void> {
  await services.connections.connect(owner, 'xero');
  await services.connections.saveMapping(owner, 'xero', {
    sales_account: '200',
    fees_account: '405',
    refunds_account: '480',
    clearing_account: '615',
    bank_account: '090',
  });
}

export const DEMO_JOURNAL_DAYS = 7;

/** The last week's journals of the demo's Xero connection, posted from the seeded history's ledger as the daily schedule posts them. */
export async function seedDemoJournals(db: Executor, businessId: string, clock: Clock, config: AppConfig): Promise<void> {
  const { services } = buildServices({ db, clock, config, ...quietSideEffects });
  for (const { connection, timeZone } of await services.connections.mappedOf(businessId)) {
    const today = localDate(clock.now(), timeZone);
    for (let back = DEMO_JOURNAL_DAYS; back >= 1; back--) await services.connections.postDay(connection, timeZone, addDays(today, -back));
  }
}
