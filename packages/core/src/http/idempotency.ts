/**
 * The idempotency contract of endpoints declared `idempotent` (Stripe's practice): the client sends a
 * key of its choosing in this header; the first answer for the key is stored and replayed to every
 * retry with the same request. Keys are the caller's own (per user, and per business for business
 * endpoints) and expire after `IDEMPOTENCY_KEY_TTL_HOURS`.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** Set (to `true`) on an answer replayed from a stored first answer. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

export const IDEMPOTENCY_KEY_TTL_HOURS = 24;

/** 1 to 255 visible ASCII characters: a UUID v4 is the usual choice. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
