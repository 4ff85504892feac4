import { and, asc, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { bankAccounts } from '@/db/schema';

/** Whether the business has added a bank account, as a condition other modules' statements embed (the Overview's checklist). */
export const bankAccountAdded = (businessId: Placeholder): SQL<boolean> =>
  sql<boolean>`exists (select 1 from ${bankAccounts} where ${bankAccounts.businessId} = ${businessId})`;

/** A column of the business's default account in a currency, as a scalar other modules' statements embed (the next payout's bank). */
const defaultAccount = (column: typeof bankAccounts.bankName | typeof bankAccounts.accountNumber, businessId: Placeholder, currency: Placeholder) =>
  sql<
    string | null
  >`(select ${column} from ${bankAccounts} where ${bankAccounts.businessId} = ${businessId} and ${bankAccounts.currency} = ${currency} and ${bankAccounts.isDefault})`;

export const defaultBankName = (businessId: Placeholder, currency: Placeholder): SQL<string | null> =>
  defaultAccount(bankAccounts.bankName, businessId, currency);
export const defaultAccountNumber = (businessId: Placeholder, currency: Placeholder): SQL<string | null> =>
  defaultAccount(bankAccounts.accountNumber, businessId, currency);

/** The currencies in which the business has a default account: those its balance can be paid out in (the partner's overview). */
export async function payoutCurrencies(db: Executor, businessId: string): Promise<string[]> {
  const rows = await db
    .select({ currency: bankAccounts.currency })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.businessId, businessId), eq(bankAccounts.isDefault, true)))
    .orderBy(asc(bankAccounts.currency));
  return rows.map((r) => r.currency);
}
