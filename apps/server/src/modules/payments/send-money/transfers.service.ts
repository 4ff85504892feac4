import { AppError, fieldError, fillPath, formatMoneyWithCode, SCREEN_PATHS } from '@merchant/core';
import {
  formatRate,
  priceTransfer,
  QUOTE_TTL_MS,
  rateMicros,
  receivedFor,
  TEST_FAILING_ACCOUNT_SUFFIX,
  type Quote,
  type Transfer,
  type TransferEventType,
} from '@merchant/payments';
import type { Executor } from '@/db/client';
import type { BusinessContext, BusinessRow } from '@/http/context';
import type { Clock } from '@/lib/clock';
import { newTimeOrderedId } from '@/lib/crypto';
import { transferEvent } from '@/modules/payments/developers/webhook-events.presenter';
import type { WebhooksService } from '@/modules/payments/developers/webhooks.service';
import type { LedgerService } from '@/modules/payments/ledger/ledger.service';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import type { NotificationsService } from '@/modules/business/notifications/notifications.service';
import type { JobSender } from '@/modules/platform/jobs/jobs.service';
import { beneficiaryNotFound, type SendMoneyWriter } from './beneficiaries.service';
import { assertSendMoneyEnabled } from './send-money.feature';
import { describeTransfer, presentTransfer } from './send-money.presenter';
import { sendMoneyRepository as repo, type TransferRow } from './send-money.repository';

/** The job that hands a processing transfer to the (test-mode) bank. */
export const COMPLETE_TRANSFER_JOB = 'send-money.complete';
export interface CompleteTransferJob {
  businessId: string;
  transferId: string;
}

const notFound = () => new AppError('TRANSFER_NOT_FOUND', 'Transfer not found.');
const money = (amount: number, currency: string) => formatMoneyWithCode(amount, currency);
const amountOf = (row: TransferRow) => money(row.sendAmount, row.sourceCurrency);

/** Who acts on a transfer: a signed-in person, or the bank (no one). */
type Actor = { id: string; name: string } | null;

/**
 * Quotes, transfers and approvals (docs/payments.md, "send money"). Every money movement posts to the ledger
 * in the transaction of its state change; spending the available balance first locks its row
 * (`ledger.lockAvailable`), so concurrent transfers of one balance take turns and never overspend it. A keyed
 * request's answer is stored in that transaction too (http/context.ts, `IdempotentRequest`).
 */
