import {
  AppError,
  STANDING_MESSAGES,
  fieldError,
  formatDateTime,
  formatMoneyWithCode,
  localDate,
  standingRefusal,
  startOfLocalDay,
  type CursorQuery,
} from '@merchant/core';
import {
  PAYOUT_SCHEDULE_LABELS,
  TEST_BANK_DELAY_HOURS,
  WEEKDAY_LABELS,
  maskAccount,
  type CreatePayoutBody,
  type PaymentNaming,
  type Payout,
  type PayoutDetail,
  type PayoutFilters,
  type PayoutLine,
  type PayoutSettings,
  type PayoutTrigger,
  type SavePayoutSettingsBody,
} from '@merchant/payments';
import type { Executor } from '@/db/client';
import { writeTogether, type Write } from '@/db/write-together';
import type { BusinessContext, BusinessRow, RequestMeta } from '@/http/context';
import type { Clock } from '@/lib/clock';
import { newTimeOrderedId } from '@/lib/crypto';
import { decodeCursor, pageFrom, type Cursor } from '@/lib/cursor';
import type { Mailer } from '@/mail/mailer';
import type { NotificationSettingsService } from '@/modules/business/notification-settings/notification-settings.service';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import { standingOfBusiness } from '../business-standing.repository';
import { paymentLabelFacts } from '../charges/payment-labels.read-model';
import type { LedgerService } from '../ledger/ledger.service';
import { transferAmounts } from '../send-money/transfers.read-model';
import {
  last4,
  lineCsvRow,
  PAYOUT_CSV,
  PAYOUT_LINES_CSV,
  payoutCsvRow,
  presentDetail,
  presentLine,
  presentPayout,
  presentSettings,
  type LineFacts,
} from './payouts.presenter';
import { payoutsRepository as repo, type PayoutRow } from './payouts.repository';
import { payoutCreated } from '../developers/webhook-events.presenter';
import type { WebhooksService } from '../developers/webhooks.service';

const EXPORT_BATCH = 500;
const HOUR_MS = 3_600_000;

const notFound = () => new AppError('PAYOUT_NOT_FOUND', 'Payout not found.');

export interface PayoutsDeps {
  db: Executor;
  clock: Clock;
  audit: AuditService;
  mailer: Mailer;
  ledger: Pick<LedgerService, 'postingWrites'>;
  notificationSettings: Pick<NotificationSettingsService, 'recipients'>;
  /** HitPay's event webhooks: `payout.created` is written with the payout. */
  webhooks?: Pick<WebhooksService, 'emit'> | undefined;
}

/** Who asks for a payout: a person (with the request's address) or the scheduler. */
/** The business a payout's mail names, and the zone its arrival time is written in. */
export interface PayoutBusiness {
  name: string;
  timeZone: string;
}

export interface PayoutRequest {
  businessId: string;
  currency: string;
  /** Everything available when absent. */
  amount?: number;
  trigger: PayoutTrigger;
  /** The schedule's UTC day of an automatic payout (one per business, currency and day). */
  scheduledFor?: string;
  /** An automatic payout waits until this much is available. */
  minimum?: number;
  actorUserId: string | null;
  where: RequestMeta;
  /** Runs last in the payout's transaction: a keyed request stores its answer there (http/context.ts, `IdempotentRequest`). */
  beforeCommit?: (tx: Executor, row: PayoutRow) => Promise<void>;
}

function describeSchedule(body: SavePayoutSettingsBody): string {
  if (body.schedule === 'weekly') return `weekly on ${WEEKDAY_LABELS[(body.weekly_day ?? 1) - 1]}`;
  if (body.schedule === 'monthly') return `monthly on day ${body.monthly_day}`;
  return PAYOUT_SCHEDULE_LABELS[body.schedule].toLowerCase();
}

/**
 * Payouts (docs/payments.md, "payouts"). A payout is made in one transaction that holds the currency's
 * payout lock: it reads the available balance, refuses more than that, writes the payout and its lines (in
 * one statement, from the movements past the payout mark), moves the mark, and posts available -> in transit.
 * The mail is kept in that transaction (the outbox).
 */
type LineRow = Awaited<ReturnType<typeof repo.lines>>[number];

