import type { Executor } from '@/db/client';
import { AppError, SCREEN_PATHS, screenLink } from '@merchant/core';
import { PAYMENT_SOURCE_LABELS, type PaymentMethod, type PaymentSource } from '@merchant/payments';
import type { Clock } from '@/lib/clock';
import type { RateLimiter } from '@/lib/rate-limit';
import type { Mailer } from '@/mail/mailer';
import type { NotificationSettingsService } from '@/modules/business/notification-settings/notification-settings.service';
import type { PaymentRow } from '../charges/charges.types';
import type { SourcePaymentsService } from '../source-payments/source-payments.service';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Every number of the checkout's defences against card testing (docs/security.md, "Card testing at the checkout";
 * the decisions behind them in docs/decisions.md). Counters are fixed windows in the database (`lib/rate-limit.ts`),
 * so every app process sees the same counts; a window starts at its key's first hit.
 */
export const CHECKOUT_LIMITS = {
  /** Confirms of any method: every attempt counts, a refused one included (both counters in one statement). */
  confirm: {
    perPayment: { max: 5, windowMs: HOUR },
    perIp: { max: 30, windowMs: 10 * MINUTE },
  },
  /** Payment starts (`POST .../payments`): those that make a payment count. */
  start: {
    perIp: { max: 30, windowMs: 10 * MINUTE },
    /**
     * A link's or QR code's payments started in the last 10 minutes and still waiting for their confirm. Payments
     * that are paid (or fail) right after their start never count, so a busy link is not slowed down; a flood of
     * starts nobody pays is stopped.
     */
    incompletePerSource: { max: 50, windowMs: 10 * MINUTE },
  },
  /** Card payments the processor declined (declined, insufficient funds, expired card, wrong CVC) at the checkout. */
  declines: {
    /** Per link or QR code: the 20th in the window pauses card payments on it (a trip, below). */
    perSource: { max: 20, windowMs: HOUR },
    /** Per business, on all its checkout pages: from the 100th in the window, card confirms are refused until it ends. */
    perBusiness: { max: 100, windowMs: HOUR },
  },
  /**
   * The decline-ratio trip of a link or QR code: among its card payments started in the last hour that ended
   * (failed, or the money captured), at least `minPayments`, and more than `maxDeclinedShare` of them failed.
   */
  ratio: { windowMs: HOUR, minPayments: 10, maxDeclinedShare: 0.5 },
  /** How long a trip (ratio or `declines.perSource`) pauses card payments on the link or QR code. */
  pauseMs: HOUR,
} as const;

/** The rate-limit keys: one place, so the tests and the code name the same counters. */
export const CARD_TESTING_KEYS = {
  startIp: (ip: string) => `checkout-start:ip:${ip}`,
  confirmPayment: (paymentId: string) => `checkout-confirm:payment:${paymentId}`,
  confirmIp: (ip: string) => `checkout-confirm:ip:${ip}`,
  sourceDeclines: (type: PaymentSource, id: string) => `checkout-declines:${type}:${id}`,
  businessDeclines: (businessId: string) => `checkout-declines:business:${businessId}`,
  sourcePause: (type: PaymentSource, id: string) => `checkout-card-pause:${type}:${id}`,
} as const;

const tooMany = (message: string) => new AppError('RATE_LIMITED', message);
const CARDS_PAUSED = () => new AppError('CHECKOUT_CARDS_PAUSED', 'Card payments are paused here for a while. Pay with another method, or try again later.');

/** "2026-11-01 10:05 UTC" */
const utc = (at: Date) => `${at.toISOString().replace('T', ' ').slice(0, 16)} UTC`;

interface SourceRef {
  type: PaymentSource;
  id: string;
}
const sourceOf = (payment: PaymentRow): SourceRef | null => (payment.sourceId ? { type: payment.sourceType, id: payment.sourceId } : null);
/** How the owners' mail names a source: "a payment link", "a static QR code". */
const SOURCE_NAMES: Partial<Record<PaymentSource, string>> = { payment_link: 'payment link', static_qr: 'static QR code', invoice: 'invoice' };
const nameOf = (type: PaymentSource) => SOURCE_NAMES[type] ?? PAYMENT_SOURCE_LABELS[type].toLowerCase();

/** The dashboard screen of a payment link or a static QR code (null for another source). */
function sourceScreen(publicUrl: string, businessId: string, source: SourceRef): string | null {
  if (source.type === 'payment_link') return screenLink(publicUrl, SCREEN_PATHS.paymentLinkDetail, { business_id: businessId, payment_request_id: source.id });
  if (source.type === 'static_qr') return screenLink(publicUrl, SCREEN_PATHS.staticQrDetail, { business_id: businessId, static_qr_code_id: source.id });
  return null;
}

/**
 * The checkout's card-testing limits (docs/security.md, "Card testing at the checkout"): starts per address and
 * per link or QR code; confirms per payment and per address; card declines per link or QR code and per business;
 * the decline-ratio trip that pauses card payments on a link or QR code and mails the business's owners once.
 */
