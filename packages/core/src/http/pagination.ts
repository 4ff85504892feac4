import { z } from 'zod';
import { text } from '../text/text-schema';

/** Cursor pagination used by every list endpoint: newest first, opaque cursor. */
export const CursorQuerySchema = z.object({
  cursor: text().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type CursorQuery = z.infer<typeof CursorQuerySchema>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), next_cursor: z.string().nullable() });
}
