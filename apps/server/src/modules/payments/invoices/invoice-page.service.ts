import { AppError, CANNOT_TAKE_PAYMENTS, fieldError, formatMoneyWithCode, takesPayments } from '@merchant/core';
import {
  amountDue,
  checkoutUrl,
  invoiceNumberLabel,
  invoicePayableRange,
  methodLimits,
  PUBLIC_INVOICE_STATUSES,
  type CardBrand,
  type InvoiceCheckout,
  type InvoicePage,
  type PayInvoiceBody,
} from '@merchant/payments';
import type { Executor } from '@/db/client';
import type { KeyedContext, RequestMeta } from '@/http/context';
import type { Clock } from '@/lib/clock';
import type { RateLimiter } from '@/lib/rate-limit';
import { newTimeOrderedId } from '@/lib/crypto';
import type { ChargesService } from '../charges/charges.service';
import type { PaymentRow } from '../charges/charges.types';
import { brandingAndSettingsFor } from '../checkout-customisation/checkout-customisation.service';
import { methodsForCheckout } from '../payment-methods/payment-methods.service';
import type { Processor } from '../processor/processor.module';
import type { SourcePaymentsService } from '../source-payments/source-payments.service';
import { invoicesRepository as repo, type InvoiceRow, type InvoiceWithCustomer } from './invoices.repository';

/** A customer who keeps the page open or comes back within this window is one view (docs/payments.md). */
export const VIEW_WINDOW_MS = 24 * 60 * 60_000;
/** The payments the page lists with their receipts (an invoice paid in more parts than this lists the first ones). */
const MAX_LISTED_PAYMENTS = 100;

const notFound = () => new AppError('INVOICE_NOT_FOUND', 'This invoice does not exist.');

/**
 * Each Pay writes a payment: a customer pays an invoice in a few attempts, a script in thousands. Past these,
 * `429 RATE_LIMITED` (the checkout's own confirm limits then apply to each payment).
 */
export const PAY_LIMITS = {
  perInvoice: { max: 30, windowMs: 60 * 60_000 },
  perIp: { max: 30, windowMs: 10 * 60_000 },
} as const;

/**
 * The customer's invoice page on the invoice host (docs/payments.md, "Paying an invoice"): the invoice as the
 * customer sees it, its views on the timeline, and the start of a payment on the hosted checkout.
 */
