import { z } from 'zod';
import { noNulCharacter } from '../text/text-rule';
import { text } from '../text/text-schema';

/**
 * What HitPay's public API answers and reads the way Laravel does (docs/developers.md): its numbered pages and the
 * text fields of its bodies and queries, read alike from JSON and from a form.
 */

/** A text field that may be left out; blank reads as left out. */
export const optionalText = (max: number) =>
  text()
    .trim()
    .max(max, `The field may not be greater than ${max} characters.`)
    .optional()
    .transform((v) => (v ? v : undefined));

/** A required text field: a missing one is Laravel's `The <field> field is required.` */
export const requiredText = (label: string) =>
  z.string({ error: (issue) => (issue.input === undefined ? `The ${label} field is required.` : `The ${label} must be a string.`) }).check(noNulCharacter);

type PageRange<Typed extends boolean> = Typed extends true ? z.ZodNumber : z.ZodNullable<z.ZodNumber>;
type PagerUrl<Typed extends boolean> = Typed extends true ? z.ZodOptional<z.ZodString> : z.ZodNullable<z.ZodString>;

/**
 * A Laravel page (`paginate()` as a resource collection): what HitPay's numbered lists answer. Laravel writes `from`
 * and `to` as null on an empty page and a pager link without a page with a null `url`; `typed` is for the lists whose
 * HitPay document types them a number and a string: 0 on an empty page, the `url` left out.
 */
export const laravelPageOf = <T extends z.ZodType, Typed extends boolean = false>(item: T, options?: { typed: Typed }) => {
  const typed = options?.typed === true;
  const range = (typed ? z.number().int() : z.number().int().nullable()) as PageRange<Typed>;
  const url = (typed ? z.string().optional() : z.string().nullable()) as PagerUrl<Typed>;
  return z.object({
    data: z.array(item),
    links: z.object({ first: z.string(), last: z.string(), prev: z.string().nullable(), next: z.string().nullable() }),
    meta: z.object({
      current_page: z.number().int(),
      from: range,
      last_page: z.number().int(),
      links: z.array(z.object({ url, label: z.string(), active: z.boolean() })),
      path: z.string(),
      per_page: z.number().int(),
      to: range,
      total: z.number().int(),
    }),
  });
};
