import { AppError, permissionsOf, standingRefusal, STANDING_MESSAGES, type Permission } from '@merchant/core';
import type { BusinessStanding } from '@/http/context';
import type { Clock } from '@/lib/clock';
import type { RateLimiter } from '@/lib/rate-limit';
import type { BusinessService } from '@/modules/business/business/business.service';
import type { PaymentLinksService } from '@/modules/payments/payment-links/payment-links.service';
import type { ApiKeysService } from './api-keys.service';
import { presentPaymentRequest } from './payment-requests.presenter';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const RATE_WINDOW_MS = 60_000;

/** A refusal of the public API with its own headers (`Retry-After`). */
export class PublicApiRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** The caller of a public API request: the key's business, as the key's maker stands in it now. */
export interface PublicApiCaller {
  business: BusinessStanding;
  keyId: string;
}

/**
 * The public API (docs/developers.md): HitPay's paths on the API host, authenticated by `X-BUSINESS-API-KEY`.
 * A key acts in its business with the role its maker holds there now (a maker who left or lost the permission
 * takes the key's power with them) and, when read-only, only reads. Every request reads the key from the
 * database: a revoked key is refused from the next request on, in every process. Each key may make
 * `publicApiRateLimit` requests a minute.
 */
export function createPublicApiService(deps: {
  clock: Clock;
  config: { publicApiRateLimit: number };
  limiter: RateLimiter;
  apiKeys: Pick<ApiKeysService, 'authenticate'>;
  business: Pick<BusinessService, 'standingOf'>;
  paymentLinks: Pick<PaymentLinksService, 'list' | 'get'>;
}) {
  return {
    async authorize(key: string | undefined, method: string, permission: Permission): Promise<PublicApiCaller> {
      const principal = key ? await deps.apiKeys.authenticate(key) : null;
      if (!principal) throw new PublicApiRefusal(401, 'Unauthenticated.');
      const hits = await deps.limiter.hit(`api-key:${principal.keyId}`, RATE_WINDOW_MS);
      if (hits > deps.config.publicApiRateLimit) {
        // A fixed window of a minute: its end is at most a minute away.
        throw new PublicApiRefusal(429, 'Too Many Attempts.', { 'Retry-After': String(RATE_WINDOW_MS / 1000) });
      }
      if (!SAFE.has(method) && principal.access === 'read_only') throw new PublicApiRefusal(403, 'This API key is read-only.');
      const maker = principal.makerUserId;
      const { business, membership } = maker ? await deps.business.standingOf(principal.businessId, maker) : { business: null, membership: null };
      if (!business || !membership) throw new PublicApiRefusal(401, 'Unauthenticated.');
      const permissions = permissionsOf({ isSuperAdmin: false, role: membership.role });
      if (!permissions.includes(permission)) throw new PublicApiRefusal(403, 'This action is unauthorized.');
      const refusal = standingRefusal('merchant', business);
      if (refusal) throw new PublicApiRefusal(403, STANDING_MESSAGES[refusal]);
      return { business: { row: business, role: membership.role, isSuperAdmin: false, permissions }, keyId: principal.keyId };
    },

    async listPaymentRequests(caller: PublicApiCaller, query: { per_page: number; cursor?: string | undefined }) {
      const page = await deps.paymentLinks.list(caller, { limit: query.per_page, cursor: query.cursor });
      return { data: page.data.map(presentPaymentRequest), next_cursor: page.next_cursor };
    },

    async getPaymentRequest(caller: PublicApiCaller, id: string) {
      const missing = () => new AppError('NOT_FOUND', `No query results for model [PaymentRequest] ${id}`);
      if (!UUID.test(id)) throw missing();
      try {
        return presentPaymentRequest(await deps.paymentLinks.get(caller, id));
      } catch (error) {
        if (error instanceof AppError && error.code === 'PAYMENT_LINK_NOT_FOUND') throw missing();
        throw error;
      }
    },
  };
}

export type PublicApiService = ReturnType<typeof createPublicApiService>;
