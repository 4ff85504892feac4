import { z } from 'zod';
import { laravelPageOf, noNulCharacter } from '@merchant/core';

/**
 * HitPay's card readers in the public API (docs/developers.md, "Public API: orders and card readers"): the
 * business's paired readers as a Laravel page, and the cancel of the payment a reader is waiting on.
 */
export const PUBLIC_READERS_PATHS = {
  readers: '/v1/readers',
  cancel: '/v1/readers/cancel',
} as const;

export const PublicReaderListQuerySchema = z.object({
  limit: z.coerce
    .number('The limit must be a number.')
    .int('The limit must be an integer.')
    .min(1, 'The limit must be at least 1.')
    .max(100, 'The limit may not be greater than 100.')
    .default(10),
  page: z.coerce.number('The page must be a number.').int('The page must be an integer.').min(1, 'The page must be at least 1.').max(100_000).default(1),
});
export type PublicReaderListQuery = z.output<typeof PublicReaderListQuerySchema>;

export const PublicReaderCancelBodySchema = z.object({
  reader_id: z
    .string({ error: (issue) => (issue.input === undefined ? 'The reader id field is required.' : 'The reader id must be a string.') })
    .check(noNulCharacter)
    .trim()
    .min(1, 'The reader id field is required.')
    .max(100, 'The reader id may not be greater than 100 characters.'),
});

/** HitPay's card reader: `device_type` is the model, `data` the reader's own id and serial number. */
export const PublicReaderSchema = z.object({
  id: z.string(),
  name: z.string(),
  device_type: z.string(),
  details: z.object({ title: z.string(), image: z.string() }),
  data: z.object({ id: z.string(), serial_number: z.string() }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PublicReader = z.infer<typeof PublicReaderSchema>;

/** As the orders' page: `from` and a pager link's `url` typed a number and a string (0 and left out where Laravel writes null). */
export const PublicReaderPageSchema = laravelPageOf(PublicReaderSchema, { typed: true });
