import { sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import type { BusinessRow } from '@/http/context';

export type BusinessDetailsChange = Partial<
  Pick<
    BusinessRow,
    | 'name'
    | 'country'
    | 'currency'
    | 'timeZone'
    | 'addressLine1'
    | 'addressLine2'
    | 'addressCity'
    | 'addressState'
    | 'addressPostalCode'
    | 'taxNumber'
    | 'requireTwoFactor'
  >
>;

export const businessDetailsRepository = {
  /** Whether the database knows the time zone too (its zone data may be older than the platform's). */
  async knowsTimeZone(db: Executor, zone: string) {
    const result = await db.execute(sql`select exists (select 1 from pg_timezone_names where name = ${zone}) as known`);
    return Boolean((result as unknown as { rows: { known: boolean }[] }).rows[0]?.known);
  },
};
