import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CurrencyCodeSchema, SignedMoneySchema } from './money-schema';

describe('CurrencyCodeSchema', () => {
  it('takes a known code in any case, spaces around, and answers it lower case', () => {
    expect(CurrencyCodeSchema.parse(' SGD ')).toBe('sgd');
    expect(CurrencyCodeSchema.parse('kwd')).toBe('kwd');
  });

  it('refuses anything else with one issue, "Unknown currency"', () => {
    for (const bad of ['', 'zz', 'zzz', 'sg1', 's-d', 'sgdd']) {
      const issues = CurrencyCodeSchema.safeParse(bad).error?.issues ?? [];
      expect(
        issues.map((i) => i.message),
        JSON.stringify(bad),
      ).toEqual(['Unknown currency']);
    }
    expect(SignedMoneySchema.safeParse({ amount: -5, currency: 'XYZ' }).success).toBe(false);
  });

  it('has a JSON Schema, in input and in answers: a string of three lower-case letters (the OpenAPI document shows it)', () => {
    for (const io of ['input', 'output'] as const) {
      expect(z.toJSONSchema(CurrencyCodeSchema, { io })).toMatchObject({ type: 'string', pattern: '^[a-z]{3}$' });
    }
  });
});