export function createTransfersService(deps: {
  db: Executor;
  clock: Clock;
  audit: AuditService;
  jobs: JobSender;
  ledger: LedgerService;
  webhooks?: Pick<WebhooksService, 'emit'> | undefined;
  /** The bell: a transfer above the threshold tells the members who may approve it. */
  notifications?: Pick<NotificationsService, 'notify'> | undefined;
}) {
  const { db, clock, audit, jobs, ledger } = deps;

  /** A step of the transfer's history, and HitPay's `transfer.*` event of it to the webhooks (the same transaction). */
  async function event(tx: Executor, row: TransferRow, type: TransferEventType, message: string, actor: Actor) {
    const hook = transferEvent(type, row);
    if (hook) await deps.webhooks?.emit(tx, row.businessId, hook);
    await repo.insertEvent(tx, {
      businessId: row.businessId,
      id: newTimeOrderedId(),
      transferId: row.id,
      type,
      message,
      actorUserId: actor?.id ?? null,
      actorName: actor?.name ?? null,
      createdAt: clock.now(),
    });
  }

  async function auditTransfer(tx: Executor, ctx: SendMoneyWriter, action: string, description: string, row: TransferRow) {
    await audit.record(tx, ctx, {
      action,
      description,
      actorUserId: ctx.user.id,
      businessId: row.businessId,
      objectType: 'transfer',
      objectId: row.id,
      meta: { amount: row.sendAmount, fee: row.fee, currency: row.sourceCurrency, beneficiary_id: row.beneficiaryId, status: row.status },
    });
  }

  /** Money on its way to the bank: held funds (after an approval) or available ones, to in transit and the fee. */
  async function postSend(tx: Executor, row: TransferRow, from: 'merchant_available' | 'merchant_transfer_held') {
    const c = row.sourceCurrency;
    const entries = [
      { account: from, currency: c, amount: -(row.sendAmount + row.fee) },
      { account: 'merchant_transfer_in_transit' as const, currency: c, amount: row.sendAmount },
      ...(row.fee > 0 ? [{ account: 'platform_fees' as const, currency: c, amount: row.fee }] : []),
    ];
    await ledger.post(tx, row.businessId, {
      kind: 'transfer',
      reference: { type: 'transfer', id: row.id },
      description: `Transfer ${describeTransfer(row, amountOf(row))}`,
      entries,
    });
  }

  /** The bank's job for a transfer sent to it, in the transaction that sends it (the outbox). */
  async function enqueue(tx: Executor, row: TransferRow) {
    if (row.status === 'processing') {
      await jobs.send<CompleteTransferJob>(
        tx,
        COMPLETE_TRANSFER_JOB,
        { businessId: row.businessId, transferId: row.id },
        { singletonKey: `transfer-${row.id}` },
      );
    }
  }

  /** Whether a transfer of `send` in `currency` is above the business's approval threshold (business currency). */
  function needsApproval(business: BusinessRow, threshold: number | null, send: number, currency: string): boolean {
    if (threshold === null) return false;
    const target = business.currency.toLowerCase();
    const micros = rateMicros(currency, target);
    // A currency the rate table cannot convert always waits: it cannot be shown to be under the threshold.
    if (micros === null) return true;
    return receivedFor(send, currency, target, micros) > threshold;
  }

  /** An awaiting transfer, locked, that `ctx` may review (`self: 'refuse'`: not its requester). */
  async function lockAwaiting(tx: Executor, ctx: BusinessContext, id: string, self: 'refuse' | 'allow'): Promise<TransferRow> {
    const row = await repo.findTransfer(tx, ctx.business.row.id, id, true);
    if (!row) throw notFound();
    if (row.status !== 'awaiting_review') throw new AppError('TRANSFER_NOT_REVIEWABLE', 'This transfer is no longer awaiting review.');
    if (self === 'refuse' && row.requestedBy === ctx.user.id) {
      throw new AppError('TRANSFER_SELF_REVIEW', 'A transfer needs a second person: someone other than its requester must review it.');
    }
    return row;
  }

  /** Reject or cancel: the held funds return to the available balance. */
  async function release(ctx: BusinessContext, id: string, how: 'rejected' | 'cancelled'): Promise<Transfer> {
    const row = await db.transaction(async (tx) => {
      const held = await lockAwaiting(tx, ctx, id, how === 'rejected' ? 'refuse' : 'allow');
      const who = ctx.user.name;
      const saved = await repo.updateTransfer(tx, held.businessId, id, {
        status: 'cancelled',
        reviewedBy: ctx.user.id,
        reviewedByName: who,
        failureReason: how === 'rejected' ? `Rejected by ${who}` : `Cancelled by ${who}`,
        updatedAt: clock.now(),
      });
      const c = saved.sourceCurrency;
      await ledger.post(tx, saved.businessId, {
        kind: 'transfer_release',
        reference: { type: 'transfer', id: saved.id },
        description: `Transfer ${how}: ${describeTransfer(saved, amountOf(saved))}`,
        entries: [
          { account: 'merchant_transfer_held', currency: c, amount: -(saved.sendAmount + saved.fee) },
          { account: 'merchant_available', currency: c, amount: saved.sendAmount + saved.fee },
        ],
      });
      await event(tx, saved, how, `${how === 'rejected' ? 'Rejected' : 'Cancelled'}: the held ${money(saved.sendAmount + saved.fee, c)} is available again`, {
        id: ctx.user.id,
        name: who,
      });
      await auditTransfer(
        tx,
        ctx,
        `transfer.${how}`,
        `${how === 'rejected' ? 'Rejected' : 'Cancelled'} the transfer of ${describeTransfer(saved, amountOf(saved))}`,
        saved,
      );
      await ctx.idempotency?.answerIn(tx, presentTransfer(saved));
      return saved;
    });
    return presentTransfer(row);
  }

  return {
    async quote(
      ctx: SendMoneyWriter,
      body: { source_currency: string; target_currency: string; send_amount?: number | undefined; receive_amount?: number | undefined },
    ): Promise<Quote> {
      assertSendMoneyEnabled(ctx.business.row);
      const figures = priceTransfer(
        body.source_currency,
        body.target_currency,
        body.send_amount !== undefined ? { send: body.send_amount } : { receive: body.receive_amount! },
      );
      if (!figures) throw fieldError('VALIDATION_FAILED', 'target_currency', 'No rate for this pair of currencies: send in the same currency instead');
      const business = ctx.business.row;
      const [balances, threshold] = await Promise.all([ledger.balances(db, business.id), repo.threshold(db, business.id)]);
      // Told now rather than on Send: the transfer checks the same figure again under the balance's lock.
      const available = balances.find((b) => b.currency === body.source_currency)?.available ?? 0;
      const total = figures.send + figures.fee;
      if (total > available) {
        throw fieldError(
          'TRANSFER_INSUFFICIENT_FUNDS',
          body.send_amount !== undefined ? 'send_amount' : 'receive_amount',
          `The amount and fee (${money(total, body.source_currency)}) are more than the available balance (${money(Math.max(available, 0), body.source_currency)})`,
        );
      }
      const now = clock.now();
      const row = await repo.insertQuote(db, {
        businessId: business.id,
        id: newTimeOrderedId(),
        createdBy: ctx.user.id,
        sourceCurrency: body.source_currency,
        targetCurrency: body.target_currency,
        sendAmount: figures.send,
        receiveAmount: figures.receive,
        fee: figures.fee,
        rateMicros: figures.rateMicros,
        expiresAt: new Date(now.getTime() + QUOTE_TTL_MS),
        createdAt: now,
      });
      const m = (amount: number, currency: string) => ({ amount, currency });
      return {
        id: row.id,
        send: m(row.sendAmount, row.sourceCurrency),
        receive: m(row.receiveAmount, row.targetCurrency),
        fee: m(row.fee, row.sourceCurrency),
        total: m(row.sendAmount + row.fee, row.sourceCurrency),
        rate: formatRate(row.rateMicros),
        needs_approval: needsApproval(business, threshold, row.sendAmount, row.sourceCurrency),
        expires_at: row.expiresAt.toISOString(),
        created_at: row.createdAt.toISOString(),
      };
    },

    async create(
      ctx: SendMoneyWriter,
      body: { beneficiary_id: string; quote_id?: string | undefined; amount?: number | undefined; reference: string | null },
    ): Promise<Transfer> {
      const business = ctx.business.row;
      assertSendMoneyEnabled(business);
      const row = await db.transaction(async (tx) => {
        const now = clock.now();
        const beneficiary = await repo.findBeneficiary(tx, business.id, body.beneficiary_id, 'share');
        if (!beneficiary) throw beneficiaryNotFound();
        if (beneficiary.status === 'closed') throw fieldError('BENEFICIARY_CLOSED', 'beneficiary_id', 'This beneficiary is closed and cannot receive money');
        let figures: { source: string; send: number; receive: number; fee: number; rateMicros: number; quoteId: string | null };
        if (body.quote_id) {
          const quote = await repo.lockQuote(tx, business.id, body.quote_id);
          if (!quote) throw fieldError('TRANSFER_QUOTE_NOT_FOUND', 'quote_id', 'Quote not found: get a new quote');
          if (quote.usedAt) throw fieldError('TRANSFER_QUOTE_EXPIRED', 'quote_id', 'This quote has been used: get a new quote');
          if (quote.expiresAt.getTime() <= now.getTime()) throw fieldError('TRANSFER_QUOTE_EXPIRED', 'quote_id', 'This quote has expired: get a new quote');
          if (quote.targetCurrency !== beneficiary.currency) {
            throw fieldError('VALIDATION_FAILED', 'quote_id', `The beneficiary receives ${beneficiary.currency.toUpperCase()}: quote in that currency`);
          }
          await repo.useQuote(tx, business.id, quote.id, now);
          figures = {
            source: quote.sourceCurrency,
            send: quote.sendAmount,
            receive: quote.receiveAmount,
            fee: quote.fee,
            rateMicros: quote.rateMicros,
            quoteId: quote.id,
          };
        } else {
          const priced = priceTransfer(beneficiary.currency, beneficiary.currency, { send: body.amount! })!;
          figures = { source: beneficiary.currency, ...priced, quoteId: null };
        }
        const available = await ledger.lockAvailable(tx, business.id, figures.source);
        const total = figures.send + figures.fee;
        if (total > available) {
          throw fieldError(
            'TRANSFER_INSUFFICIENT_FUNDS',
            body.quote_id ? 'quote_id' : 'amount',
            `The amount and fee (${money(total, figures.source)}) are more than the available balance (${money(Math.max(available, 0), figures.source)})`,
          );
        }
        const waits = needsApproval(business, await repo.threshold(tx, business.id), figures.send, figures.source);
        const saved = await repo.insertTransfer(tx, {
          businessId: business.id,
          id: newTimeOrderedId(),
          beneficiaryId: beneficiary.id,
          quoteId: figures.quoteId,
          status: waits ? 'awaiting_review' : 'processing',
          sourceCurrency: figures.source,
          sendAmount: figures.send,
          fee: figures.fee,
          targetCurrency: beneficiary.currency,
          receiveAmount: figures.receive,
          rateMicros: figures.rateMicros,
          reference: body.reference,
          beneficiaryName: beneficiary.holderName,
          beneficiaryBank: beneficiary.bankName,
          accountNumber: beneficiary.accountNumber,
          needsApproval: waits,
          requestedBy: ctx.user.id,
          requestedByName: ctx.user.name,
          createdAt: now,
          updatedAt: now,
        });
        const me = { id: ctx.user.id, name: ctx.user.name };
        await event(tx, saved, 'created', `Requested ${money(saved.sendAmount, saved.sourceCurrency)} (fee ${money(saved.fee, saved.sourceCurrency)})`, me);
        if (waits) {
          await ledger.post(tx, business.id, {
            kind: 'transfer_hold',
            reference: { type: 'transfer', id: saved.id },
            description: `Held for review: transfer ${describeTransfer(saved, amountOf(saved))}`,
            entries: [
              { account: 'merchant_available', currency: saved.sourceCurrency, amount: -total },
              { account: 'merchant_transfer_held', currency: saved.sourceCurrency, amount: total },
            ],
          });
          await event(tx, saved, 'awaiting_review', 'Above the approval threshold: waiting for a second person to approve (funds held)', null);
          // Everyone who may approve it: the members who send money, but not its requester (a second person approves).
          await deps.notifications?.notify(tx, business.id, {
            to: { permission: 'transfers:manage' },
            except: ctx.user.id,
            kind: 'transfer_awaiting_approval',
            title: `Transfer awaiting approval: ${amountOf(saved)}`,
            body: `${ctx.user.name} asked to send ${amountOf(saved)} to ${saved.beneficiaryName}.`,
            link: fillPath(SCREEN_PATHS.transferDetail, { business_id: business.id, transfer: saved.id }),
          });
        } else {
          await postSend(tx, saved, 'merchant_available');
          await event(tx, saved, 'processing', 'Sent to the bank', null);
        }
        await auditTransfer(
          tx,
          ctx,
          'transfer.created',
          `Requested the transfer of ${describeTransfer(saved, amountOf(saved))}${waits ? ' (awaiting review)' : ''}`,
          saved,
        );
        await enqueue(tx, saved);
        await ctx.idempotency?.answerIn(tx, presentTransfer(saved));
        return saved;
      });
      return presentTransfer(row);
    },

    async approve(ctx: BusinessContext, id: string): Promise<Transfer> {
      assertSendMoneyEnabled(ctx.business.row);
      const row = await db.transaction(async (tx) => {
        const held = await lockAwaiting(tx, ctx, id, 'refuse');
        const saved = await repo.updateTransfer(tx, held.businessId, id, {
          status: 'processing',
          reviewedBy: ctx.user.id,
          reviewedByName: ctx.user.name,
          updatedAt: clock.now(),
        });
        await postSend(tx, saved, 'merchant_transfer_held');
        await event(tx, saved, 'approved', 'Approved by a second person: the held funds go to the bank', { id: ctx.user.id, name: ctx.user.name });
        await event(tx, saved, 'processing', 'Sent to the bank', null);
        await auditTransfer(tx, ctx, 'transfer.approved', `Approved the transfer of ${describeTransfer(saved, amountOf(saved))}`, saved);
        await enqueue(tx, saved);
        await ctx.idempotency?.answerIn(tx, presentTransfer(saved));
        return saved;
      });
      return presentTransfer(row);
    },

    async reject(ctx: BusinessContext, id: string): Promise<Transfer> {
      assertSendMoneyEnabled(ctx.business.row);
      return release(ctx, id, 'rejected');
    },

    async cancel(ctx: BusinessContext, id: string): Promise<Transfer> {
      assertSendMoneyEnabled(ctx.business.row);
      return release(ctx, id, 'cancelled');
    },

    /**
     * The test-mode bank's answer for a processing transfer (the completion job): it arrives, or, to an account
     * ending in `TEST_FAILING_ACCOUNT_SUFFIX`, it is returned and the amount and fee are available again.
     * Runs once: the transfer's row is locked and only a processing transfer moves.
     */
    /**
     * The test-mode bank's answer to a processing transfer, once; answers the transfer when it arrived (else null).
     * `onArrived` runs last in the arrival's transaction (the beneficiary's mail: the outbox).
     */
    async complete(businessId: string, id: string, onArrived?: (tx: Executor, row: TransferRow) => Promise<void>): Promise<TransferRow | null> {
      return db.transaction(async (tx) => {
        const row = await repo.findTransfer(tx, businessId, id, true);
        if (!row || row.status !== 'processing') return null;
        const now = clock.now();
        const c = row.sourceCurrency;
        const ref = { type: 'transfer', id: row.id };
        if (row.accountNumber.endsWith(TEST_FAILING_ACCOUNT_SUFFIX)) {
          const reason = "The beneficiary's bank returned the transfer (account closed)";
          const saved = await repo.updateTransfer(tx, businessId, id, { status: 'failed', failureReason: reason, updatedAt: now });
          await ledger.post(tx, businessId, {
            kind: 'transfer_return',
            reference: ref,
            description: `Transfer returned: ${describeTransfer(saved, amountOf(saved))}`,
            entries: [
              { account: 'merchant_transfer_in_transit', currency: c, amount: -row.sendAmount },
              ...(row.fee > 0 ? [{ account: 'platform_fees' as const, currency: c, amount: -row.fee }] : []),
              { account: 'merchant_available', currency: c, amount: row.sendAmount + row.fee },
            ],
          });
          await event(tx, saved, 'failed', `${reason}: ${money(row.sendAmount + row.fee, c)} is available again`, null);
          return null;
        }
        const saved = await repo.updateTransfer(tx, businessId, id, { status: 'completed', completedAt: now, updatedAt: now });
        await ledger.post(tx, businessId, {
          kind: 'transfer_sent',
          reference: ref,
          description: `Transfer arrived: ${describeTransfer(saved, amountOf(saved))}`,
          entries: [
            { account: 'merchant_transfer_in_transit', currency: c, amount: -row.sendAmount },
            { account: 'merchant_transfer_sent', currency: c, amount: row.sendAmount },
          ],
        });
        await event(tx, saved, 'completed', `${money(row.receiveAmount, row.targetCurrency)} arrived at ${row.beneficiaryBank}`, null);
        await onArrived?.(tx, saved);
        return saved;
      });
    },
  };
}

export type TransfersService = ReturnType<typeof createTransfersService>;
