import { AppError, fieldError, parseMajorToMinor, permissionsOf, standingRefusal, STANDING_MESSAGES, takesPayments, type Permission } from '@merchant/core';
import { PaymentLinkBodySchema, commissionOf, expiresAfterMs, type PublicPaymentRequestBody } from '@merchant/payments';
import type { BusinessStanding, RequestMeta } from '@/http/context';
import { outboundUrlProblem } from '@/lib/outbound-http';
import { publicApiDocument, type PublicApiPaths } from './public-api.openapi';
import type { Clock } from '@/lib/clock';
import type { RateLimiter } from '@/lib/rate-limit';
import type { BusinessService } from '@/modules/business/business/business.service';
import type { LinkWriter, PaymentLinksService } from '@/modules/payments/payment-links/payment-links.service';
import type { PlatformAccountsService } from '@/modules/payments/platform-accounts/platform-accounts.service';
import type { ApiKeysService } from './api-keys.service';
import { presentPaymentRequest, presentRequestPayment } from './payment-requests.presenter';
import type { ApiCall, RequestLogService } from './request-log.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const RATE_WINDOW_MS = 60_000;

/** A refusal of the public API with its own headers (`Retry-After`). */
export class PublicApiRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
    /** The key, when it was found and then refused (read-only, rate limit, permission): its request log keeps the call. */
    readonly key: { businessId: string; keyId: string } | null = null,
  ) {
    super(message);
  }
}

/** The caller of a public API request: the key's business, as the key's maker stands in it now. */
export interface PublicApiCaller {
  business: BusinessStanding;
  keyId: string;
  /** The key's maker, as whom its writes are recorded. */
  makerUserId: string;
  /** The plugin integration the key belongs to (docs/developers.md, "Plugin integrations"), else null. */
  integration: { id: string; callbackUrl: string | null } | null;
  /**
   * A platform's key acting for a business linked to it (`X-LINKED-BUSINESS-ID`; docs/developers.md, "Platform
   * accounts"): `business` is then the linked business, and this the platform and its live link. Else null.
   */
  platform: { businessId: string; linkId: string; businessName: string; commissionBps: number } | null;
}

/** The header in which a platform's key names the linked business it acts for. */
export const LINKED_BUSINESS_HEADER = 'x-linked-business-id';

/** Our field names of a payment link, as HitPay's payment request names them (for the errors of invalid input). */
const HITPAY_FIELD: Record<string, string> = {
  customer_email: 'email',
  customer_phone: 'phone',
  reference: 'reference_number',
  expires_at: 'expiry_date',
  single_use: 'allow_repeated_payments',
};

/** HitPay's `expiry_date` (`YYYY-MM-DD HH:mm:ss`, read as UTC here) or an ISO time with its offset. */
function expiryOf(body: PublicPaymentRequestBody, now: Date): string | null {
  if (body.expires_after) {
    const ms = expiresAfterMs(body.expires_after);
    if (ms === null) throw fieldError('VALIDATION_FAILED', 'expires_after', 'Use a duration such as "30 mins", "2 hours" or "1 day".');
    return new Date(now.getTime() + ms).toISOString();
  }
  if (!body.expiry_date) return null;
  const plain = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/.test(body.expiry_date);
  const iso = plain ? `${body.expiry_date.replace(' ', 'T')}Z` : body.expiry_date;
  if (!/^\d{4}-\d{2}-\d{2}T/.test(iso) || Number.isNaN(Date.parse(iso))) {
    throw fieldError('VALIDATION_FAILED', 'expiry_date', 'Use the format YYYY-MM-DD HH:mm:ss.');
  }
  return new Date(iso).toISOString();
}

/**
 * The public API (docs/developers.md): HitPay's paths on the API host, authenticated by `X-BUSINESS-API-KEY`.
 * A key acts in its business with the role its maker holds there now (a maker who left or lost the permission
 * takes the key's power with them) and, when read-only, only reads. Every request reads the key from the
 * database or the process's key cache, which every change to a key leaves at once: a revoked key is refused from the
 * next request on, in every process. Each key may make `publicApiRateLimit` requests a minute.
 */
