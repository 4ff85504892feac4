import { AppError, fieldError, formatMoneyWithCode, localDate } from '@merchant/core';
import { takesPayments } from '@merchant/core';
import {
  InvoiceBodySchema,
  PLATFORM_MAY,
  type PlatformInvoice,
  type PlatformInvoiceBodySchema,
  type LinkedPlatform,
  type PlatformLink,
  type PlatformOverview,
  type PlatformPaymentRequest,
  type PlatformPayments,
  type PlatformPaymentRequestBodySchema,
  type PlatformTotal,
} from '@merchant/payments';
import type { z } from 'zod';
import type { Executor } from '@/db/client';
import type { BusinessContext, RequestMeta } from '@/http/context';
import type { Clock } from '@/lib/clock';
import { decodeCursor, pageFrom } from '@/lib/cursor';
import { newId } from '@/lib/crypto';
import type { Mailer } from '@/mail/mailer';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import { platformPaymentsReadModel } from '../charges/platform-payments.read-model';
import type { CustomersService } from '../customers/customers.service';
import type { InvoicesService } from '../invoices/invoices.service';
import type { PaymentLinksService } from '../payment-links/payment-links.service';
import { platformRequestsReadModel } from '../payment-links/platform-requests.read-model';
import { platformAccountsRepository as repo, type PlatformLinkRow } from './platform-accounts.repository';

const RECENT_FEES = 20;
const iso = (at: Date | null) => at?.toISOString() ?? null;

const presentLinked = (link: PlatformLinkRow, platformName: string): LinkedPlatform => ({
  link_id: link.id,
  platform_name: platformName,
  status: link.status,
  invited_at: link.invitedAt.toISOString(),
  linked_at: iso(link.linkedAt),
  ended_at: iso(link.endedAt),
});

type Totals = Map<string, { volume: PlatformTotal[]; fees: PlatformTotal[] }>;

const presentPlatformSide = (row: { link: PlatformLinkRow; name: string; identifier: string }, totals: Totals): PlatformLink => ({
  link_id: row.link.id,
  business_id: row.link.businessId,
  business_name: row.name,
  business_identifier: row.identifier,
  status: row.link.status,
  invited_at: row.link.invitedAt.toISOString(),
  linked_at: iso(row.link.linkedAt),
  ended_at: iso(row.link.endedAt),
  volume: totals.get(row.link.id)?.volume ?? [],
  fees: totals.get(row.link.id)?.fees ?? [],
});

/**
 * Platform accounts (issue 29; docs/developers.md, "Platform accounts"): a platform business invites businesses,
 * their owner accepts or declines, either side ends the link (audited on both, mailed to both owners), and the
 * platform makes payment requests in a linked business with its fee (posted by platform-fees.service.ts when paid).
 */
