import { and, eq } from 'drizzle-orm';
import { formatMoneyWithCode } from '@merchant/core';
import { priceTransfer, usesIban, type BankAccountType, type TransferEventType, type TransferStatus } from '@merchant/payments';
import type { Executor } from './client';
import { sumMinor } from './columns';
import { beneficiaries, ledgerBalances, transferEvents, transfers, transferSettings, users } from './schema';
import { newTimeOrderedId } from '../lib/crypto';
import { createLedgerService, type LedgerEntryInput } from '../modules/payments/ledger/ledger.service';

const DAY_MS = 24 * 60 * 60_000;
/** Transfers above 250.00 SGD wait for a second person in the demo business. */
const DEMO_THRESHOLD = 250_00;
const HOUR_MS = 60 * 60_000;

interface DemoBeneficiary {
  type: BankAccountType;
  holderName: string;
  bankName: string;
  country: string;
  currency: string;
  accountNumber: string;
  bankCode?: string;
  branchCode?: string;
  swiftCode?: string;
  closed?: boolean;
}

const BENEFICIARIES: DemoBeneficiary[] = [
  {
    type: 'local',
    holderName: 'Lim Hardware Supplies',
    bankName: 'DBS Bank',
    country: 'sg',
    currency: 'sgd',
    bankCode: '7171',
    branchCode: '081',
    accountNumber: '0721334455',
  },
  {
    type: 'cross_border',
    holderName: 'Berlin Beans GmbH',
    bankName: 'Deutsche Bank',
    country: 'de',
    currency: 'eur',
    swiftCode: 'DEUTDEFF',
    accountNumber: 'DE89370400440532013000',
  },
  // The test-mode bank returns transfers to an account ending 0002.
  {
    type: 'local',
    holderName: 'Old Packaging Co',
    bankName: 'OCBC Bank',
    country: 'sg',
    currency: 'sgd',
    bankCode: '7339',
    branchCode: '501',
    accountNumber: '5012340002',
    closed: true,
  },
  {
    type: 'local',
    holderName: 'Tan Printing Pte Ltd',
    bankName: 'UOB',
    country: 'sg',
    currency: 'sgd',
    bankCode: '7375',
    branchCode: '001',
    accountNumber: '3019876543',
  },
];

interface DemoTransfer {
  to: number;
  send: number;
  /** On the Sunday evening before the Monday this many weeks before the last one (0: the last Monday before today). */
  weeksAgo: number;
  /** Hours before that Monday began: the transfers of one evening in order. */
  hoursBefore: number;
  status: Exclude<TransferStatus, 'processing'>;
  by: 'owner' | 'manager';
  reference: string;
}

const TRANSFERS: DemoTransfer[] = [
  { to: 0, send: 120_00, weeksAgo: 2, hoursBefore: 6, status: 'completed', by: 'owner', reference: 'Shelving, invoice LH-2291' },
  { to: 2, send: 45_00, weeksAgo: 2, hoursBefore: 5, status: 'failed', by: 'manager', reference: 'Boxes, October' },
  { to: 1, send: 200_00, weeksAgo: 1, hoursBefore: 6, status: 'completed', by: 'owner', reference: 'Green beans, lot 14' },
  { to: 3, send: 260_00, weeksAgo: 0, hoursBefore: 6, status: 'cancelled', by: 'manager', reference: 'Menu printing (duplicate)' },
  { to: 3, send: 280_00, weeksAgo: 0, hoursBefore: 5, status: 'awaiting_review', by: 'manager', reference: 'Menu printing, new season' },
];

/**
 * The demo business's send money: beneficiaries (one closed), the approval rule, and transfers in every final
 * status plus one awaiting review (requested by the manager, for the owner to approve), each posted to the ledger
 * as the transfers service posts it, at its own time. The demo payments' history calls `until` at the start of
 * each day, before that day's payouts, so each transfer is made on its day and the weekly payouts after it see
 * it, as they would have; a transfer is made only if the available balance then allows it.
 */
