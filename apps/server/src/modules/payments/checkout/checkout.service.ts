import { AppError, CANNOT_TAKE_PAYMENTS, fieldError, formatDateTime, formatMoney, takesPayments } from '@merchant/core';
import {
  CHECKOUT_SOURCE_TYPES,
  FAILURE_MESSAGES,
  checkoutUrl,
  methodLimits,
  receiptNumber,
  receiptPaidWith,
  type Branding,
  type CardBrand,
  type Checkout,
  type CheckoutPayment,
  type CheckoutPaymentState,
  type CheckoutSourceKind,
  type PaymentMethodDetails,
  maskEmail,
  type Receipt,
} from '@merchant/payments';
import type { Executor } from '@/db/client';
import type { KeyedContext, RequestMeta } from '@/http/context';
import type { Clock } from '@/lib/clock';
import type { RateLimiter } from '@/lib/rate-limit';
import type { Mailer } from '@/mail/mailer';
import type { NotificationSettingsService } from '@/modules/business/notification-settings/notification-settings.service';
import { isPastConfirmTime, type ChargeResult, type ChargesService, type CheckoutSource } from '../charges/charges.service';
import type { ChargeCommit, PaymentRow } from '../charges/charges.types';
import { brandingAndSettingsFor, brandingFor } from '../checkout-customisation/checkout-customisation.service';
import { methodsForCheckout } from '../payment-methods/payment-methods.service';
import { bankAccountOf } from '../payment.presenter';
import type { Processor } from '../processor/processor.module';
import type { SourcePaymentsService } from '../source-payments/source-payments.service';
import { createCardTesting } from './card-testing';

/** The customer's address and browser of a checkout request: the audit entries of what their payment creates keep them. */
const metaOf = (where: RequestMeta): RequestMeta => ({ ip: where.ip, userAgent: where.userAgent });

/** The checkout source kind of each payments' source type that has a checkout page. */
const KIND_OF_TYPE = new Map(Object.entries(CHECKOUT_SOURCE_TYPES).map(([kind, type]) => [type as string, kind as CheckoutSourceKind]));

const NOT_FOUND = () => new AppError('CHECKOUT_NOT_FOUND', 'This checkout link does not exist.');

function cardOf(row: PaymentRow) {
  return row.cardLast4 && row.cardExpMonth !== null && row.cardExpYear !== null
    ? { brand: (row.cardBrand ?? 'unknown') as CardBrand, last4: row.cardLast4, exp_month: row.cardExpMonth, exp_year: row.cardExpYear }
    : null;
}

/** A checkout request: where it comes from, and the Idempotency-Key it holds (its answer is stored with the payment's change). */
type CheckoutRequest = RequestMeta & KeyedContext;

/** Stores a keyed request's answer in the transaction of the payment's change (http/context.ts, `IdempotentRequest`). */
const answering =
  (request: KeyedContext) =>
  async (tx: Executor, result: ChargeResult): Promise<void> =>
    request.idempotency?.answerIn(tx, presentCheckoutPayment(result.payment, result.nextAction));

function presentCheckoutPayment(row: PaymentRow, nextAction: ChargeResult['nextAction']): CheckoutPayment {
  const money = (amount: number) => ({ amount, currency: row.currency });
  return {
    public_id: row.publicId,
    status: row.status,
    amount: money(row.amount),
    customer_fee: money(row.customerFee),
    method: row.method,
    card: cardOf(row),
    failure: row.failureCode ? { code: row.failureCode, message: FAILURE_MESSAGES[row.failureCode] } : null,
    next_action: nextAction,
  };
}

/**
 * The hosted checkout (docs/payments.md, "checkout"): a link's or QR code's page, its payments and their
 * receipts, for customers who are not signed in. Sources are found through the charges adapters, payments
 * move through the charges service.
 */
