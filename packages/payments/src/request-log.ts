import { z } from 'zod';
import { CalendarDateSchema, CursorQuerySchema, defineEndpoint, pageOf, text } from '@merchant/core';
import { BusinessParamsSchema } from '@merchant/business';

/**
 * The public API's request log (docs/developers.md, "Request log"): every call a key authenticated on the API host,
 * kept `REQUEST_LOG_RETENTION_DAYS` days, listed newest first on the Developers screen.
 */
export const REQUEST_LOG_RETENTION_DAYS = 30;

export const REQUEST_LOG_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type RequestLogMethod = (typeof REQUEST_LOG_METHODS)[number];

/** The status filter's classes; an exact status (`422`) is accepted too. */
export const REQUEST_LOG_STATUS_CLASSES = ['2xx', '4xx', '5xx'] as const;

/** HTTP statuses the public API answers, as the log's badge writes them (another status shows as its number). */
export const HTTP_STATUS_LABELS: Record<string, string> = {
  '200': '200 OK',
  '201': '201 Created',
  '204': '204 No content',
  '400': '400 Bad request',
  '401': '401 Unauthenticated',
  '403': '403 Forbidden',
  '404': '404 Not found',
  '405': '405 Not allowed',
  '409': '409 Conflict',
  '413': '413 Too large',
  '415': '415 Unsupported',
  '422': '422 Invalid',
  '429': '429 Too many',
  '500': '500 Server error',
  '502': '502 Bad gateway',
  '503': '503 Unavailable',
};

const RequestLogFilterFields = z.object({
  api_key_id: z.uuid('Choose a key from the list').optional(),
  method: z.enum(REQUEST_LOG_METHODS, { error: 'Choose a method from the list' }).optional(),
  /** A class (`2xx`, `4xx`, `5xx`) or an exact status (`422`). */
  status: text()
    .trim()
    .regex(/^(?:[245]xx|[1-5]\d\d)$/, 'Use 2xx, 4xx, 5xx or a status such as 422')
    .optional(),
  /** Part of the path (its query string included), without case. */
  path: text().trim().max(200, 'Use at most 200 characters').optional(),
  /** Calendar days of the business's time zone, both included. */
  from: CalendarDateSchema.optional(),
  to: CalendarDateSchema.optional(),
});
const datesInOrder = (f: { from?: string | undefined; to?: string | undefined }) => !f.from || !f.to || f.from <= f.to;
const DATES_IN_ORDER = { path: ['to'], message: 'The end date is before the start date' };

export const RequestLogFiltersSchema = RequestLogFilterFields.refine(datesInOrder, DATES_IN_ORDER);
export type RequestLogFilters = z.infer<typeof RequestLogFiltersSchema>;

export const RequestLogQuerySchema = RequestLogFilterFields.extend(CursorQuerySchema.shape).refine(datesInOrder, DATES_IN_ORDER);
export type RequestLogQuery = z.input<typeof RequestLogQuerySchema>;

export const RequestLogEntrySchema = z.object({
  id: z.uuid(),
  /** When the call was answered, UTC. */
  created_at: z.string(),
  method: z.string(),
  /** The path with its query string; values of secret-looking parameters are replaced by `[redacted]`. */
  path: z.string(),
  status: z.number().int(),
  duration_ms: z.number().int(),
  /** The key that made the call and its name (`null` only if the key's row is gone). */
  api_key: z.object({ id: z.uuid(), name: z.string().nullable() }),
  idempotency_key: z.string().nullable(),
  /** `X-Request-Id` of the answer. */
  request_id: z.string(),
  /** An error's message, its first 500 characters (4xx and 5xx). */
  error_message: z.string().nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
});
export type RequestLogEntry = z.infer<typeof RequestLogEntrySchema>;

export const RequestLogEntryParamsSchema = BusinessParamsSchema.extend({ entry_id: z.uuid() });

const access = { kind: 'business', permission: 'developers:view', standing: 'merchant' } as const;

export const requestLogEndpoints = {
  list: defineEndpoint({
    id: 'request-log.list',
    method: 'GET',
    path: '/v1/business/:business_id/developers/request-log',
    summary: `The public API calls of the business's keys, newest first (cursor pages), kept ${REQUEST_LOG_RETENTION_DAYS} days`,
    access,
    params: BusinessParamsSchema,
    query: RequestLogQuerySchema,
    response: pageOf(RequestLogEntrySchema),
  }),
  get: defineEndpoint({
    id: 'request-log.get',
    method: 'GET',
    path: '/v1/business/:business_id/developers/request-log/:entry_id',
    summary: 'One public API call of the request log',
    access,
    params: RequestLogEntryParamsSchema,
    response: RequestLogEntrySchema,
    errors: ['REQUEST_LOG_ENTRY_NOT_FOUND'],
  }),
} as const;