/**
 * What each line's record says: how its payment is named (its customer, description, method), read through the
 * charges module's read model, and what its transfer sent and cost, through send money's.
 */
async function lineFacts(db: Executor, businessId: string, rows: readonly LineRow[]): Promise<(row: LineRow) => LineFacts> {
  const paymentIds = [...new Set(rows.map((r) => r.paymentId).filter((id): id is string => id !== null))];
  const transferIds = [...new Set(rows.filter((r) => r.referenceType === 'transfer' && r.referenceId !== null).map((r) => r.referenceId!))];
  const [named, sent] = await Promise.all([paymentLabelFacts(db, businessId, paymentIds), transferAmounts(db, businessId, transferIds)]);
  const naming = new Map<string, PaymentNaming>(named.map((p) => [p.id, p]));
  const amounts = new Map(sent.map((t) => [t.id, t]));
  return (row) => ({
    naming: row.paymentId ? naming.get(row.paymentId) : undefined,
    transfer: row.referenceType === 'transfer' && row.referenceId ? amounts.get(row.referenceId) : undefined,
  });
}

export function createPayoutsService(deps: PayoutsDeps) {
  const { db, clock, audit, ledger } = deps;

  /** In the payout's transaction (the outbox): the mail commits with the payout, or neither does. */
  /** The payout's mail to whom the notification settings name, as writes of the payout's statement. */
  async function mailWrites(tx: Executor, row: PayoutRow, business: PayoutBusiness): Promise<Write[]> {
    const recipients = await deps.notificationSettings.recipients(row.businessId, 'payout_sent', tx);
    const amount = formatMoneyWithCode(row.amount, row.currency);
    return recipients.map((to) =>
      deps.mailer.write(tx, {
        to,
        subject: `Payout of ${amount} sent`,
        text: [
          `A payout of ${amount} left the wallet balance of ${business.name} for ${row.bankName} ${maskAccount(last4(row.accountNumber))}.`,
          '',
          `It should reach the bank by ${formatDateTime(row.arrivesAt, business.timeZone)}.`,
          'Its detail in the dashboard lists every payment, fee and refund it contains.',
        ].join('\n'),
      }),
    );
  }

  /**
   * Makes one payout; null when an automatic one has nothing to do (no account, under the minimum, made already).
   * `business`: the payout is mailed (in its transaction) to whom the notification settings name; without it, nobody.
   */
  async function make(request: PayoutRequest, business?: PayoutBusiness): Promise<PayoutRow | null> {
    const automatic = request.trigger === 'scheduled';
    return db.transaction(async (tx) => {
      // Money leaves only a verified business or a partner, not blocked (docs/security.md, "Standing"): a schedule
      // skips the others, a request (which its endpoint refused already) is refused here too.
      const standing = await standingOfBusiness(tx, request.businessId);
      const refusal = standing ? standingRefusal('payee-verified', standing) : 'BUSINESS_BLOCKED';
      if (refusal) {
        if (automatic) return null;
        throw new AppError(refusal, STANDING_MESSAGES[refusal]);
      }
      await repo.lockCurrency(tx, request.businessId, request.currency);
      if (request.scheduledFor && (await repo.scheduledExists(tx, request.businessId, request.currency, request.scheduledFor))) return null;
      const account = await repo.defaultAccount(tx, request.businessId, request.currency);
      if (!account) {
        if (automatic) return null;
        throw fieldError('PAYOUT_NO_BANK_ACCOUNT', 'currency', `Add a bank account in ${request.currency.toUpperCase()} to pay out this currency.`);
      }
      const available = await repo.available(tx, request.businessId, request.currency);
      const amount = request.amount ?? available;
      if (automatic && (amount <= 0 || amount < (request.minimum ?? 0))) return null;
      if (available <= 0) throw fieldError('PAYOUT_EXCEEDS_AVAILABLE', 'amount', 'Nothing is available to pay out in this currency.');
      if (amount > available) {
        throw fieldError('PAYOUT_EXCEEDS_AVAILABLE', 'amount', `At most ${formatMoneyWithCode(available, request.currency)} is available to pay out.`);
      }
      const now = clock.now();
      const id = newTimeOrderedId();
      await repo.insert(tx, {
        businessId: request.businessId,
        id,
        currency: request.currency,
        amount,
        status: 'in_transit',
        trigger: request.trigger,
        scheduledFor: request.scheduledFor ?? null,
        bankAccountId: account.id,
        bankName: account.bankName,
        holderName: account.holderName,
        accountNumber: account.accountNumber,
        createdByUserId: request.actorUserId,
        createdAt: now,
        arrivesAt: new Date(now.getTime() + TEST_BANK_DELAY_HOURS * HOUR_MS),
      });
      const mark = await repo.mark(tx, request.businessId, request.currency);
      const summary = await repo.takeLines(tx, { businessId: request.businessId, currency: request.currency, payoutId: id, amount, mark });
      // The free movements sum to the available balance; lines that do not make the amount are a broken ledger: roll back.
      if (summary.total !== amount) throw new Error(`Payout lines sum to ${summary.total}, not ${amount}.`);
      if (summary.mark !== mark) await repo.setMark(tx, request.businessId, request.currency, summary.mark, now);
      // What the lines add up to never changes: kept on the payout, so its detail does not add them up again.
      const row = await repo.update(tx, request.businessId, id, {
        linesCount: summary.lines,
        grossAmount: summary.gross,
        feeAmount: summary.fees,
        refundAmount: summary.refunds,
      });
      // The ledger's posting, the audit entry and the mail in one statement (db/write-together.ts).
      await writeTogether(tx, [
        ...(await ledger.postingWrites(tx, request.businessId, [
          {
            kind: 'payout',
            reference: { type: 'payout', id },
            description: `Payout to ${account.bankName} ${maskAccount(last4(account.accountNumber))}`,
            entries: [
              { account: 'merchant_available', currency: request.currency, amount: -amount },
              { account: 'merchant_in_transit', currency: request.currency, amount },
            ],
          },
        ])),
        await audit.write(tx, request.where, {
          action: 'payout.created',
          description: `${automatic ? 'Scheduled payout' : 'Payout'} of ${formatMoneyWithCode(amount, request.currency)} sent to ${account.bankName} ${maskAccount(last4(account.accountNumber))}`,
          actorUserId: request.actorUserId,
          businessId: request.businessId,
          objectType: 'payout',
          objectId: id,
          meta: { amount, currency: request.currency, trigger: request.trigger, bank_account_id: account.id },
        }),
        ...(business ? await mailWrites(tx, row, business) : []),
      ]);
      await deps.webhooks?.emit(tx, request.businessId, payoutCreated(row));
      await request.beforeCommit?.(tx, row);
      return row;
    });
  }

  async function findOrThrow(businessId: string, id: string): Promise<PayoutRow> {
    const row = await repo.find(db, businessId, id);
    if (!row) throw notFound();
    return row;
  }

  function filtersOf(filters: PayoutFilters, zone: string) {
    return {
      status: filters.status,
      currency: filters.currency,
      since: filters.from ? startOfLocalDay(filters.from, filters.tz ?? zone) : undefined,
      before: filters.to ? startOfLocalDay(filters.to, filters.tz ?? zone, 1) : undefined,
    };
  }

  return {
    make,

    async settings(business: BusinessRow): Promise<PayoutSettings> {
      return presentSettings(business, await repo.settings(db, business.id));
    },

    async saveSettings(ctx: BusinessContext, body: SavePayoutSettingsBody): Promise<PayoutSettings> {
      const business = ctx.business.row;
      return db.transaction(async (tx) => {
        const before = presentSettings(business, await repo.settings(tx, business.id));
        const row = await repo.saveSettings(tx, {
          businessId: business.id,
          schedule: body.schedule,
          weeklyDay: body.schedule === 'weekly' ? (body.weekly_day ?? null) : null,
          monthlyDay: body.schedule === 'monthly' ? (body.monthly_day ?? null) : null,
          minimumAmount: body.minimum_amount,
          updatedByUserId: ctx.user.id,
          updatedAt: clock.now(),
        });
        const after = presentSettings(business, row);
        await audit.record(tx, ctx, {
          action: 'payout_settings.updated',
          description: `Set payouts to ${describeSchedule(body)}, at least ${formatMoneyWithCode(body.minimum_amount, business.currency)} each`,
          actorUserId: ctx.user.id,
          businessId: business.id,
          objectType: 'payout_settings',
          objectId: business.id,
          meta: { before: { ...before, minimum_amount: before.minimum_amount.amount }, after: { ...after, minimum_amount: after.minimum_amount.amount } },
        });
        return after;
      });
    },

    async create(ctx: BusinessContext, body: CreatePayoutBody): Promise<Payout> {
      const business = ctx.business.row;
      const answerIn = async (tx: Executor, made: PayoutRow) => ctx.idempotency?.answerIn(tx, presentPayout(made));
      const row = await make(
        {
          businessId: business.id,
          currency: body.currency,
          amount: body.amount,
          trigger: 'manual',
          actorUserId: ctx.user.id,
          where: ctx,
          beforeCommit: answerIn,
        },
        { name: business.name, timeZone: business.timeZone },
      );
      if (!row) throw new Error('A payout on request is made or refused, never skipped.');
      return presentPayout(row);
    },

    async list(business: BusinessRow, query: PayoutFilters & CursorQuery) {
      const rows = await repo.list(db, business.id, filtersOf(query, business.timeZone), query.limit, decodeCursor(query.cursor));
      const page = pageFrom(rows, query.limit, (r) => ({ createdAt: r.createdAt, id: r.id }));
      return { data: page.rows.map(presentPayout), next_cursor: page.nextCursor };
    },

    exportCsv(business: BusinessRow, filters: PayoutFilters) {
      const where = filtersOf(filters, business.timeZone);
      async function* lines(): AsyncGenerator<string> {
        yield PAYOUT_CSV.head();
        let cursor: Cursor | undefined;
        for (;;) {
          const rows = await repo.list(db, business.id, where, EXPORT_BATCH, cursor);
          const batch = rows.slice(0, EXPORT_BATCH);
          if (batch.length > 0) yield batch.map((r) => PAYOUT_CSV.line(payoutCsvRow(presentPayout(r)))).join('');
          const last = batch[batch.length - 1];
          if (rows.length <= EXPORT_BATCH || !last) return;
          cursor = { createdAt: last.createdAt, id: last.id };
        }
      }
      const date = localDate(clock.now(), business.timeZone);
      return { filename: `payouts-${business.identifier}-${date}.csv`, lines: lines() };
    },

    async get(business: BusinessRow, id: string): Promise<PayoutDetail> {
      const row = await findOrThrow(business.id, id);
      return presentDetail(row);
    },

    async lines(business: BusinessRow, id: string, query: CursorQuery): Promise<{ data: PayoutLine[]; next_cursor: string | null }> {
      const row = await findOrThrow(business.id, id);
      const rows = await repo.lines(db, business.id, id, query.limit, decodeCursor(query.cursor));
      const page = pageFrom(rows, query.limit, (r) => ({ createdAt: r.createdAt, id: r.entryId }));
      const facts = await lineFacts(db, business.id, page.rows);
      return { data: page.rows.map((r) => presentLine(r, row.currency, facts(r))), next_cursor: page.nextCursor };
    },

    async exportLines(business: BusinessRow, id: string) {
      const row = await findOrThrow(business.id, id);
      async function* lines(): AsyncGenerator<string> {
        yield PAYOUT_LINES_CSV.head();
        let cursor: Cursor | undefined;
        for (;;) {
          const rows = await repo.lines(db, business.id, id, EXPORT_BATCH, cursor);
          const batch = rows.slice(0, EXPORT_BATCH);
          const facts = await lineFacts(db, business.id, batch);
          if (batch.length > 0) {
            yield batch.map((r) => PAYOUT_LINES_CSV.line(lineCsvRow(presentLine(r, row.currency, facts(r))))).join('');
          }
          const last = batch[batch.length - 1];
          if (rows.length <= EXPORT_BATCH || !last) return;
          cursor = { createdAt: last.createdAt, id: last.entryId };
        }
      }
      return { filename: `payout-${business.identifier}-${localDate(row.createdAt, business.timeZone)}-${id.slice(0, 8)}.csv`, lines: lines() };
    },
  };
}

export type PayoutsService = ReturnType<typeof createPayoutsService>;