export function createCardTesting(deps: {
  db: Executor;
  clock: Clock;
  limiter: RateLimiter;
  mailer: Mailer;
  sourcePayments: SourcePaymentsService;
  notificationSettings: NotificationSettingsService;
  /** The business's name, for the owners' mail. */
  businessName: (businessId: string) => Promise<string>;
  publicUrl: string;
}) {
  const { clock, limiter } = deps;
  const L = CHECKOUT_LIMITS;
  const K = CARD_TESTING_KEYS;
  const ago = (ms: number) => new Date(clock.now().getTime() - ms);

  async function mailOwners(businessId: string, subject: (business: string) => string, lines: string[]): Promise<void> {
    const [business, owners] = await Promise.all([deps.businessName(businessId), deps.notificationSettings.ownerEmails(businessId)]);
    const dashboard = screenLink(deps.publicUrl, SCREEN_PATHS.paymentsOverview, { business_id: businessId });
    for (const to of owners) {
      // The pause lives in its rate-limit counter, not in a transaction of ours: the mail is kept on its own.
      await deps.mailer.send(deps.db, { to, subject: subject(business), text: [...lines, '', `Open the dashboard: ${dashboard}`].join('\n') });
    }
  }

  /** Once per trip: the first hit of the pause's counter starts the pause; a later one finds it paused already. */
  async function pause(payment: PaymentRow, source: SourceRef, why: string): Promise<void> {
    if ((await limiter.hit(K.sourcePause(source.type, source.id), L.pauseMs)) !== 1) return;
    const label = nameOf(source.type);
    // Named by what the business called it and linked to its screen, never by its public id (issue 25).
    const named = `${label}${payment.description ? ` “${payment.description}”` : ''}`;
    const screen = sourceScreen(deps.publicUrl, payment.businessId, source);
    await mailOwners(payment.businessId, (business) => `Card payments paused on a ${label} of ${business}`, [
      `Card payments on your ${named} are paused until ${utc(new Date(clock.now().getTime() + L.pauseMs))}: ${why}.`,
      'This is how card testing looks: someone trying stolen card numbers on a public page to find the ones that work.',
      '',
      'Customers can still pay it with the other methods you offer. Card payments resume by themselves when the pause ends.',
      'Look at the failed card payments in Transactions, refund any payment you do not recognise, and cancel the link or archive the QR code if it should not be public.',
      ...(screen ? ['', `Open the ${label}: ${screen}`] : []),
    ]);
  }

  return {
    /** Before a payment of a link or QR code is made: the address's starts, and the source's payments nobody paid. */
    async beforeStart(businessId: string, source: SourceRef, ip: string): Promise<void> {
      const { perIp, incompletePerSource } = L.start;
      const [starts, incomplete] = await Promise.all([
        limiter.hit(K.startIp(ip), perIp.windowMs),
        deps.sourcePayments.incompleteSince(businessId, source.type, source.id, ago(incompletePerSource.windowMs), incompletePerSource.max),
      ]);
      if (starts > perIp.max) throw tooMany('Too many payments were started from your connection. Wait a few minutes and try again.');
      if (incomplete >= incompletePerSource.max) throw tooMany('Too many payments were started here and not paid. Wait a few minutes and try again.');
    },

    /**
     * Before a confirm is charged: the payment's and the address's attempts, and for a card whether card payments
     * are paused on the payment's link or QR code or refused for the business. One statement either way.
     */
    async beforeConfirm(payment: PaymentRow, method: PaymentMethod, ip: string): Promise<void> {
      const { perPayment, perIp } = L.confirm;
      const hits = [
        { key: K.confirmPayment(payment.id), windowMs: perPayment.windowMs },
        { key: K.confirmIp(ip), windowMs: perIp.windowMs },
      ];
      const source = sourceOf(payment);
      const reads = method !== 'card' ? [] : [K.businessDeclines(payment.businessId), ...(source ? [K.sourcePause(source.type, source.id)] : [])];
      const [[forPayment, forIp], [businessDeclines = 0, paused = 0]] =
        reads.length === 0 ? [await limiter.hitMany(hits), []] : await limiter.hitManyAndRead(hits, reads);
      if (forPayment! > perPayment.max || forIp! > perIp.max) throw tooMany('Too many payment attempts. Wait a while and try again.');
      if (paused > 0 || businessDeclines >= L.declines.perBusiness.max) throw CARDS_PAUSED();
    },

    /** After the processor declined a card at the checkout: counts it, and trips the pause or the business's limit. */
    async declined(payment: PaymentRow): Promise<void> {
      const { perSource, perBusiness } = L.declines;
      const source = sourceOf(payment);
      const [forBusiness, forSource = 0] = await limiter.hitMany([
        { key: K.businessDeclines(payment.businessId), windowMs: perBusiness.windowMs },
        ...(source ? [{ key: K.sourceDeclines(source.type, source.id), windowMs: perSource.windowMs }] : []),
      ]);
      // The count reaches the limit once per window: the owners hear of it once.
      if (forBusiness === perBusiness.max) {
        await mailOwners(payment.businessId, (business) => `Card payments refused at ${business} for up to an hour`, [
          `Your checkout pages declined ${perBusiness.max} card payments within an hour. Until ${utc(new Date(clock.now().getTime() + perBusiness.windowMs))} at the latest, card payments are refused on all your payment links and QR codes.`,
          'This is how card testing looks: someone trying stolen card numbers to find the ones that work.',
          '',
          'Customers can still pay with the other methods you offer. Look at the failed card payments in Transactions and refund any payment you do not recognise.',
        ]);
      }
      if (!source) return;
      if (forSource >= perSource.max) return pause(payment, source, `${forSource} card payments on it were declined within an hour`);
      const { failed, captured } = await deps.sourcePayments.cardOutcomesSince(payment.businessId, source.type, source.id, ago(L.ratio.windowMs));
      const ended = failed + captured;
      if (ended >= L.ratio.minPayments && failed > ended * L.ratio.maxDeclinedShare) {
        await pause(payment, source, `${failed} of its last ${ended} card payments within an hour were declined`);
      }
    },
  };
}

export type CardTesting = ReturnType<typeof createCardTesting>;
