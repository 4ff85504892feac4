import { balanceOfProvider, LEDGER_ACCOUNTS, type BalanceKind, type LedgerAccount, type LedgerTransactionKind } from '@merchant/payments';
import type { Executor } from '@/db/client';
import { writeTogether, type Write } from '@/db/write-together';
import type { Clock } from '@/lib/clock';
import { newTimeOrderedId } from '@/lib/crypto';
import { decodeCursor, pageFrom } from '@/lib/cursor';
import { paymentProviders } from '../charges/payment-providers.read-model';
import { ledgerRepository as repo, lockBalanceShared, type NewLedgerEntry, type NewLedgerTransaction } from './ledger.repository';

export interface LedgerEntryInput {
  account: LedgerAccount;
  currency: string;
  /** Signed minor units: positive credits the account, negative debits it; never zero. */
  amount: number;
}

export interface LedgerPosting {
  kind: LedgerTransactionKind;
  paymentId?: string;
  refundId?: string;
  /** Later capabilities (payouts, transfers) name their own rows here. */
  reference?: { type: string; id: string };
  description: string;
  /**
   * The balance its entries count in. Callers that hold the payment pass `balanceOfProvider(payment.provider)`;
   * left out, it is the payment's (one read for all the postings that need it), or the wallet without a payment.
   */
  balance?: BalanceKind;
  entries: LedgerEntryInput[];
}

/** The merchant's balances in one currency: sums of the ledger's entries, never stored. */
export interface LedgerBalance {
  currency: string;
  pending: number;
  available: number;
  inTransit: number;
  paidOut: number;
}

const BALANCE_ACCOUNTS = {
  merchant_pending: 'pending',
  merchant_available: 'available',
  merchant_in_transit: 'inTransit',
  merchant_paid_out: 'paidOut',
} as const satisfies Partial<Record<LedgerAccount, keyof LedgerBalance>>;
const balanceSums = repo.sums('ledger_balance_sums', Object.keys(BALANCE_ACCOUNTS) as LedgerAccount[]);

/** A posting whose entries do not balance is a bug in its caller: refused before the database refuses it at commit. */
export function assertBalanced(entries: readonly LedgerEntryInput[]): void {
  if (entries.length < 2) throw new Error('A ledger transaction has at least two entries.');
  const sums = new Map<string, number>();
  for (const entry of entries) {
    if (!Number.isSafeInteger(entry.amount) || entry.amount === 0) throw new Error(`A ledger entry's amount is a non-zero whole number (${entry.amount}).`);
    if (!LEDGER_ACCOUNTS.includes(entry.account)) throw new Error(`Unknown ledger account ${String(entry.account)}.`);
    sums.set(entry.currency, (sums.get(entry.currency) ?? 0) + entry.amount);
  }
  for (const [currency, sum] of sums) {
    if (sum !== 0) throw new Error(`The ledger transaction does not balance in ${currency} (off by ${sum}).`);
  }
}

/**
 * The double-entry ledger of every business (docs/payments.md, "The ledger" and "Core services"). Postings
 * run in the caller's transaction, so they commit with the state change they record; the database refuses
 * an unbalanced transaction at commit and any change to a posted entry.
 */