export function createPlatformAccountsService(deps: {
  db: Executor;
  clock: Clock;
  audit: AuditService;
  mailer: Mailer;
  ownerEmails: (businessId: string, executor: Executor) => Promise<string[]>;
  paymentLinks: Pick<PaymentLinksService, 'create'>;
  invoices: Pick<InvoicesService, 'createIn' | 'sendDraftAs' | 'get'>;
  customers: Pick<CustomersService, 'findOrCreateByEmail'>;
}) {
  const { db, clock, audit, mailer } = deps;

  async function mailOwners(tx: Executor, businessId: string, subject: string, text: string): Promise<void> {
    for (const to of await deps.ownerEmails(businessId, tx)) await mailer.send(tx, { to, subject, text });
  }

  function assertPlatform(ctx: BusinessContext): void {
    if (!ctx.business.row.platformEnabled)
      throw new AppError('PLATFORM_NOT_ENABLED', 'This business is not a platform: ask support to enable platform accounts.');
  }

  async function auditBoth(tx: Executor, ctx: BusinessContext, link: PlatformLinkRow, action: string, description: string): Promise<void> {
    for (const businessId of [link.businessId, link.platformBusinessId]) {
      await audit.record(tx, ctx, { action, description, actorUserId: ctx.user.id, businessId, objectType: 'platform_link', objectId: link.id });
    }
  }

  async function totalsOf(executor: Executor, platformBusinessId: string): Promise<Totals> {
    const totals: Totals = new Map();
    for (const row of await repo.totalsOfPlatform(executor, platformBusinessId)) {
      const entry = totals.get(row.linkId) ?? { volume: [], fees: [] };
      entry.volume.push({ currency: row.currency, amount: row.volume, count: row.count });
      entry.fees.push({ currency: row.currency, amount: row.fees, count: row.count });
      totals.set(row.linkId, entry);
    }
    return totals;
  }

  /** Ends a live link or withdraws an invitation: both businesses audited, both owners mailed. */
  async function end(tx: Executor, ctx: BusinessContext, link: PlatformLinkRow, linkedName: string, platformName: string): Promise<PlatformLinkRow> {
    if (link.status !== 'active' && link.status !== 'pending') return link;
    const now = clock.now();
    const patch = { status: 'ended' as const, endedAt: now, endedByUserId: ctx.user.id };
    await repo.updateLink(tx, link.businessId, link.id, patch);
    const what = link.status === 'pending' ? 'invitation' : 'link';
    await auditBoth(
      tx,
      ctx,
      link,
      'platform_link.ended',
      `${ctx.user.name} of ${ctx.business.row.name} ended the platform ${what} between ${platformName} and ${linkedName}`,
    );
    const text = `${ctx.user.name} of ${ctx.business.row.name} ended the platform ${what} between ${platformName} and ${linkedName} on ${now.toUTCString()}.\n\n${platformName} can no longer create payment requests for ${linkedName}, and takes no fee of payments made from now on.`;
    await mailOwners(tx, link.businessId, `Your platform link with ${platformName} has ended`, text);
    await mailOwners(tx, link.platformBusinessId, `Your platform link with ${linkedName} has ended`, text);
    return { ...link, ...patch };
  }

  /** The linked business's answer to an invitation: an owner or admin consents (`settings:manage`, as Stripe's account admins connect platforms). */
  /** The platform's live link and its business, which must take payments: what the platform makes there needs both. */
  async function liveLink(ctx: BusinessContext, linkId: string) {
    assertPlatform(ctx);
    const found = await repo.ofPlatform(db, ctx.business.row.id, linkId);
    if (!found) throw new AppError('PLATFORM_LINK_NOT_FOUND', 'This platform link does not exist.');
    if (found.link.status !== 'active') throw new AppError('PLATFORM_LINK_NOT_ACTIVE', `${found.name} is not linked: it must accept the invitation first.`);
    const linked = await repo.business(db, found.link.businessId);
    if (!linked || !takesPayments(linked)) throw new AppError('BUSINESS_BLOCKED', `${found.name} cannot take payments at the moment.`);
    return { found, linked };
  }

  async function respond(ctx: BusinessContext, linkId: string, accept: boolean): Promise<LinkedPlatform> {
    return db.transaction(async (tx) => {
      const found = await repo.lockOfBusiness(tx, ctx.business.row.id, linkId);
      if (!found) throw new AppError('PLATFORM_LINK_NOT_FOUND', 'This platform invitation does not exist.');
      if (found.link.status !== 'pending') throw new AppError('PLATFORM_LINK_NOT_PENDING', 'This invitation has been answered or withdrawn already.');
      const now = clock.now();
      const patch = {
        status: accept ? ('active' as const) : ('declined' as const),
        respondedAt: now,
        respondedByUserId: ctx.user.id,
        linkedAt: accept ? now : null,
      };
      await repo.updateLink(tx, found.link.businessId, found.link.id, patch);
      const verb = accept ? 'accepted' : 'declined';
      await auditBoth(
        tx,
        ctx,
        found.link,
        `platform_link.${verb}`,
        `${ctx.user.name} ${verb} the platform link of ${found.platformName} with ${ctx.business.row.name}`,
      );
      await mailOwners(
        tx,
        found.link.platformBusinessId,
        `${ctx.business.row.name} ${verb} your platform invitation`,
        accept
          ? `${ctx.business.row.name} accepted your invitation: you can now create payment requests for it with a platform fee.`
          : `${ctx.business.row.name} declined your invitation to link to ${found.platformName}.`,
      );
      return presentLinked({ ...found.link, ...patch }, found.platformName);
    });
  }

  return {
    async overview(ctx: BusinessContext): Promise<PlatformOverview> {
      assertPlatform(ctx);
      const platformId = ctx.business.row.id;
      const rows = await repo.linksOfPlatform(db, platformId);
      const totals = await totalsOf(db, platformId);
      const fees = await repo.recentFees(db, platformId, RECENT_FEES);
      return {
        commission_bps: await repo.commissionBps(db, platformId),
        links: rows.map((r) => presentPlatformSide(r, totals)),
        recent_fees: fees.map(({ fee, name }) => ({
          id: fee.id,
          business_name: name,
          payment_amount: fee.paymentAmount,
          fee: fee.fee,
          currency: fee.currency,
          created_at: fee.createdAt.toISOString(),
        })),
      };
    },

    /** The commission rate (HitPay's "Set Commission Rate"): the fee of an API payment request that names none. Audited. */
    async setCommission(ctx: BusinessContext, bps: number): Promise<{ commission_bps: number }> {
      assertPlatform(ctx);
      const platformId = ctx.business.row.id;
      return db.transaction(async (tx) => {
        const before = await repo.commissionBps(tx, platformId);
        await repo.setCommission(tx, platformId, bps, ctx.user.id, clock.now());
        await audit.record(tx, ctx, {
          action: 'platform.commission_set',
          description: `${ctx.user.name} set the platform's commission rate to ${bps / 100} %`,
          actorUserId: ctx.user.id,
          businessId: platformId,
          objectType: 'business',
          objectId: platformId,
          meta: { before, after: bps },
        });
        return { commission_bps: bps };
      });
    },

    /** The payments made through the platform's requests (its fees' rows), newest first, with their status and refunds. */
    async payments(ctx: BusinessContext, query: { limit: number; cursor?: string | undefined }): Promise<PlatformPayments> {
      assertPlatform(ctx);
      const rows = await repo.feesPage(db, ctx.business.row.id, query.limit + 1, decodeCursor(query.cursor) ?? null);
      const page = pageFrom(rows, query.limit, (r) => r.fee);
      const states = await platformPaymentsReadModel.states(
        db,
        page.rows.map((r) => ({ businessId: r.fee.linkedBusinessId, paymentId: r.fee.paymentId })),
      );
      return {
        data: page.rows.map(({ fee, name }) => ({
          payment_id: fee.paymentId,
          business_name: name,
          amount: fee.paymentAmount,
          fee: fee.fee,
          refunded_amount: states.get(fee.paymentId)?.refundedAmount ?? 0,
          currency: fee.currency,
          status: states.get(fee.paymentId)?.status ?? 'succeeded',
          created_at: fee.createdAt.toISOString(),
        })),
        next_cursor: page.nextCursor,
      };
    },

    /**
     * The public API's platform path (docs/developers.md): the active link of the platform with the business it names,
     * read on every request (an ended link is refused from the next request on), with the platform's commission rate.
     */
    async linkForApi(platformBusinessId: string, businessId: string) {
      const found = await repo.activeLink(db, platformBusinessId, businessId);
      if (!found) return null;
      return { linkId: found.link.id, businessName: found.name, commissionBps: await repo.commissionBps(db, platformBusinessId) };
    },

    /** Whether the platform made this payment request of a linked business (the public API's status check for a platform). */
    async madeByPlatform(platformBusinessId: string, businessId: string, paymentLinkId: string): Promise<boolean> {
      const linkId = await platformRequestsReadModel.platformLinkOf(db, businessId, paymentLinkId);
      return linkId !== null && (await repo.isPlatformsLink(db, platformBusinessId, businessId, linkId));
    },

    /** Whether a link of a business (an invoice's `platform_link_id`) is one of this platform's links with it. */
    isPlatformsLink: (platformBusinessId: string, businessId: string, linkId: string): Promise<boolean> =>
      repo.isPlatformsLink(db, platformBusinessId, businessId, linkId),

    /** The platform's side of the audit of an invoice its API key made in a linked business. */
    async auditApiInvoice(
      where: RequestMeta,
      made: {
        platformBusinessId: string;
        linkId: string;
        userId: string;
        businessName: string;
        invoiceId: string;
        number: string;
        amount: number;
        fee: number;
        currency: string;
      },
    ): Promise<void> {
      await audit.record(db, where, {
        action: 'platform_link.invoice_created',
        description: `The invoice ${made.number} of ${formatMoneyWithCode(made.amount, made.currency)} for ${made.businessName} was created with the API with a platform fee of ${formatMoneyWithCode(made.fee, made.currency)}`,
        actorUserId: made.userId,
        businessId: made.platformBusinessId,
        objectType: 'platform_link',
        objectId: made.linkId,
        meta: { invoice_id: made.invoiceId, amount: made.amount, platform_fee: made.fee, currency: made.currency, via: 'api' },
      });
    },

    /** The platform's side of the audit of a payment request its API key made in a linked business. */
    async auditApiRequest(
      where: RequestMeta,
      made: {
        platformBusinessId: string;
        linkId: string;
        userId: string;
        businessName: string;
        paymentLinkId: string;
        purpose: string;
        amount: number;
        fee: number;
        currency: string;
      },
    ): Promise<void> {
      await audit.record(db, where, {
        action: 'platform_link.payment_request_created',
        description: `A payment request "${made.purpose}" of ${formatMoneyWithCode(made.amount, made.currency)} for ${made.businessName} was created with the API with a platform fee of ${formatMoneyWithCode(made.fee, made.currency)}`,
        actorUserId: made.userId,
        businessId: made.platformBusinessId,
        objectType: 'platform_link',
        objectId: made.linkId,
        meta: { payment_link_id: made.paymentLinkId, amount: made.amount, platform_fee: made.fee, currency: made.currency, via: 'api' },
      });
    },

    /** Invites a business (by identifier or its owner's email): pending until its owner answers. */
    async invite(ctx: BusinessContext, who: string): Promise<PlatformLink> {
      assertPlatform(ctx);
      const platform = ctx.business.row;
      const found = await repo.businessesNamed(db, who);
      const unknown = () => fieldError('PLATFORM_BUSINESS_UNKNOWN', 'business', 'No business has this identifier or owner email.');
      if (found.length === 0) throw unknown();
      if (found.length > 1) throw fieldError('PLATFORM_BUSINESS_UNKNOWN', 'business', "This owner has several businesses: enter the business's identifier.");
      const target = found[0]!;
      if (target.id === platform.id) throw fieldError('PLATFORM_BUSINESS_UNKNOWN', 'business', 'A platform cannot link to itself.');
      return db.transaction(async (tx) => {
        const live = await repo.liveLink(tx, target.id, platform.id);
        if (live) throw fieldError('PLATFORM_LINK_EXISTS', 'business', `${target.name} is ${live.status === 'active' ? 'linked' : 'invited'} already.`);
        const now = clock.now();
        const link: PlatformLinkRow = {
          businessId: target.id,
          id: newId(),
          platformBusinessId: platform.id,
          status: 'pending',
          invitedByUserId: ctx.user.id,
          invitedAt: now,
          respondedAt: null,
          respondedByUserId: null,
          linkedAt: null,
          endedAt: null,
          endedByUserId: null,
          createdAt: now,
        };
        await repo.insertLink(tx, link);
        await auditBoth(tx, ctx, link, 'platform_link.invited', `${ctx.user.name} of ${platform.name} invited ${target.name} to link to the platform`);
        await mailOwners(
          tx,
          target.id,
          `${platform.name} asks to link your business as a platform`,
          `${platform.name} invites ${target.name} to link to it as a platform. Once linked, it may:\n\n${PLATFORM_MAY.map((l) => `- ${l}`).join('\n')}\n\nOpen Settings > Partners in your dashboard to accept or decline (owners and admins can answer).`,
        );
        const identifier = (await repo.business(tx, target.id))!.identifier;
        return presentPlatformSide({ link, name: target.name, identifier }, new Map());
      });
    },

    async endByPlatform(ctx: BusinessContext, linkId: string): Promise<PlatformLink> {
      assertPlatform(ctx);
      return db.transaction(async (tx) => {
        const found = await repo.lockOfPlatform(tx, ctx.business.row.id, linkId);
        if (!found) throw new AppError('PLATFORM_LINK_NOT_FOUND', 'This platform link does not exist.');
        const link = await end(tx, ctx, found.link, found.name, ctx.business.row.name);
        return presentPlatformSide({ ...found, link }, await totalsOf(tx, ctx.business.row.id));
      });
    },

    /** A payment request in the linked business, made by the platform's member, with the platform's fee. */
    async createPaymentRequest(ctx: BusinessContext, linkId: string, body: z.output<typeof PlatformPaymentRequestBodySchema>): Promise<PlatformPaymentRequest> {
      const { found, linked } = await liveLink(ctx, linkId);
      const writer = {
        business: { row: linked, role: null, isSuperAdmin: false, permissions: [] },
        user: { id: ctx.user.id },
        ip: ctx.ip,
        userAgent: ctx.userAgent,
      };
      const purpose = body.purpose;
      const link = await deps.paymentLinks.create(
        writer,
        {
          amount: body.amount,
          currency: body.currency,
          purpose,
          reference: null,
          customer_email: body.customer_email,
          customer_phone: null,
          collect_email: true,
          collect_phone: false,
          collect_note: false,
          expires_at: null,
          single_use: true,
          redirect_url: null,
          product_id: null,
          send_email: false,
        },
        undefined,
        { platformLinkId: found.link.id, platformFee: body.platform_fee },
      );
      await db.transaction(async (tx) => {
        await audit.record(tx, ctx, {
          action: 'platform_link.payment_request_created',
          description: `${ctx.user.name} created the payment request "${purpose}" of ${formatMoneyWithCode(body.amount, body.currency)} for ${found.name} with a platform fee of ${formatMoneyWithCode(body.platform_fee, body.currency)}`,
          actorUserId: ctx.user.id,
          businessId: ctx.business.row.id,
          objectType: 'platform_link',
          objectId: found.link.id,
          meta: { payment_link_id: link.id, amount: body.amount, platform_fee: body.platform_fee, currency: body.currency },
        });
      });
      return { id: link.id, url: link.url, business_name: found.name, amount: body.amount, currency: link.currency, platform_fee: body.platform_fee, purpose };
    },

    /**
     * An invoice in the linked business, made by the platform's member with the platform's fee: one line, due on
     * receipt, paid in full once, mailed to the customer (made in the linked business when the email is new to it).
     */
    async createInvoice(ctx: BusinessContext, linkId: string, body: z.output<typeof PlatformInvoiceBodySchema>): Promise<PlatformInvoice> {
      const { found, linked } = await liveLink(ctx, linkId);
      const actor = { business: linked, userId: ctx.user.id, where: { ip: ctx.ip, userAgent: ctx.userAgent } };
      const today = localDate(clock.now(), linked.timeZone);
      const made = await db.transaction(async (tx) => {
        const customer = await deps.customers.findOrCreateByEmail(
          tx,
          linked.id,
          { email: body.customer_email, name: body.customer_name, phone: null },
          actor.where,
          { userId: ctx.user.id, via: `The platform ${ctx.business.row.name}` },
        );
        const fields = InvoiceBodySchema.parse({
          customer_id: customer.id,
          currency: body.currency,
          lines: [{ product_id: null, description: body.description, quantity: 1, unit_price: body.amount, discount_bps: 0 }],
          taxes: [],
          notes: null,
          terms: null,
          allow_partial: false,
          issue_date: today,
          due_date: today,
        });
        const invoice = await deps.invoices.createIn(
          tx,
          actor,
          fields,
          (n) => `${ctx.user.name} of the platform ${ctx.business.row.name} created the invoice ${n}`,
          { platform_link_id: found.link.id, platform_fee: body.platform_fee },
          { platformLinkId: found.link.id, platformFee: body.platform_fee },
        );
        await audit.record(tx, ctx, {
          action: 'platform_link.invoice_created',
          description: `${ctx.user.name} created the invoice ${invoice.number} of ${formatMoneyWithCode(body.amount, body.currency)} for ${found.name} with a platform fee of ${formatMoneyWithCode(body.platform_fee, body.currency)}`,
          actorUserId: ctx.user.id,
          businessId: ctx.business.row.id,
          objectType: 'platform_link',
          objectId: found.link.id,
          meta: { invoice_id: invoice.id, amount: body.amount, platform_fee: body.platform_fee, currency: body.currency },
        });
        return invoice;
      });
      await deps.invoices.sendDraftAs(actor, made.id);
      const detail = await deps.invoices.get(linked.id, made.id);
      return {
        id: made.id,
        number: made.number,
        url: detail.url,
        business_name: found.name,
        customer_email: body.customer_email,
        amount: detail.total,
        currency: detail.currency,
        platform_fee: body.platform_fee,
      };
    },

    async platforms(ctx: BusinessContext): Promise<{ platforms: LinkedPlatform[]; platform_may: string[] }> {
      const rows = await repo.linksOfBusiness(db, ctx.business.row.id);
      return { platforms: rows.map((r) => presentLinked(r.link, r.platformName)), platform_may: [...PLATFORM_MAY] };
    },

    accept: (ctx: BusinessContext, linkId: string) => respond(ctx, linkId, true),
    decline: (ctx: BusinessContext, linkId: string) => respond(ctx, linkId, false),

    async endByBusiness(ctx: BusinessContext, linkId: string): Promise<LinkedPlatform> {
      return db.transaction(async (tx) => {
        const found = await repo.lockOfBusiness(tx, ctx.business.row.id, linkId);
        if (!found) throw new AppError('PLATFORM_LINK_NOT_FOUND', 'This platform link does not exist.');
        const link = await end(tx, ctx, found.link, ctx.business.row.name, found.platformName);
        return presentLinked(link, found.platformName);
      });
    },
  };
}

export type PlatformAccountsService = ReturnType<typeof createPlatformAccountsService>;
