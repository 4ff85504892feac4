import { AppError } from '@merchant/core';
import {
  CAPTURED_STATUSES,
  checkoutUrl,
  type CardBrand,
  type PortalLinkSent,
  type PortalPage,
  type PortalReceipt,
  type PortalSubscription,
  type SavedMethodKind,
} from '@merchant/payments';
import type { Executor } from '@/db/client';
import type { BusinessContext, RequestMeta } from '@/http/context';
import type { RateLimiter } from '@/lib/rate-limit';
import type { Mailer } from '@/mail/mailer';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import { brandingAndSettingsFor } from '../checkout-customisation/checkout-customisation.service';
import type { CustomersService } from '../customers/customers.service';
import type { DirectDebitService } from '../direct-debit/direct-debit.service';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service';
import { customerPaymentsReadModel as repo, type CustomerPaymentRow } from '../charges/customer-payments.read-model';
import { portalLinkMail, presentPortalSubscription } from './customer-portal.presenter';
import { invalidPortalLink as invalid, type PortalBusiness, type PortalLinks } from './portal-links.service';

/** The receipts the portal lists, newest first. */
const MAX_RECEIPTS = 100;

/** "Email me a new link" mails someone: a few per link and per address, then `429 RATE_LIMITED`. */
export const NEW_LINK_LIMITS = {
  perLink: { max: 3, windowMs: 60 * 60_000 },
  perIp: { max: 10, windowMs: 10 * 60_000 },
} as const;

/** Card setups and mandates started from portals, per address. */
export const PORTAL_STARTS = { max: 20, windowMs: 60 * 60_000 } as const;

const NEW_LINK_ANSWER = 'If the business has an email address for you, a new link is on its way. It works for 7 days.';

/**
 * The customer portal (docs/payments.md, "Customer portal"): signed links naming a customer of a business, the
 * page they open on the invoice host, and the mails that carry them. Other modules make a customer's link with
 * `portalUrl` (subscription mails).
 */
