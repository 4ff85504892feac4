import { AppError, type ErrorCode } from '@merchant/core';
import type { z } from 'zod';
import {
  DIRECT_DEBIT_PATHS,
  PUBLIC_ID_PREFIXES,
  type BankDecision,
  type MandateAccountBodySchema,
  type MandateState,
  subscriptionSetupUrl,
} from '@merchant/payments';
import type { Executor } from '@/db/client';
import type { RequestMeta } from '@/http/context';
import type { Clock } from '@/lib/clock';
import { newPublicId, newTimeOrderedId } from '@/lib/crypto';
import type { RateLimiter } from '@/lib/rate-limit';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import { brandingFor } from '../checkout-customisation/checkout-customisation.service';
import type { Processor } from '../processor/processor.module';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service';
import { directDebitRepository as repo, type MandateRow } from './direct-debit.repository';

/** Each account given starts a mandate at the provider: a customer needs a few tries, a script thousands. */
export const ACCOUNT_LIMITS = { perMandate: { max: 10, windowMs: 60 * 60_000 } } as const;
/** Each start writes a mandate: a customer starts one or two, a script many. */
export const START_LIMITS = { perIp: { max: 20, windowMs: 60 * 60_000 } } as const;

const fail = (code: ErrorCode, message: string) => new AppError(code, message);
const notFound = () => fail('MANDATE_NOT_FOUND', 'This direct debit does not exist.');
const notPending = () => fail('MANDATE_NOT_PENDING', 'This direct debit is already set up.');
const notAtBank = () => fail('MANDATE_NOT_AT_BANK', 'Give your bank account first; the bank has nothing to authorise yet.');

/**
 * Test-mode direct debit (docs/payments.md, "Direct debit"): a mandate is started for a customer by another
 * module (a subscription's card page, the customer portal), the customer gives a bank account, authorises it on
 * the test bank's page and returns through the redirection screen, whose confirm asks the provider.
 */