export function createCheckoutService(deps: {
  db: Executor;
  clock: Clock;
  limiter: RateLimiter;
  mailer: Mailer;
  charges: ChargesService;
  processor: Processor;
  sourcePayments: SourcePaymentsService;
  notificationSettings: NotificationSettingsService;
  checkoutOrigin: string;
  /** The dashboard's origin (the owners' mail links to it). */
  publicUrl: string;
}) {
  const { db, charges, mailer } = deps;
  // Card testing (docs/security.md, "Card testing at the checkout"): limits on starts and confirms, and card pauses.
  const cardTesting = createCardTesting({
    db,
    clock: deps.clock,
    limiter: deps.limiter,
    mailer,
    sourcePayments: deps.sourcePayments,
    notificationSettings: deps.notificationSettings,
    businessName: async (businessId) => (await brandingFor(db, businessId))?.name ?? '',
    publicUrl: deps.publicUrl,
  });

  async function sourceOf(kind: CheckoutSourceKind, publicId: string): Promise<CheckoutSource> {
    const source = await charges.checkoutSource(CHECKOUT_SOURCE_TYPES[kind], publicId);
    if (!source) throw NOT_FOUND();
    return source;
  }

  async function paymentOf(publicId: string): Promise<PaymentRow> {
    const payment = await charges.byPublicId(publicId);
    if (!payment) throw new AppError('PAYMENT_NOT_FOUND', 'Payment not found.');
    return payment;
  }

  /**
   * Mails the receipt when the payment succeeded, the business sends receipts and the customer left an email: in
   * the transaction that records the outcome (the outbox), so a receipt is never lost nor sent for an outcome undone.
   */
  async function mailReceipt(tx: Executor, { payment, business: known }: Pick<ChargeResult, 'payment' | 'business'>): Promise<void> {
    if (payment.status !== 'succeeded' || !payment.customerEmail) return;
    // The confirm read the business's name and receipt switch in its first phase; an action or the reconciliation reads them here.
    const business = known ?? (await receiptBusinessOf(tx, payment.businessId));
    if (business?.sendReceipts) {
      const receipt = receiptWith(payment, { name: business.name, logo_url: null, brand_color: '', time_zone: business.timeZone });
      const amount = formatMoney(receipt.amount);
      await mailer.send(tx, {
        to: payment.customerEmail,
        subject: `Your receipt from ${receipt.business.name}`,
        text: [
          `You paid ${amount} to ${receipt.business.name}.`,
          receipt.purpose ? `For: ${receipt.purpose}` : null,
          `Paid with: ${receiptPaidWith(receipt)}`,
          `Date: ${formatDateTime(receipt.paid_at, business.timeZone)}`,
          `Receipt number: ${receipt.receipt_number}`,
          receipt.reference ? `Reference: ${receipt.reference}` : null,
          '',
          `Your receipt: ${checkoutUrl(deps.checkoutOrigin, 'receipt', payment.publicId)}`,
        ]
          .filter((line) => line !== null)
          .join('\n'),
      });
    }
  }

  /** The business's name and receipt switch, as a receipt mail needs them (null: no such business). */
  async function receiptBusinessOf(tx: Executor, businessId: string): Promise<ChargeResult['business'] | null> {
    const found = await brandingAndSettingsFor(tx, businessId);
    return found ? { name: found.branding.name, sendReceipts: found.settings.send_receipts, timeZone: found.timeZone } : null;
  }

  /** The last steps of an outcome's transaction: its receipt, then a keyed request's answer. */
  const receiptAndAnswer =
    (where: CheckoutRequest): ChargeCommit =>
    async (tx, result) => {
      await mailReceipt(tx, result);
      await answering(where)(tx, result);
    };
  const afterOutcome = (result: ChargeResult): CheckoutPayment => presentCheckoutPayment(result.payment, result.nextAction);
  // A payment the reconciliation completes (its request died after the processor answered) gets its receipt too.
  charges.onReconciledOutcome((tx, result) => mailReceipt(tx, result));

  async function receiptOf(payment: PaymentRow): Promise<Receipt> {
    if (!payment.succeededAt || !payment.method) throw new AppError('PAYMENT_NOT_FOUND', 'This payment has no receipt.');
    const business = await brandingAndSettingsFor(db, payment.businessId);
    // Mailed by the rule of `mailReceipt`: an email left, and the business sends receipts.
    const sentTo = payment.customerEmail && business?.settings.send_receipts ? maskEmail(payment.customerEmail) : null;
    return receiptWith(payment, business?.branding ?? null, sentTo);
  }

  function receiptWith(payment: PaymentRow, branding: Branding | null, sentTo: string | null = null): Receipt {
    if (!payment.succeededAt || !payment.method) throw new AppError('PAYMENT_NOT_FOUND', 'This payment has no receipt.');
    return {
      public_id: payment.publicId,
      receipt_number: receiptNumber(payment.id),
      business: branding ?? { name: '', logo_url: null, brand_color: '', time_zone: 'UTC' },
      amount: { amount: payment.amount, currency: payment.currency },
      method: payment.method,
      card: cardOf(payment),
      bank_account: bankAccountOf(payment),
      purpose: payment.description,
      reference: payment.reference,
      paid_at: payment.succeededAt.toISOString(),
      sent_to: sentTo,
      test_mode: deps.processor.provider(payment.provider).name === 'test',
    };
  }

  /** The business's enabled methods in its order that the provider offers in the currency, with their limits. */
  async function methodsOffered(businessId: string, currency: string): Promise<Checkout['methods']> {
    const offered = new Set(deps.processor.provider().methods(currency));
    return (await methodsForCheckout(db, businessId))
      .filter((m) => offered.has(m.method))
      .map((m) => ({ method: m.method, pass_fee_to_customer: m.pass_fee_to_customer, limits: methodLimits(m.method, currency) }));
  }

  return {
    async view(kind: CheckoutSourceKind, publicId: string): Promise<Checkout> {
      const source = await sourceOf(kind, publicId);
      const [business, methods] = await Promise.all([brandingAndSettingsFor(db, source.businessId), methodsOffered(source.businessId, source.currency)]);
      if (!business) throw NOT_FOUND();
      const provider = deps.processor.provider();
      return {
        business: business.branding,
        amount: source.amount === null ? null : { amount: source.amount, currency: source.currency },
        currency: source.currency,
        purpose: source.purpose,
        collect: source.collect,
        prefill: source.prefill,
        methods,
        redirect_url: source.redirectUrl,
        // A business that takes no payments now (blocked) says so before anything else.
        unavailable: takesPayments(business.standing) ? source.unavailable : CANNOT_TAKE_PAYMENTS,
        test_mode: provider.name === 'test',
      };
    },

    async start(
      kind: CheckoutSourceKind,
      publicId: string,
      body: { amount?: number | undefined; name?: string | undefined; email?: string | undefined; phone?: string | undefined; note?: string | undefined },
      where: CheckoutRequest,
    ): Promise<CheckoutPayment> {
      const source = await sourceOf(kind, publicId);
      if (source.unavailable) throw new AppError('PAYMENT_SOURCE_UNAVAILABLE', source.unavailable);
      let amount = source.amount;
      if (amount === null) {
        if (body.amount === undefined) throw fieldError('VALIDATION_FAILED', 'amount', 'Enter the amount to pay.');
        // Only the methods offered in the currency count (PayNow's 0.01 is no minimum of a USD payment).
        const methods = await methodsOffered(source.businessId, source.currency);
        const fits = methods.some(({ limits }) => body.amount! >= limits.min && body.amount! <= limits.max);
        if (!fits) throw fieldError('PAYMENT_AMOUNT_OUTSIDE_LIMITS', 'amount', 'No payment method takes this amount. Enter another amount.');
        amount = body.amount;
      }
      if (source.collect.email && !body.email && !source.prefill.email) throw fieldError('VALIDATION_FAILED', 'email', 'Enter your email address.');
      if (source.collect.phone && !body.phone && !source.prefill.phone) throw fieldError('VALIDATION_FAILED', 'phone', 'Enter your phone number.');
      await cardTesting.beforeStart(source.businessId, { type: CHECKOUT_SOURCE_TYPES[kind], id: source.sourceId }, where.ip);
      const started = {
        businessId: source.businessId,
        source: { type: CHECKOUT_SOURCE_TYPES[kind], id: source.sourceId },
        amount,
        currency: source.currency,
        customer: {
          name: body.name ?? null,
          email: body.email ?? source.prefill.email,
          phone: source.collect.phone ? (body.phone ?? source.prefill.phone) : source.prefill.phone,
          note: source.collect.note ? (body.note ?? null) : null,
        },
        reference: source.reference,
        description: source.purpose,
      };
      const payment = await charges.start(started, async (tx, row) => answering(where)(tx, { payment: row, nextAction: null }));
      return presentCheckoutPayment(payment, null);
    },

    async payment(publicId: string): Promise<CheckoutPaymentState> {
      const found = await paymentOf(publicId);
      // Past its time it is expired, whether or not the schedule has stored it so yet.
      const payment: PaymentRow = isPastConfirmTime(found, deps.clock.now()) ? { ...found, status: 'expired' } : found;
      const [nextAction, branding, page, methods] = await Promise.all([
        charges.nextAction(payment),
        brandingFor(db, payment.businessId),
        charges.checkoutPageOf(payment),
        payment.status === 'requires_payment_method' ? methodsOffered(payment.businessId, payment.currency) : [],
      ]);
      if (!branding) throw new AppError('PAYMENT_NOT_FOUND', 'Payment not found.');
      const kind = page ? KIND_OF_TYPE.get(page.type) : undefined;
      return {
        ...presentCheckoutPayment(payment, nextAction),
        business: branding,
        purpose: payment.description,
        methods,
        source: page && kind ? { kind, public_id: page.publicId } : null,
        back_url: page?.backUrl ?? null,
        redirect_url: page?.redirectUrl ?? null,
        test_mode: deps.processor.provider().name === 'test',
      };
    },

    async confirm(publicId: string, details: PaymentMethodDetails, where: CheckoutRequest): Promise<CheckoutPayment> {
      const payment = await paymentOf(publicId);
      // Every attempt counts for the payment and for the address; a card is refused while cards are paused.
      await cardTesting.beforeConfirm(payment, details.method, where.ip);
      // The fee is passed on as the business set it for the chosen method, read in the confirm's transaction.
      const result = await charges.confirm(publicId, details, {
        passFeeToCustomer: 'as_set',
        where: metaOf(where),
        beforeCommit: receiptAndAnswer(where),
        requestKey: where.idempotency?.requestKey,
      });
      if (details.method === 'card' && result.payment.status === 'failed') await cardTesting.declined(result.payment);
      return afterOutcome(result);
    },

    async challenge(publicId: string, decision: 'approve' | 'fail', where: CheckoutRequest): Promise<CheckoutPayment> {
      const [meta, then, key] = [metaOf(where), receiptAndAnswer(where), where.idempotency?.requestKey];
      return afterOutcome(
        await (decision === 'approve' ? charges.approveChallenge(publicId, meta, then, key) : charges.failChallenge(publicId, meta, then, key)),
      );
    },

    async qrScan(publicId: string, where: CheckoutRequest): Promise<CheckoutPayment> {
      return afterOutcome(await charges.simulateQrScan(publicId, metaOf(where), receiptAndAnswer(where), where.idempotency?.requestKey));
    },

    async wallet(publicId: string, decision: 'approve' | 'fail', where: CheckoutRequest): Promise<CheckoutPayment> {
      const [meta, then, key] = [metaOf(where), receiptAndAnswer(where), where.idempotency?.requestKey];
      return afterOutcome(await (decision === 'approve' ? charges.walletApprove(publicId, meta, then, key) : charges.walletCancel(publicId, meta, then, key)));
    },

    async receipt(publicId: string): Promise<Receipt> {
      return receiptOf(await paymentOf(publicId));
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