export function createCustomerPortalService(deps: {
  db: Executor;
  audit: AuditService;
  mailer: Mailer;
  limiter: RateLimiter;
  customers: CustomersService;
  directDebit: DirectDebitService;
  subscriptions: SubscriptionsService;
  portalLinks: PortalLinks;
  checkoutOrigin: string;
  testMode: () => boolean;
}) {
  const { db } = deps;
  const link = (business: PortalBusiness, customerId: string, executor?: Executor) => deps.portalLinks.portalUrl(business, customerId, executor);

  /** The customer the token names, in the URL's business; a customer no longer there is the same as a forged link. */
  async function customerOf(businessId: string, customerId: string) {
    try {
      return await deps.customers.get(businessId, customerId);
    } catch (e) {
      if (e instanceof AppError && e.code === 'CUSTOMER_NOT_FOUND') throw invalid();
      throw e;
    }
  }

  function receipt(p: CustomerPaymentRow): PortalReceipt[] {
    if (!p.method || !(CAPTURED_STATUSES as readonly string[]).includes(p.status)) return [];
    const card =
      p.cardLast4 && p.cardExpMonth !== null && p.cardExpYear !== null
        ? { brand: (p.cardBrand ?? 'unknown') as CardBrand, last4: p.cardLast4, exp_month: p.cardExpMonth, exp_year: p.cardExpYear }
        : null;
    return [
      {
        amount: { amount: p.amount, currency: p.currency },
        status: p.status as PortalReceipt['status'],
        method: p.method,
        card,
        description: p.description,
        paid_at: (p.succeededAt ?? p.createdAt).toISOString(),
        receipt_url: checkoutUrl(deps.checkoutOrigin, 'receipt', p.publicId),
      },
    ];
  }

  async function mailLink(tx: Executor, business: PortalBusiness & { name: string }, customerId: string, email: string) {
    const made = await deps.portalLinks.portalUrl(business, customerId, tx);
    await deps.mailer.send(tx, { to: email, ...portalLinkMail(business.name, made.url, made.expiresAt, business.timeZone) });
    return made;
  }

  /** Checks a token against the URL's business and answers the customer it names, or throws 404 (forged) / 410 (expired). */
  async function customerFor(businessId: string, token: string) {
    const check = await deps.portalLinks.check(businessId, token);
    if (check.kind === 'invalid') throw invalid();
    if (check.kind === 'expired') throw new AppError('PORTAL_LINK_EXPIRED', 'This link has expired. Ask for a new one below.');
    return { customer: await customerOf(businessId, check.customerId), expiresAt: check.expiresAt };
  }

  /** A subscription of this customer in this business; any other is the same 404. */
  async function ownSubscription(businessId: string, customerId: string, subscriptionId: string): Promise<void> {
    const theirs = await deps.subscriptions.listForCustomer(businessId, customerId);
    if (!theirs.some((s) => s.id === subscriptionId)) throw new AppError('SUBSCRIPTION_NOT_FOUND', 'Subscription not found.');
  }

  /** Each start (a setup, a mandate) writes a row: a person makes a few, a script many. */
  async function limitStarts(where: RequestMeta): Promise<void> {
    if ((await deps.limiter.hit(`portal-start:ip:${where.ip}`, PORTAL_STARTS.windowMs)) > PORTAL_STARTS.max) {
      throw new AppError('RATE_LIMITED', 'Too many attempts. Wait a while and try again.');
    }
  }

  return {
    /** A fresh signed link to the customer's portal (valid for `PORTAL_LINK_TTL_DAYS`), for mails of other modules. */
    portalUrl: link,

    /** The customer a portal token opens (subscriptions' portal actions check it the same way). */
    customerFor,

    async view(businessId: string, token: string): Promise<PortalPage> {
      const { customer, expiresAt } = await customerFor(businessId, token);
      const [business, subscriptions, rows] = await Promise.all([
        brandingAndSettingsFor(db, businessId, 'invoice'),
        deps.subscriptions.listForCustomer(businessId, customer.id),
        repo.receipts(db, businessId, customer.id, MAX_RECEIPTS),
      ]);
      if (!business) throw invalid();
      return {
        business: business.branding,
        customer: { name: customer.name, email: customer.email },
        expires_at: expiresAt.toISOString(),
        subscriptions: subscriptions.map(presentPortalSubscription),
        receipts: rows.flatMap(receipt),
        time_zone: business.timeZone,
        test_mode: deps.testMode(),
      };
    },

    /** "Update card" (or "Pay by direct debit"): a setup of the subscription's method on the checkout host. */
    async updateMethod(businessId: string, token: string, subscriptionId: string, kind: SavedMethodKind, where: RequestMeta): Promise<{ url: string }> {
      const { customer } = await customerFor(businessId, token);
      await ownSubscription(businessId, customer.id, subscriptionId);
      await limitStarts(where);
      const setup = await deps.subscriptions.startPaymentMethodSetup(businessId, subscriptionId, { kind });
      if (kind === 'card') return { url: setup.url };
      // A direct debit goes straight to the bank account form; an active mandate saves itself on the setup and returns here.
      const returnUrl = deps.portalLinks.urlOf(businessId, token);
      const mandate = await deps.directDebit.startMandate({ businessId, customerId: customer.id, returnUrl, setupPublicId: setup.public_id });
      return { url: mandate.url };
    },

    /** "Cancel at period end": the subscription runs until the period paid for ends, then is cancelled. */
    async cancelAtPeriodEnd(businessId: string, token: string, subscriptionId: string, where: RequestMeta): Promise<PortalSubscription> {
      const { customer } = await customerFor(businessId, token);
      return presentPortalSubscription(await deps.subscriptions.cancelAtPeriodEndForCustomer(businessId, customer.id, subscriptionId, where));
    },

    /**
     * An expired (or still open) authentic link asks for a fresh one: it goes to the email the business has for
     * the customer, never to an address the caller names, and the answer is the same whether a mail left or not.
     */
    async requestLink(businessId: string, token: string, where: RequestMeta): Promise<{ message: string }> {
      const check = await deps.portalLinks.check(businessId, token);
      if (check.kind === 'invalid') throw invalid();
      const { perLink, perIp } = NEW_LINK_LIMITS;
      const tooMany = () => new AppError('RATE_LIMITED', 'Too many requests for a new link. Wait a while and try again.');
      if ((await deps.limiter.hit(`portal-link:customer:${businessId}:${check.customerId}`, perLink.windowMs)) > perLink.max) throw tooMany();
      if ((await deps.limiter.hit(`portal-link:ip:${where.ip}`, perIp.windowMs)) > perIp.max) throw tooMany();
      const customer = await customerOf(businessId, check.customerId);
      const business = await brandingAndSettingsFor(db, businessId, 'invoice');
      // Nothing else changes: the mail is kept on its own.
      if (customer.email && business)
        await mailLink(db, { id: businessId, name: business.branding.name, timeZone: business.timeZone }, customer.id, customer.email);
      return { message: NEW_LINK_ANSWER };
    },

    /** The dashboard's "Email portal link" (`payments:create`): mails the customer their link and records who sent it. */
    async emailLink(ctx: BusinessContext, customerId: string): Promise<PortalLinkSent> {
      const business = ctx.business.row;
      const customer = await deps.customers.get(business.id, customerId);
      if (!customer.email) throw new AppError('CUSTOMER_NO_EMAIL', 'Add an email address to this customer to send them a link.');
      const email = customer.email;
      // The mail and the audit entry that says it left commit together (the outbox).
      const made = await db.transaction(async (tx) => {
        await deps.audit.record(tx, ctx, {
          action: 'customer.portal_link_sent',
          description: `Emailed a portal link to ${customer.name ?? email}`,
          actorUserId: ctx.user.id,
          businessId: business.id,
          objectType: 'customer',
          objectId: customer.id,
          meta: { email },
        });
        return mailLink(tx, business, customer.id, email);
      });
      return { sent_to: customer.email, expires_at: made.expiresAt.toISOString() };
    },
  };
}

export type CustomerPortalService = ReturnType<typeof createCustomerPortalService>;