export function createDirectDebitService(deps: {
  db: Executor;
  clock: Clock;
  audit: AuditService;
  limiter: RateLimiter;
  processor: Processor;
  subscriptions: SubscriptionsService;
  checkoutOrigin: string;
}) {
  const { db, clock } = deps;
  const provider = () => deps.processor.provider();
  const pageUrl = (path: string, publicId?: string) => `${deps.checkoutOrigin}${publicId ? path.replace(':public_id', publicId) : path}`;

  async function present(row: MandateRow): Promise<MandateState> {
    const branding = await brandingFor(db, row.businessId, 'checkout');
    if (!branding) throw notFound();
    return {
      public_id: row.publicId,
      business: branding,
      status: row.status,
      bank_name: row.bankName,
      account_last4: row.accountLast4,
      bank_decision: row.status === 'pending' ? row.bankDecision : null,
      return_url: row.returnUrl,
      test_mode: provider().name === 'test',
    };
  }

  async function startMandate(input: { businessId: string; customerId: string; returnUrl: string; setupPublicId?: string }) {
    const now = clock.now();
    const row = await repo.insert(db, {
      businessId: input.businessId,
      id: newTimeOrderedId(now.getTime()),
      publicId: newPublicId(PUBLIC_ID_PREFIXES.mandate),
      customerId: input.customerId,
      status: 'pending',
      returnUrl: input.returnUrl,
      setupPublicId: input.setupPublicId ?? null,
      createdAt: now,
      updatedAt: now,
    });
    return { publicId: row.publicId, url: pageUrl(DIRECT_DEBIT_PATHS.mandate, row.publicId) };
  }

  /**
   * An active mandate started from a subscription's setup page saves itself there (the setup's own transaction,
   * after the mandate's committed); once the setup is used, there is nothing left to do.
   */
  async function completeSetup(row: MandateRow, where: RequestMeta): Promise<void> {
    if (row.status !== 'active' || !row.setupPublicId || !row.providerToken) return;
    const owner = await deps.subscriptions.setups.owner(row.setupPublicId);
    if (owner.unavailable) return;
    await deps.subscriptions.setups.completeSetup(
      row.setupPublicId,
      { kind: 'direct_debit', token: row.providerToken, brand: row.bankName, last4: row.accountLast4, expMonth: null, expYear: null },
      { ip: where.ip, userAgent: where.userAgent },
    );
  }

  async function locked<T>(publicId: string, work: (tx: Executor, row: MandateRow) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      const row = await repo.lockByPublicId(tx, publicId);
      if (!row) throw notFound();
      return work(tx, row);
    });
  }

  return {
    /**
     * Starts a mandate for a customer of the business; answers the page where the customer gives their account.
     * `returnUrl` is where an active mandate sends them on (the server's own URL, never the customer's input);
     * with `setupPublicId`, an active mandate saves itself on that subscription setup.
     */
    startMandate,

    /** "Pay by direct debit" on a subscription's setup page: an active mandate saves itself on that subscription. */
    async startForSetup(setupPublicId: string, where: RequestMeta): Promise<{ mandate_url: string }> {
      const owner = await deps.subscriptions.setups.owner(setupPublicId);
      if (owner.unavailable) throw fail('SUBSCRIPTION_SETUP_UNAVAILABLE', owner.unavailable);
      const { perIp } = START_LIMITS;
      if ((await deps.limiter.hit(`mandate-start:ip:${where.ip}`, perIp.windowMs)) > perIp.max)
        throw fail('RATE_LIMITED', 'Too many attempts. Wait a while and try again.');
      const started = await startMandate({
        businessId: owner.businessId,
        customerId: owner.customerId,
        returnUrl: subscriptionSetupUrl(deps.checkoutOrigin, setupPublicId),
        setupPublicId,
      });
      return { mandate_url: started.url };
    },

    async state(publicId: string): Promise<MandateState> {
      const row = await repo.byPublicId(db, publicId);
      if (!row) throw notFound();
      return present(row);
    },

    /** The account the customer gives (again, after a decline): only the bank's name and the last 4 are kept. */
    async submitAccount(publicId: string, body: z.output<typeof MandateAccountBodySchema>): Promise<{ bank_url: string }> {
      const existing = await repo.byPublicId(db, publicId);
      if (!existing) throw notFound();
      if (existing.status === 'active') throw notPending();
      const { perMandate } = ACCOUNT_LIMITS;
      if ((await deps.limiter.hit(`mandate-account:${existing.id}`, perMandate.windowMs)) > perMandate.max) {
        throw fail('RATE_LIMITED', 'Too many attempts. Wait a while and try again.');
      }
      const started = await provider().startMandate({ holder: body.account_holder, bankName: body.bank_name, accountNumber: body.account_number });
      return locked(publicId, async (tx, row) => {
        if (row.status === 'active') throw notPending();
        await repo.update(tx, row, {
          status: 'pending',
          accountHolder: body.account_holder,
          bankName: body.bank_name,
          accountLast4: started.last4,
          providerRef: started.ref,
          bankDecision: null,
          updatedAt: clock.now(),
        });
        return { bank_url: pageUrl(DIRECT_DEBIT_PATHS.bank, publicId) };
      });
    },

    /** The test bank's page: the customer authorises or declines; the bank sends them to the redirection screen. */
    async bankDecision(publicId: string, decision: 'authorise' | 'decline'): Promise<{ return_url: string }> {
      return locked(publicId, async (tx, row) => {
        if (row.status !== 'pending') throw notPending();
        if (!row.providerRef) throw notAtBank();
        const answer: BankDecision = decision === 'authorise' ? 'authorised' : 'declined';
        await repo.update(tx, row, { bankDecision: answer, updatedAt: clock.now() });
        return { return_url: `${pageUrl(DIRECT_DEBIT_PATHS.return)}?${new URLSearchParams({ mandate: publicId }).toString()}` };
      });
    },

    /**
     * The redirection screen's check: the provider confirms what the bank answered. Confirming again answers the
     * same state (a reload of the screen changes nothing).
     */
    async confirm(publicId: string, where: RequestMeta): Promise<MandateState> {
      const row = await locked(publicId, async (tx, row) => {
        if (row.status !== 'pending') return row;
        if (!row.providerRef || !row.bankDecision) throw notAtBank();
        const outcome = await provider().confirmMandate(row.providerRef, row.bankDecision);
        const now = clock.now();
        if (outcome.status === 'declined') return repo.update(tx, row, { status: 'declined', updatedAt: now });
        const saved = await repo.update(tx, row, { status: 'active', providerToken: outcome.token, activatedAt: now, updatedAt: now });
        await deps.audit.record(tx, where, {
          action: 'direct_debit.mandate_activated',
          description: `A customer authorised a direct debit from ${row.bankName ?? 'their bank'} account ending ${row.accountLast4 ?? ''}`.trim(),
          actorUserId: null,
          businessId: row.businessId,
          objectType: 'customer',
          objectId: row.customerId,
          meta: { mandate: row.publicId },
        });
        return saved;
      });
      await completeSetup(row, where);
      return present(row);
    },
  };
}

export type DirectDebitService = ReturnType<typeof createDirectDebitService>;