export function createLedgerService(deps: { clock: Clock }) {
  /**
   * The postings' rows as writes for `writeTogether` (with the caller's other writes, in one statement), and their
   * ids in order. Takes what the writes need first (the wallet's shared lock, the payments' providers).
   */
  async function writesOf(tx: Executor, businessId: string, postings: readonly LedgerPosting[]): Promise<{ ids: string[]; writes: Write[] }> {
    for (const posting of postings) assertBalanced(posting.entries);
    const unknown = [...new Set(postings.filter((p) => !p.balance && p.paymentId).map((p) => p.paymentId!))];
    const providers = unknown.length > 0 ? await paymentProviders(tx, businessId, unknown) : new Map<string, string>();
    const balanceOf = (posting: LedgerPosting): BalanceKind =>
      posting.balance ?? (posting.paymentId ? balanceOfProvider(providers.get(posting.paymentId) ?? null) : 'wallet');
    const createdAt = deps.clock.now();
    const transactions: NewLedgerTransaction[] = [];
    const entries: NewLedgerEntry[] = [];
    for (const posting of postings) {
      const id = newTimeOrderedId();
      transactions.push({
        businessId,
        id,
        kind: posting.kind,
        paymentId: posting.paymentId ?? null,
        refundId: posting.refundId ?? null,
        referenceType: posting.reference?.type ?? null,
        referenceId: posting.reference?.id ?? null,
        description: posting.description,
        createdAt,
      });
      const balance = balanceOf(posting);
      for (const entry of posting.entries) {
        entries.push({
          businessId,
          id: newTimeOrderedId(),
          transactionId: id,
          account: entry.account,
          currency: entry.currency,
          amount: entry.amount,
          balance,
          createdAt,
        });
      }
    }
    if (transactions.length === 0) return { ids: [], writes: [] };
    // Entries of the wallet's available balance are written under its lock in shared mode (the payout mark).
    const shared = [...new Set(entries.filter((e) => e.account === 'merchant_available' && e.balance === 'wallet').map((e) => e.currency))].sort();
    for (const currency of shared) await lockBalanceShared(tx, businessId, 'merchant_available', currency);
    return { ids: transactions.map((t) => t.id), writes: repo.writes(tx, transactions, entries) };
  }

  async function postAll(tx: Executor, businessId: string, postings: readonly LedgerPosting[]): Promise<string[]> {
    const { ids, writes } = await writesOf(tx, businessId, postings);
    await writeTogether(tx, writes);
    return ids;
  }

  return {
    /** Posts one balanced transaction inside the caller's transaction handle; returns its id. */
    async post(tx: Executor, businessId: string, posting: LedgerPosting): Promise<string> {
      const [id] = await postAll(tx, businessId, [posting]);
      return id!;
    },

    /**
     * Posts several balanced transactions of one business at once (a charge and its fee) in one statement
     * whatever their number; answers their ids in order. The same as `post` for each, in order.
     */
    postMany: postAll,

    /**
     * What `postMany` writes, as writes the caller sends with its own in one statement (`writeTogether`); the
     * wallet's shared lock, when its entries need it, is taken here, before.
     */
    async postingWrites(tx: Executor, businessId: string, postings: readonly LedgerPosting[]): Promise<Write[]> {
      return (await writesOf(tx, businessId, postings)).writes;
    },

    /** Pending, available, in-transit and paid-out balances per currency, sorted by currency. */
    async balances(db: Executor, businessId: string): Promise<LedgerBalance[]> {
      const sums = await balanceSums(db, businessId);
      const byCurrency = new Map<string, LedgerBalance>();
      for (const row of sums) {
        const balance = byCurrency.get(row.currency) ?? { currency: row.currency, pending: 0, available: 0, inTransit: 0, paidOut: 0 };
        balance[BALANCE_ACCOUNTS[row.account as keyof typeof BALANCE_ACCOUNTS]] += row.amount;
        byCurrency.set(row.currency, balance);
      }
      return [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency));
    },

    /**
     * The available balance of a currency, its row locked until the caller's transaction ends (docs/payments.md,
     * "send money"): money that leaves the available balance is checked against this figure under the lock, so
     * concurrent spenders of one balance take turns and never spend it twice.
     */
    async lockAvailable(tx: Executor, businessId: string, currency: string): Promise<number> {
      return repo.lockSum(tx, businessId, 'merchant_available', currency);
    },

    /**
     * What one payment has left the merchant: the sum of its entries on the pending and available balances (its
     * charge, less its fee, less its refunds; settlement moves it between the two and changes nothing).
     */
    async paymentNet(db: Executor, businessId: string, paymentId: string, currency: string): Promise<number> {
      return repo.paymentSum(db, businessId, paymentId, currency, ['merchant_pending', 'merchant_available']);
    },

    /** One account's entries in one currency, newest first, a page at a time (the balance pages' statement). */
    async statement(db: Executor, businessId: string, query: { account: LedgerAccount; currency: string; limit: number; cursor?: string }) {
      const rows = await repo.entries(db, businessId, query.account, query.currency, query.limit, decodeCursor(query.cursor));
      return pageFrom(rows, query.limit, (row) => ({ createdAt: row.createdAt, id: row.id }));
    },
  };
}

export type LedgerService = ReturnType<typeof createLedgerService>;
