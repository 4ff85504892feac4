import type { FastifyRequest } from 'fastify';
import { AppError, type ApiIssue, type ErrorCode } from '@merchant/core';
import type { RequestMeta } from '@/http/context';
import type { PublicApiCaller } from './public-api.service';
import { hitpayTime } from './webhook-events.presenter';

/**
 * What the public API's resources beyond payment requests share (docs/developers.md, "Public API: customers,
 * products, staff, account status, notifications"): HitPay's 404 of a model, its times with their offset, the key's
 * maker as the writer of a change, and our field names turned into HitPay's in a 422.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** HitPay's (Laravel's) 404 of a model: `No query results for model [App\Business\Customer] <id>`. */
export const noModel = (model: string, id: string) => new AppError('NOT_FOUND', `No query results for model [${model}] ${id}`);

/**
 * Runs `work` on one object of the caller's business: an id that is no UUID, or the domain's not-found code (another
 * business's id included), is HitPay's 404 of the model.
 */
export async function onModel<T>(model: string, id: string, notFound: ErrorCode, work: () => Promise<T>): Promise<T> {
  if (!UUID.test(id)) throw noModel(model, id);
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && error.code === notFound) throw noModel(model, id);
    throw error;
  }
}

/** A time as HitPay writes it in these answers, with its offset: `2024-01-24T16:05:10+00:00` (UTC here). */
export const zonedTime = (at: Date | string) => `${hitpayTime(new Date(at))!}+00:00`;

/** The key's maker as the writer of a change, where the request came from as its audit entry's place. */
export const writerOf = (caller: PublicApiCaller, meta: RequestMeta) => ({
  business: caller.business,
  ip: meta.ip,
  userAgent: meta.userAgent,
  user: { id: caller.makerUserId },
});

/** Runs `work`, renaming the fields of its 422 from ours to HitPay's (`notes` -> `remark`; `variants.0.price` by prefix). */
export async function inHitpayNames<T>(names: Record<string, string>, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof AppError) || !error.issues) throw error;
    const rename = (path: string) => {
      const key = Object.keys(names).find((k) => path === k || path.startsWith(`${k}.`));
      return key ? names[key]! + path.slice(key.length) : path;
    };
    throw new AppError(
      error.code,
      error.message,
      error.issues.map((i): ApiIssue => ({ ...i, path: rename(i.path) })),
    );
  }
}

/** One invalid field, in HitPay's 422 shape. */
export const invalidField = (field: string, message: string) => new AppError('VALIDATION_FAILED', 'The given data was invalid.', [{ path: field, message }]);

/** The page's own address (`https://api.<domain>/v1/customers`), as Laravel's paginator writes `path`. */
export const pathOf = (req: FastifyRequest) => `${req.protocol}://${req.host}${req.url.split('?')[0]!}`;
