import fc from 'fast-check';
import { safeParse } from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { ApiErrorBodySchema } from './error-body';
import { readApiErrorBody } from './error-body-check';

/** What the schema makes of a value: its parsed output, or null when it refuses it. */
function bySchema(value: unknown): unknown {
  const result = safeParse(ApiErrorBodySchema, value);
  return result.success ? result.data : null;
}

const field = fc.oneof(fc.string({ maxLength: 8 }), fc.anything({ maxDepth: 1 }));
const issue = fc.oneof(fc.record({ path: field, message: field }, { requiredKeys: [] }), fc.anything({ maxDepth: 1 }));
/** Bodies near the product's shape: every field present or missing, of the right type or not, extra fields too. */
const nearBody = fc.record(
  {
    code: field,
    message: field,
    requestId: field,
    issues: fc.oneof(
      fc.constant(undefined),
      fc.array(issue, { maxLength: 3 }),
      fc.array(fc.record({ path: fc.string(), message: fc.string() }), { maxLength: 3 }),
      field,
    ),
    extra: fc.anything({ maxDepth: 1 }),
  },
  { requiredKeys: [] },
);
const wellFormed = fc.record(
  {
    code: fc.string(),
    message: fc.string(),
    requestId: fc.string(),
    issues: fc.array(fc.record({ path: fc.string(), message: fc.string(), extra: fc.anything({ maxDepth: 1 }) }, { requiredKeys: ['path', 'message'] }), {
      maxLength: 3,
    }),
  },
  { requiredKeys: ['code', 'message', 'requestId'] },
);

/** The same fields carried by an array, or inherited from a prototype: the schema's object check decides. */
const carried = fc
  .tuple(fc.constantFrom('array', 'prototype'), fc.oneof(nearBody, wellFormed))
  .map(([how, fields]) => (how === 'array' ? Object.assign([], fields) : (Object.create(fields) as unknown)));

describe('readApiErrorBody', () => {
  it('accepts and refuses exactly what ApiErrorBodySchema does, with the same output', () => {
    fc.assert(
      fc.property(fc.oneof(nearBody, wellFormed, carried, fc.anything()), (value) => {
        expect(readApiErrorBody(value)).toStrictEqual(bySchema(value));
      }),
      { numRuns: 2000 },
    );
  });

  it('reads a well-formed body, and keeps only its own fields', () => {
    fc.assert(
      fc.property(wellFormed, (value) => {
        expect(readApiErrorBody(value)).not.toBeNull();
      }),
    );
    const body = {
      code: 'VALIDATION',
      message: 'Check the fields',
      issues: [{ path: 'email', message: 'Enter a valid email address', hint: 1 }],
      requestId: 'r1',
      x: 2,
    };
    expect(readApiErrorBody(body)).toStrictEqual({
      code: 'VALIDATION',
      message: 'Check the fields',
      issues: [{ path: 'email', message: 'Enter a valid email address' }],
      requestId: 'r1',
    });
  });

  it('refuses what is not the product shape: a proxy page, an array, a field of the wrong type', () => {
    for (const value of [
      null,
      '<html>',
      [],
      { code: 'X', message: 'm' },
      { code: 'X', message: 'm', requestId: 1 },
      { code: 'X', message: 'm', requestId: 'r', issues: {} },
      { code: 'X', message: 'm', requestId: 'r', issues: [{ path: 1, message: 'm' }] },
    ])
      expect(readApiErrorBody(value)).toBeNull();
  });
});