export function createInvoicePageService(deps: {
  db: Executor;
  clock: Clock;
  limiter: RateLimiter;
  charges: ChargesService;
  sourcePayments: SourcePaymentsService;
  processor: Processor;
  checkoutOrigin: string;
}) {
  const { db, clock, charges } = deps;

  /** The invoice of the URL: its public id, in the URL's business, issued and not void; anything else is the same 404. */
  async function published(businessId: string, publicId: string): Promise<InvoiceWithCustomer> {
    const found = await repo.findByPublicId(db, businessId, publicId);
    if (!found || !PUBLIC_INVOICE_STATUSES.includes(found.invoice.status)) throw notFound();
    return found;
  }

  /** One "viewed" event per window: a reload, or a second tab, within it adds nothing. */
  async function recordView(row: InvoiceRow): Promise<void> {
    await db.transaction(async (tx) => {
      await repo.lockViews(tx, row.businessId, row.id);
      const now = clock.now();
      const last = await repo.lastEventAt(tx, row.businessId, row.id, 'viewed');
      if (last && now.getTime() - last.getTime() < VIEW_WINDOW_MS) return;
      await repo.addEvent(tx, {
        businessId: row.businessId,
        id: newTimeOrderedId(),
        invoiceId: row.id,
        kind: 'viewed',
        detail: null,
        userId: null,
        createdAt: now,
      });
    });
  }

  /**
   * What one payment may be now: exactly what is due, or (partial payments allowed) from the lowest minimum
   * of the business's payment methods up to what is due; what is due is always payable in one go.
   */
  async function payableRange(row: InvoiceRow): Promise<{ min: number; max: number } | null> {
    const range = invoicePayableRange({ status: row.status, total: row.total, amount_paid: row.amountPaid, allow_partial: row.allowPartial });
    if (!range || !row.allowPartial) return range;
    const offered = new Set(deps.processor.provider().methods(row.currency));
    const minimums = (await methodsForCheckout(db, row.businessId)).filter((m) => offered.has(m.method)).map((m) => methodLimits(m.method, row.currency).min);
    const lowest = minimums.length > 0 ? Math.min(...minimums) : range.min;
    return { min: Math.min(range.max, Math.max(range.min, lowest)), max: range.max };
  }

  return {
    async view(businessId: string, publicId: string): Promise<InvoicePage> {
      const { invoice: row, customerName, customerEmail } = await published(businessId, publicId);
      await recordView(row);
      const [business, range, payments] = await Promise.all([
        brandingAndSettingsFor(db, row.businessId, 'invoice'),
        payableRange(row),
        deps.sourcePayments.captured(row.businessId, 'invoice', row.id, MAX_LISTED_PAYMENTS),
      ]);
      if (!business) throw notFound();
      // A business that takes no payments now (blocked) offers no payment and says why.
      const takes = takesPayments(business.standing);
      return {
        business: business.branding,
        number: invoiceNumberLabel(row.number),
        status: row.status,
        customer: { name: customerName, email: customerEmail },
        currency: row.currency,
        issue_date: row.issueDate,
        due_date: row.dueDate,
        lines: row.lines.map((l) => ({ description: l.description, quantity: l.quantity, unit_price: l.unit_price, discount_bps: l.discount_bps, net: l.net })),
        taxes: row.taxes,
        subtotal: row.subtotal,
        tax_total: row.taxTotal,
        total: row.total,
        amount_paid: row.amountPaid,
        amount_due: amountDue(row.total, row.amountPaid),
        allow_partial: row.allowPartial,
        payable: takes ? range : null,
        unavailable: takes || !range ? null : CANNOT_TAKE_PAYMENTS,
        notes: row.notes,
        terms: row.terms,
        // A captured payment always has its method; the filter only tells the compiler so.
        payments: payments.flatMap((p) =>
          p.method
            ? [
                {
                  amount: { amount: p.amount - p.customerFee, currency: p.currency },
                  method: p.method,
                  card:
                    p.cardLast4 && p.cardExpMonth !== null && p.cardExpYear !== null
                      ? { brand: (p.cardBrand ?? 'unknown') as CardBrand, last4: p.cardLast4, exp_month: p.cardExpMonth, exp_year: p.cardExpYear }
                      : null,
                  paid_at: (p.succeededAt ?? p.createdAt).toISOString(),
                  receipt_url: checkoutUrl(deps.checkoutOrigin, 'receipt', p.publicId),
                },
              ]
            : [],
        ),
        test_mode: deps.processor.provider().name === 'test',
      };
    },

    /**
     * Starts a payment of the invoice for the customer to pay on the hosted checkout: all that is due, or part
     * of it where the invoice allows it. The charges service locks the invoice and checks again (a payment that
     * raced this one may have paid it meanwhile).
     */
    async pay(businessId: string, publicId: string, body: PayInvoiceBody, where: RequestMeta & KeyedContext): Promise<InvoiceCheckout> {
      const { invoice: row, customerName, customerEmail } = await published(businessId, publicId);
      const { perInvoice, perIp } = PAY_LIMITS;
      const tooMany = () => new AppError('RATE_LIMITED', 'Too many payment attempts. Wait a while and try again.');
      if ((await deps.limiter.hit(`invoice-pay:invoice:${row.id}`, perInvoice.windowMs)) > perInvoice.max) throw tooMany();
      if ((await deps.limiter.hit(`invoice-pay:ip:${where.ip}`, perIp.windowMs)) > perIp.max) throw tooMany();
      const number = invoiceNumberLabel(row.number);
      const range = await payableRange(row);
      if (!range) throw new AppError('INVOICE_NOT_PAYABLE', `${number} has been paid in full already.`);
      const money = (minor: number) => formatMoneyWithCode(minor, row.currency);
      const amount = body.amount ?? range.max;
      if (amount > range.max) throw fieldError('INVOICE_OVERPAYMENT', 'amount', `Only ${money(range.max)} is due.`);
      if (amount < range.min) {
        throw fieldError(
          'VALIDATION_FAILED',
          'amount',
          row.allowPartial ? `Pay at least ${money(range.min)}.` : `This invoice is paid in full: ${money(range.max)}.`,
        );
      }
      const started = {
        businessId: row.businessId,
        source: { type: 'invoice' as const, id: row.id },
        amount,
        currency: row.currency,
        customer: { id: row.customerId, name: customerName, email: customerEmail },
        reference: number,
        description: `Invoice ${number}`,
      };
      const answer = (payment: PaymentRow): InvoiceCheckout => ({
        payment_id: payment.publicId,
        checkout_url: checkoutUrl(deps.checkoutOrigin, 'payment', payment.publicId),
      });
      // A keyed request's answer is stored in the payment's transaction (http/context.ts, `IdempotentRequest`).
      return answer(await charges.start(started, async (tx, payment) => where.idempotency?.answerIn(tx, answer(payment))));
    },
  };
}

export type InvoicePageService = ReturnType<typeof createInvoicePageService>;
