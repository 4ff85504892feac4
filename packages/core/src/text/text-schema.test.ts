import fc from 'fast-check';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { CalendarDateSchema } from '../date/calendar-date';
import { NUL_CHARACTER_MESSAGE, NUL_FREE_STRING_FORMATS, stringsWithoutNulRule, text } from './text-schema';

/** `s` with a NUL inserted at `at` (clamped). */
const withNul = fc.tuple(fc.string({ unit: 'grapheme', maxLength: 40 }), fc.nat()).map(([s, at]) => {
  const i = at % (s.length + 1);
  return `${s.slice(0, i)}\u0000${s.slice(i)}`;
});

describe('text()', () => {
  it('refuses any string holding U+0000, with the NUL message, whatever else the field checks', () => {
    const field = text().trim().min(1).max(60);
    fc.assert(
      fc.property(withNul, (value) => {
        const result = field.safeParse(value);
        expect(result.success).toBe(false);
        expect(result.error?.issues.map((i) => i.message)).toContain(NUL_CHARACTER_MESSAGE);
      }),
    );
  });

  it('accepts every other string, astral characters and other control characters included', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 60 }).filter((s) => !s.includes('\u0000')),
        (value) => {
          expect(text().parse(value)).toBe(value);
        },
      ),
    );
  });
});

describe('the string formats trusted without text()', () => {
  const insertNul = (valid: fc.Arbitrary<string>) =>
    fc.tuple(valid, fc.nat()).map(([s, at]) => `${s.slice(0, at % (s.length + 1))}\u0000${s.slice(at % (s.length + 1))}`);
  const formats: Record<string, [z.ZodType, fc.Arbitrary<string>]> = {
    uuid: [z.uuid(), fc.uuid({ version: 4 })],
    email: [z.email(), fc.emailAddress().filter((e) => z.email().safeParse(e).success)],
    date: [
      CalendarDateSchema,
      fc.date({ min: new Date('1900-01-01'), max: new Date('2999-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
    ],
    datetime: [
      z.iso.datetime({ offset: true }),
      fc
        .tuple(fc.date({ min: new Date('1900-01-01'), max: new Date('2999-12-31'), noInvalidDate: true }), fc.constantFrom('Z', '+08:00', '-05:30'))
        .map(([d, zone]) => d.toISOString().replace('Z', zone)),
    ],
  };

  it('covers exactly the listed formats', () => {
    expect(Object.keys(formats).sort()).toEqual([...NUL_FREE_STRING_FORMATS].sort());
  });

  for (const [name, [schema, valid]] of Object.entries(formats)) {
    it(`${name}: a valid value with U+0000 inserted anywhere is refused`, () => {
      fc.assert(
        fc.property(valid, (value) => {
          expect(schema.safeParse(value).success).toBe(true);
        }),
        { numRuns: 30 },
      );
      fc.assert(
        fc.property(insertNul(valid), (value) => {
          expect(schema.safeParse(value).success).toBe(false);
        }),
      );
    });
  }
});

describe('stringsWithoutNulRule', () => {
  it('finds nothing in schemas built on text() and the trusted formats', () => {
    const schema = z
      .object({
        name: text().trim().min(1),
        email: text().trim().toLowerCase().pipe(z.email()),
        id: z.uuid(),
        on: CalendarDateSchema.optional(),
        tags: z.array(text()).max(3),
        note: text()
          .nullish()
          .transform((v) => v ?? null),
        kind: z.enum(['a', 'b']),
        count: z.coerce.number().int(),
        nested: z.object({ line: text().nullable() }).partial(),
        either: z.union([z.literal(1), text()]),
        lazy: z.lazy(() => text()),
      })
      .refine(() => true);
    expect(stringsWithoutNulRule(schema)).toEqual([]);
  });

  it('names every plain string and every place that accepts anything', () => {
    const schema = z.object({
      name: z.string().trim(),
      nested: z.object({ line: z.string().nullable() }).optional(),
      list: z.array(z.string()),
      map: z.record(z.string(), text()),
      loose: z.looseObject({ ok: text() }),
      raw: z.unknown(),
      wrapped: z.preprocess((v) => v, z.string()),
    });
    expect(stringsWithoutNulRule(schema, 'body')).toEqual([
      'body.name',
      'body.nested.line',
      'body.list.[]',
      'body.map.(key)',
      'body.loose.* (unknown)',
      'body.raw (unknown)',
      'body.wrapped',
    ]);
  });
});