export function demoTransfers(db: Executor, businessId: string, ownerId: string, now: Date) {
  // The last Monday before today: the demo's payouts run on Mondays, so a week's settled money is available on
  // the Sunday evening before one, when the demo's transfers are made.
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const lastMonday = today - ((now.getUTCDay() + 6) % 7 || 7) * DAY_MS;
  const atOf = (demo: DemoTransfer) => new Date(lastMonday - demo.weeksAgo * 7 * DAY_MS - demo.hoursBefore * HOUR_MS);
  let prepared: { people: Record<'owner' | 'manager', { id: string; name: string }>; rows: (typeof beneficiaries.$inferSelect)[] } | null = null;
  let next = 0;
  let made = 0;

  /** The approval rule and the beneficiaries, once, before the first transfer. */
  async function prepare(tx: Executor) {
    const [manager] = await tx.select({ id: users.id, name: users.name }).from(users).where(eq(users.email, 'manager@demo.test'));
    const [owner] = await tx.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, ownerId));
    const people = { owner: owner!, manager: manager ?? owner! };
    await tx.insert(transferSettings).values({ businessId, approvalThreshold: DEMO_THRESHOLD, updatedAt: now });
    const rows = [];
    for (const [i, b] of BENEFICIARIES.entries()) {
      const at = new Date(now.getTime() - (20 - i) * DAY_MS);
      const [row] = await tx
        .insert(beneficiaries)
        .values({
          businessId,
          id: newTimeOrderedId(),
          type: b.type,
          holderName: b.holderName,
          bankName: b.bankName,
          country: b.country,
          currency: b.currency,
          bankCode: b.bankCode ?? null,
          branchCode: b.branchCode ?? null,
          swiftCode: b.swiftCode ?? null,
          accountNumber: b.accountNumber,
          isIban: usesIban(b.country) && /^[A-Z]{2}\d{2}/.test(b.accountNumber),
          email: null,
          status: 'active',
          createdAt: at,
          updatedAt: at,
        })
        .returning();
      rows.push(row!);
    }

    return { people, rows };
  }

  /** Makes the demo transfers dated before `moment` (ms) not made yet, each if the available balance then allows it. */
  async function until(moment: number): Promise<void> {
    const due = TRANSFERS[next];
    if (!due || atOf(due).getTime() >= moment) return;
    await db.transaction(async (tx) => {
      prepared ??= await prepare(tx);
      const { people, rows } = prepared;
      // The available balance is spread over the rollup's slots: their sum.
      const [balance] = await tx
        .select({ amount: sumMinor(ledgerBalances.amount) })
        .from(ledgerBalances)
        .where(and(eq(ledgerBalances.businessId, businessId), eq(ledgerBalances.account, 'merchant_available'), eq(ledgerBalances.currency, 'sgd')));
      let available = balance?.amount ?? 0;
      for (; next < TRANSFERS.length && atOf(TRANSFERS[next]!).getTime() < moment; next++) {
        const demo = TRANSFERS[next]!;
        const to = rows[demo.to]!;
        const priced = priceTransfer('sgd', to.currency, { send: demo.send })!;
        const total = priced.send + priced.fee;
        if (total > available) continue;
        const at = atOf(demo);
        const later = new Date(at.getTime() + 20 * 60_000);
        const ledger = createLedgerService({ clock: { now: () => at } });
        const settled = createLedgerService({ clock: { now: () => later } });
        const requester = people[demo.by];
        const reviewer = demo.status === 'cancelled' ? people.owner : null;
        const id = newTimeOrderedId();
        const row = {
          businessId,
          id,
          beneficiaryId: to.id,
          quoteId: null,
          status: demo.status,
          sourceCurrency: 'sgd',
          sendAmount: priced.send,
          fee: priced.fee,
          targetCurrency: to.currency,
          receiveAmount: priced.receive,
          rateMicros: priced.rateMicros,
          reference: demo.reference,
          beneficiaryName: to.holderName,
          beneficiaryBank: to.bankName,
          accountNumber: to.accountNumber,
          needsApproval: priced.send > DEMO_THRESHOLD,
          requestedBy: requester.id,
          requestedByName: requester.name,
          reviewedBy: reviewer?.id ?? null,
          reviewedByName: reviewer?.name ?? null,
          failureReason:
            demo.status === 'failed'
              ? "The beneficiary's bank returned the transfer (account closed)"
              : demo.status === 'cancelled'
                ? `Rejected by ${people.owner.name}`
                : null,
          createdAt: at,
          updatedAt: demo.status === 'awaiting_review' ? at : later,
          completedAt: demo.status === 'completed' ? later : null,
        };
        await tx.insert(transfers).values(row);
        const money = (amount: number) => formatMoneyWithCode(amount, 'sgd');
        const events: [TransferEventType, string, typeof requester | null, Date][] = [
          ['created', `Requested ${money(priced.send)} (fee ${money(priced.fee)})`, requester, at],
        ];
        const post = async (
          l: typeof ledger,
          kind: 'transfer' | 'transfer_hold' | 'transfer_release' | 'transfer_return' | 'transfer_sent',
          entries: LedgerEntryInput[],
        ) =>
          l.post(tx, businessId, { kind, reference: { type: 'transfer', id }, description: `Transfer of ${money(priced.send)} to ${to.holderName}`, entries });
        const send: LedgerEntryInput[] = [
          { account: 'merchant_available', currency: 'sgd', amount: -total },
          { account: 'merchant_transfer_in_transit', currency: 'sgd', amount: priced.send },
          { account: 'platform_fees', currency: 'sgd', amount: priced.fee },
        ];
        if (row.needsApproval) {
          await post(ledger, 'transfer_hold', [
            { account: 'merchant_available', currency: 'sgd', amount: -total },
            { account: 'merchant_transfer_held', currency: 'sgd', amount: total },
          ]);
          events.push(['awaiting_review', 'Above the approval threshold: waiting for a second person to approve (funds held)', null, at]);
          available -= total;
          if (demo.status === 'cancelled') {
            await post(settled, 'transfer_release', [
              { account: 'merchant_transfer_held', currency: 'sgd', amount: -total },
              { account: 'merchant_available', currency: 'sgd', amount: total },
            ]);
            events.push(['rejected', `Rejected: the held ${money(total)} is available again`, people.owner, later]);
            available += total;
          }
        } else {
          await post(ledger, 'transfer', send);
          events.push(['processing', 'Sent to the bank', null, at]);
          available -= total;
          if (demo.status === 'completed') {
            await post(settled, 'transfer_sent', [
              { account: 'merchant_transfer_in_transit', currency: 'sgd', amount: -priced.send },
              { account: 'merchant_transfer_sent', currency: 'sgd', amount: priced.send },
            ]);
            events.push(['completed', `${formatMoneyWithCode(priced.receive, to.currency)} arrived at ${to.bankName}`, null, later]);
          } else {
            await post(settled, 'transfer_return', [
              { account: 'merchant_transfer_in_transit', currency: 'sgd', amount: -priced.send },
              { account: 'platform_fees', currency: 'sgd', amount: -priced.fee },
              { account: 'merchant_available', currency: 'sgd', amount: total },
            ]);
            events.push(['failed', `${row.failureReason}: ${money(total)} is available again`, null, later]);
            available += total;
          }
        }
        for (const [type, message, actor, when] of events) {
          await tx.insert(transferEvents).values({
            businessId,
            id: newTimeOrderedId(),
            transferId: id,
            type,
            message,
            actorUserId: actor?.id ?? null,
            actorName: actor?.name ?? null,
            createdAt: when,
          });
        }
        made++;
      }
    });
  }

  return {
    until,
    /** Makes what is left and closes the beneficiary whose transfer came back; answers how many were made. */
    async finish(): Promise<number> {
      await until(Number.POSITIVE_INFINITY);
      const closed = BENEFICIARIES.findIndex((b) => b.closed);
      if (prepared && closed >= 0)
        await db
          .update(beneficiaries)
          .set({ status: 'closed', updatedAt: now })
          .where(and(eq(beneficiaries.businessId, businessId), eq(beneficiaries.id, prepared.rows[closed]!.id)));
      return made;
    },
  };
}