export function createPublicApiService(deps: {
  clock: Clock;
  limiter: RateLimiter;
  apiKeys: Pick<ApiKeysService, 'authenticate'>;
  config: { publicApiRateLimit: number; webhookPrivateTargets: boolean; publicUrl: string; baseDomain: string };
  paymentLinks: Pick<PaymentLinksService, 'listForApi' | 'getForApi' | 'statusCheckForApi' | 'create' | 'update' | 'cancel'>;
  business: Pick<BusinessService, 'standingOf' | 'find'>;
  platformAccounts: Pick<PlatformAccountsService, 'linkForApi' | 'auditApiRequest' | 'madeByPlatform'>;
  requestLog: Pick<RequestLogService, 'record'>;
}) {
  const described: PublicApiPaths = {};
  const missing = (id: string) => new AppError('NOT_FOUND', `No query results for model [PaymentRequest] ${id}`);

  /** Our link's input from HitPay's payment request: the rules of a link hold, reported in HitPay's names. */
  function linkInput(body: PublicPaymentRequestBody) {
    const currency = body.currency.toLowerCase();
    const amount = parseMajorToMinor(body.amount, currency);
    if (amount === null) throw fieldError('VALIDATION_FAILED', 'amount', `The amount must be a number with the decimals of ${currency.toUpperCase()}.`);
    if (body.webhook) {
      const problem = outboundUrlProblem(body.webhook, deps.config.webhookPrivateTargets);
      if (problem) throw fieldError('VALIDATION_FAILED', 'webhook', problem);
    }
    const parsed = PaymentLinkBodySchema.safeParse({
      amount,
      currency,
      // HitPay's purpose is optional; a link's is not: the reference stands in, then a plain name.
      purpose: body.purpose ?? body.reference_number ?? 'Payment request',
      reference: body.reference_number ?? null,
      customer_email: body.email ?? null,
      customer_phone: body.phone ?? null,
      collect_email: true,
      collect_phone: false,
      collect_note: false,
      expires_at: expiryOf(body, deps.clock.now()),
      single_use: !body.allow_repeated_payments,
      redirect_url: body.redirect_url ?? null,
      product_id: null,
    });
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => ({ path: HITPAY_FIELD[String(i.path[0])] ?? String(i.path[0]), message: i.message }));
      throw new AppError('VALIDATION_FAILED', 'The given data was invalid.', issues);
    }
    return parsed.data;
  }

  const writer = (caller: PublicApiCaller, meta: RequestMeta): LinkWriter => ({
    business: caller.business,
    ip: meta.ip,
    userAgent: meta.userAgent,
    user: { id: caller.makerUserId },
  });
  const apiFields = (caller: PublicApiCaller, body: PublicPaymentRequestBody) => ({
    apiKeyId: caller.keyId,
    integrationId: caller.integration?.id ?? null,
    customerName: body.name ?? null,
    // A plugin integration's callback URL is the legacy webhook of the requests its key makes without one.
    webhookUrl: body.webhook ?? caller.integration?.callbackUrl ?? null,
  });

  /** Runs `work` on a payment request of the caller's business; another business's id (or no UUID) is HitPay's 404. */
  async function onRequest<T>(id: string, work: () => Promise<T>): Promise<T> {
    if (!UUID.test(id)) throw missing(id);
    try {
      return await work();
    } catch (error) {
      if (error instanceof AppError && error.code === 'PAYMENT_LINK_NOT_FOUND') throw missing(id);
      throw error;
    }
  }

  return {
    /**
     * The caller of a request: its key's business, or, when the request names a linked business (`linked`, the
     * `X-LINKED-BUSINESS-ID` header) on an endpoint that allows it (`platformAllowed`), that business as the key's
     * platform acts in it. A business not linked to the platform now (never linked, invited, declined, ended) is
     * refused as a revoked key is (401): the link is read on every request.
     */
    async authorize(key: string | undefined, method: string, permission: Permission, linked?: string, platformAllowed = false): Promise<PublicApiCaller> {
      const principal = key ? await deps.apiKeys.authenticate(key) : null;
      if (!principal) throw new PublicApiRefusal(401, 'Unauthenticated.');
      const found = { businessId: principal.businessId, keyId: principal.keyId };
      // Counted in this process and shared through the database in the background (docs/developers.md, "Rate limit").
      const hits = deps.limiter.hitNow(`api-key:${principal.keyId}`, RATE_WINDOW_MS);
      if (hits > deps.config.publicApiRateLimit) {
        // A fixed window of a minute: its end is at most a minute away.
        throw new PublicApiRefusal(429, 'Too Many Attempts.', { 'Retry-After': String(RATE_WINDOW_MS / 1000) }, found);
      }
      if (!SAFE.has(method) && principal.access === 'read_only') throw new PublicApiRefusal(403, 'This API key is read-only.', {}, found);
      const maker = principal.makerUserId;
      const { business, membership, locationIds } = maker
        ? await deps.business.standingOf(principal.businessId, maker)
        : { business: null, membership: null, locationIds: null };
      if (!business || !membership) throw new PublicApiRefusal(401, 'Unauthenticated.');
      const permissions = permissionsOf({ isSuperAdmin: false, role: membership.role });
      if (!permissions.includes(permission)) throw new PublicApiRefusal(403, 'This action is unauthorized.', {}, found);
      const refusal = standingRefusal('merchant', business);
      if (refusal) throw new PublicApiRefusal(403, STANDING_MESSAGES[refusal], {}, found);
      if (linked === undefined) {
        return {
          business: { row: business, role: membership.role, isSuperAdmin: false, permissions, locationIds },
          keyId: principal.keyId,
          makerUserId: maker!,
          integration: principal.integration,
          platform: null,
        };
      }
      if (!platformAllowed) throw new PublicApiRefusal(403, 'This endpoint does not act for a linked business.', {}, found);
      if (!business.platformEnabled) throw new PublicApiRefusal(403, 'This business is not a platform.', {}, found);
      // The platform's side of a link is its owners' and admins' (the dashboard's platform screen asks the same).
      if (!permissions.includes('developers:view')) throw new PublicApiRefusal(403, 'This action is unauthorized.', {}, found);
      const link = UUID.test(linked) ? await deps.platformAccounts.linkForApi(business.id, linked) : null;
      if (!link) throw new PublicApiRefusal(401, 'Unauthenticated.');
      const row = await deps.business.find(linked);
      if (!row) throw new PublicApiRefusal(401, 'Unauthenticated.');
      if (!takesPayments(row)) throw new PublicApiRefusal(403, `${link.businessName} cannot take payments at the moment.`, {}, found);
      return {
        // A platform acts for the whole linked business: no member of it, so limited to no location.
        business: { row, role: null, isSuperAdmin: false, permissions: [], locationIds: null },
        keyId: principal.keyId,
        makerUserId: maker!,
        integration: null,
        platform: { businessId: business.id, linkId: link.linkId, businessName: link.businessName, commissionBps: link.commissionBps },
      };
    },

    /** Adds the requests counted in this process to the shared counts now (the app's close). */
    shareCounts: () => deps.limiter.share(),

    /** Notes a call a key authenticated in its business's request log (docs/developers.md, "Request log"). */
    logCall: (call: ApiCall) => deps.requestLog.record(call),

    async listPaymentRequests(caller: PublicApiCaller, query: { per_page: number; cursor?: string | undefined }) {
      const page = await deps.paymentLinks.listForApi(caller, { limit: query.per_page, cursor: query.cursor });
      return { data: page.data.map(presentPaymentRequest), next_cursor: page.next_cursor };
    },

    /** Adds a resource's paths to the public API's document (each resource describes its own, beside its routes). */
    describe(paths: PublicApiPaths): void {
      for (const [path, item] of Object.entries(paths)) described[path] = { ...described[path], ...item };
    },

    /** The public API's OpenAPI document, its server the API host of this deployment. */
    openApiDocument() {
      const url = new URL(deps.config.publicUrl);
      url.hostname = `api.${deps.config.baseDomain}`;
      return publicApiDocument(url.origin, described);
    },

    /**
     * HitPay's status check: the request with its payments (newest first, the latest 50), as Transactions has them.
     * A platform acting for a linked business sees only the requests it made there (any other is HitPay's 404).
     */
    async getPaymentRequest(caller: PublicApiCaller, id: string) {
      return onRequest(id, async () => {
        const platform = caller.platform;
        if (platform && !(await deps.platformAccounts.madeByPlatform(platform.businessId, caller.business.row.id, id))) throw missing(id);
        const check = await deps.paymentLinks.statusCheckForApi(caller, id, 50);
        return { ...presentPaymentRequest(check.request), payments: check.payments.map(presentRequestPayment) };
      });
    },

    /** HitPay's create: a payment link made as the key's maker, with the key (for the `hmac`), the buyer's name and the webhook. */
    async createPaymentRequest(caller: PublicApiCaller, meta: RequestMeta, body: PublicPaymentRequestBody) {
      const input = linkInput(body);
      if (!caller.platform) {
        if (body.platform_fee !== undefined) {
          throw fieldError('VALIDATION_FAILED', 'platform_fee', "Only a platform's request for a linked business takes a platform fee.");
        }
        const link = await deps.paymentLinks.create(writer(caller, meta), { ...input, send_email: false }, apiFields(caller, body));
        return presentPaymentRequest(await deps.paymentLinks.getForApi(caller, link.id));
      }
      const platform = caller.platform;
      // The platform hears of the payment on its own webhook endpoints (charge.created), signed with its own secret.
      if (body.webhook)
        throw fieldError('VALIDATION_FAILED', 'webhook', "A platform's request is told to the platform's webhook endpoints: leave webhook out.");
      const { amount, currency } = input;
      if (amount === null || currency === undefined) throw fieldError('VALIDATION_FAILED', 'amount', 'The amount field is required.');
      const fee = body.platform_fee === undefined ? commissionOf(amount, platform.commissionBps) : parseMajorToMinor(body.platform_fee, currency);
      if (fee === null)
        throw fieldError('VALIDATION_FAILED', 'platform_fee', `The platform fee must be a number with the decimals of ${currency.toUpperCase()}.`);
      if (fee >= amount) throw fieldError('VALIDATION_FAILED', 'platform_fee', 'The platform fee must be below the amount.');
      const link = await deps.paymentLinks.create(
        writer(caller, meta),
        { ...input, send_email: false },
        { ...apiFields(caller, body), integrationId: null, webhookUrl: null },
        { platformLinkId: platform.linkId, platformFee: fee },
      );
      await deps.platformAccounts.auditApiRequest(meta, {
        platformBusinessId: platform.businessId,
        linkId: platform.linkId,
        userId: caller.makerUserId,
        businessName: platform.businessName,
        paymentLinkId: link.id,
        purpose: input.purpose,
        amount,
        fee,
        currency,
      });
      return presentPaymentRequest(await deps.paymentLinks.getForApi(caller, link.id));
    },

    /** HitPay's update: every field anew (its document requires amount and currency); a paid or cancelled request is final (409). */
    async updatePaymentRequest(caller: PublicApiCaller, meta: RequestMeta, id: string, body: PublicPaymentRequestBody) {
      return onRequest(id, async () => {
        const input = linkInput(body);
        await deps.paymentLinks.update(writer(caller, meta), id, input, apiFields(caller, body));
        return presentPaymentRequest(await deps.paymentLinks.getForApi(caller, id));
      });
    },

    /** HitPay's delete: the link is cancelled (its payments and audit stay); a completed one cannot be (409). */
    async deletePaymentRequest(caller: PublicApiCaller, meta: RequestMeta, id: string) {
      return onRequest(id, async () => {
        await deps.paymentLinks.cancel(writer(caller, meta), id);
        return { success: true };
      });
    },
  };
}

export type PublicApiService = ReturnType<typeof createPublicApiService>;
