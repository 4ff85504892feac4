import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointPath } from '@merchant/core';
import { and, eq } from 'drizzle-orm';
import { auditLogEndpoints } from '@merchant/business';
import { bankAccountEndpoints, type CreateBankAccountBody } from '@merchant/payments';
import { auditLogs, bankAccounts } from '../src/db/schema';
import { capturedLog } from './log-lines';
import { Agent, createTestContext, failure, mailbox, type TestContext } from './harness';
import { addBankAccount, addMember, createBusiness, localSgAccount, totpNow, type FactoryBusiness, type Person } from './factories';

/**
 * Payout bank accounts (docs/payments.md, "balances and bank accounts"): each country's local rule, IBAN and
 * SWIFT/BIC for cross-border accounts, the password or two-factor code every change asks for (counted against
 * the sign-in lock), one default per currency under concurrent requests, masked numbers, the owners' mail, the
 * audit log and who may do it.
 */
let t: TestContext;
let business: FactoryBusiness<'owner' | 'admin' | 'manager' | 'cashier'>;
let owner: Person;

beforeAll(async () => {
  t = await createTestContext();
  business = await createBusiness(t, { staff: ['admin', 'manager', 'cashier'] });
  owner = business.people.owner;
});
afterAll(() => t.close());

const params = (b: { id: string } = business) => ({ business_id: b.id });
const create = (person: Person, body: Record<string, unknown>, b: { id: string } = business) =>
  person.agent.call(bankAccountEndpoints.create, { params: params(b), body: { password: person.password, ...body } as CreateBankAccountBody });
const issuesOf = (answer: Awaited<ReturnType<typeof create>>) => Object.fromEntries((failure(answer).issues ?? []).map((i) => [i.path, i.message]));

describe('local accounts, checked by their country', () => {
  const cases: { country: string; currency: string; good: Record<string, string>; bad: Record<string, string>; fields: string[] }[] = [
    {
      country: 'sg',
      currency: 'sgd',
      good: { bank_code: '7171', branch_code: '081', account_number: '012-345678-9' },
      bad: { bank_code: '71', branch_code: '', account_number: '12345' },
      fields: ['bank_code', 'branch_code', 'account_number'],
    },
    { country: 'my', currency: 'myr', good: { account_number: '5140 1234 5678' }, bad: { account_number: '12AB5678' }, fields: ['account_number'] },
    { country: 'ph', currency: 'php', good: { account_number: '0012345678' }, bad: { account_number: '123456789' }, fields: ['account_number'] },
    { country: 'id', currency: 'idr', good: { account_number: '1234567890' }, bad: { account_number: '123456' }, fields: ['account_number'] },
    {
      country: 'hk',
      currency: 'hkd',
      good: { bank_code: '004', branch_code: '123', account_number: '123456789' },
      bad: { bank_code: '4', branch_code: '12', account_number: '12345' },
      fields: ['bank_code', 'branch_code', 'account_number'],
    },
    {
      country: 'au',
      currency: 'aud',
      good: { branch_code: '062-000', account_number: '12345678' },
      bad: { branch_code: '0620', account_number: '1234' },
      fields: ['branch_code', 'account_number'],
    },
    {
      country: 'us',
      currency: 'usd',
      good: { bank_code: '011000015', account_number: '000123456789' },
      bad: { bank_code: '011000016', account_number: '123' },
      fields: ['bank_code', 'account_number'],
    },
    {
      country: 'gb',
      currency: 'gbp',
      good: { branch_code: '40-47-84', account_number: '70872490' },
      bad: { branch_code: '404784', account_number: '7087249' },
      fields: ['account_number'],
    },
    {
      country: 'de',
      currency: 'eur',
      good: { account_number: 'DE89 3704 0044 0532 0130 00' },
      bad: { account_number: 'DE89 3704 0044 0532 0130 01' },
      fields: ['account_number'],
    },
  ];

  for (const c of cases) {
    it(`${c.country}: takes a well-formed account and refuses a malformed one on its fields`, async () => {
      const home = await createBusiness(t, { country: c.country, currency: c.currency });
      const base = { type: 'local', holder_name: 'Holder', bank_name: 'A Bank', country: c.country.toUpperCase(), currency: c.currency };
      const refused = await create(home.people.owner, { ...base, ...c.bad }, home);
      expect(refused.status, JSON.stringify(refused.body)).toBe(422);
      expect(Object.keys(issuesOf(refused)).sort()).toEqual([...c.fields].sort());

      const made = await create(home.people.owner, { ...base, ...c.good }, home);
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      expect(made.body).toMatchObject({ type: 'local', country: c.country, currency: c.currency, is_default: true });
    });
  }

  it('keeps a local account in the business country (one abroad is cross-border)', async () => {
    const refused = await create(owner, { ...localSgAccount(), type: 'local', country: 'my', currency: 'myr', bank_code: null, branch_code: null });
    expect(refused.status).toBe(422);
    expect(issuesOf(refused)).toHaveProperty('country');
  });

  it('refuses unknown types, countries, currencies and hostile strings with field errors, never a 500', async () => {
    for (const body of [
      { ...localSgAccount(), type: 'savings' },
      { ...localSgAccount(), country: 'zz' },
      { ...localSgAccount(), currency: 'xyz' },
      { ...localSgAccount(), holder_name: 'a\u0000b' },
      { ...localSgAccount(), account_number: 12345678 },
      { ...localSgAccount(), holder_name: 'x'.repeat(141) },
    ]) {
      const res = await owner.agent.post(endpointPath(bankAccountEndpoints.create, { params: { business_id: business.id } }), {
        ...body,
        password: owner.password,
      });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json<{ issues: unknown[] }>().issues.length).toBeGreaterThan(0);
    }
  });
});

describe('cross-border accounts', () => {
  const abroad = (overrides: Record<string, unknown>) => ({
    type: 'cross_border',
    holder_name: 'Holder',
    bank_name: 'Deutsche Bank',
    country: 'de',
    currency: 'eur',
    swift_code: 'DEUTDEFF',
    account_number: 'DE89370400440532013000',
    ...overrides,
  });

  it('takes a valid IBAN with a SWIFT/BIC of its country', async () => {
    const made = await create(owner, abroad({ swift_code: 'deut de ff 500', account_number: 'de89 3704 0044 0532 0130 00' }));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ type: 'cross_border', swift_code: 'DEUTDEFF500', is_iban: true, account_last4: '3000' });
  });

  it('refuses a bad IBAN checksum, an IBAN of another country, a malformed BIC and a BIC of another country', async () => {
    expect(issuesOf(await create(owner, abroad({ account_number: 'DE89370400440532013001' })))).toEqual({ account_number: 'Enter a valid IBAN' });
    expect(issuesOf(await create(owner, abroad({ account_number: 'GB82WEST12345698765432' })))).toEqual({
      account_number: "The IBAN must be of the bank's country",
    });
    expect(issuesOf(await create(owner, abroad({ swift_code: 'DEUT1EFF' })))).toHaveProperty('swift_code');
    expect(issuesOf(await create(owner, abroad({ swift_code: 'DBSSSGSG' })))).toEqual({ swift_code: "The SWIFT/BIC code must be of the bank's country" });
    expect(issuesOf(await create(owner, abroad({ swift_code: null })))).toEqual({ swift_code: 'Enter the SWIFT/BIC code' });
  });

  it('takes an account number where the country has no IBAN', async () => {
    const made = await create(owner, abroad({ country: 'us', currency: 'usd', swift_code: 'CHASUS33', account_number: '000123456789' }));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ is_iban: false, account_last4: '6789' });
  });
});

describe('confirming who makes the change', () => {
  it('refuses a missing or wrong password with a field error, and counts wrong ones against the sign-in lock', async () => {
    const home = await createBusiness(t);
    const person = home.people.owner;
    const missing = await person.agent.call(bankAccountEndpoints.create, { params: params(home), body: localSgAccount() });
    expect(missing.status).toBe(422);
    expect(failure(missing).issues).toEqual([{ path: 'password', message: 'Enter your password to confirm this change.' }]);

    for (let i = 0; i < 10; i++) {
      const wrong = await create(person, { ...localSgAccount(), password: 'not the password' }, home);
      expect(wrong.status).toBe(422);
      expect(failure(wrong)).toMatchObject({ code: 'AUTH_PASSWORD_INCORRECT', issues: [{ path: 'password' }] });
    }
    // The eleventh attempt is locked even with the right password, and so is signing in.
    const locked = await create(person, localSgAccount(), home);
    expect(locked.status).toBe(429);
    expect(failure(locked).code).toBe('AUTH_ACCOUNT_LOCKED');
    expect((await new Agent(t.app).post('/auth', { email: person.email, password: person.password })).statusCode).toBe(429);
    expect(await person.agent.ok(bankAccountEndpoints.list, { params: params(home) })).toEqual([]);
  });

  it('takes a current two-factor code instead of the password, each code once', async () => {
    const home = await createBusiness(t, { twoFactor: true });
    const person = home.people.owner;
    t.clock.advance(60_000);
    const code = totpNow(t, person);
    const made = await person.agent.call(bankAccountEndpoints.create, { params: params(home), body: { ...localSgAccount(), code } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);

    const reused = await person.agent.call(bankAccountEndpoints.create, { params: params(home), body: { ...localSgAccount({ currency: 'usd' }), code } });
    expect(reused.status).toBe(422);
    expect(failure(reused)).toMatchObject({ code: 'AUTH_TWO_FACTOR_INVALID', issues: [{ path: 'code' }] });
    const wrong = await person.agent.call(bankAccountEndpoints.create, { params: params(home), body: { ...localSgAccount(), code: '000000' } });
    expect(failure(wrong).code).toBe('AUTH_TWO_FACTOR_INVALID');
    expect(await person.agent.ok(bankAccountEndpoints.list, { params: params(home) })).toHaveLength(1);
  });

  it('refuses a code from someone without two-factor, pointing to the password', async () => {
    const refused = await owner.agent.call(bankAccountEndpoints.create, { params: params(), body: { ...localSgAccount(), code: '123456' } });
    expect(refused.status).toBe(422);
    expect(failure(refused).issues).toEqual([{ path: 'code', message: expect.stringContaining('password') }]);
  });

  it('asks again to edit and to remove', async () => {
    const account = await addBankAccount(t, business, owner, localSgAccount({ currency: 'cad' }));
    const input = { params: { ...params(), bank_account_id: account.id } };
    const edit = await owner.agent.call(bankAccountEndpoints.update, {
      ...input,
      body: { ...localSgAccount({ currency: 'cad' }), password: 'wrong password' },
    });
    expect(failure(edit).code).toBe('AUTH_PASSWORD_INCORRECT');
    const remove = await owner.agent.call(bankAccountEndpoints.remove, { ...input, body: { password: 'wrong password' } });
    expect(failure(remove).code).toBe('AUTH_PASSWORD_INCORRECT');
    expect(await owner.agent.ok(bankAccountEndpoints.get, input)).toMatchObject({ id: account.id });
  });
});

describe('editing, defaults and removal', () => {
  it('keeps the stored number when the edit leaves it blank, and checks it again', async () => {
    const account = await addBankAccount(t, business, owner, localSgAccount({ currency: 'jpy', account_number: '1111222233' }));
    const input = { params: { ...params(), bank_account_id: account.id } };
    const kept = await owner.agent.ok(bankAccountEndpoints.update, {
      ...input,
      body: { ...localSgAccount({ currency: 'jpy', holder_name: 'New Holder', account_number: '' }), password: owner.password },
    });
    expect(kept).toMatchObject({ holder_name: 'New Holder', account_last4: '2233', is_default: true });
    const changed = await owner.agent.ok(bankAccountEndpoints.update, {
      ...input,
      body: { ...localSgAccount({ currency: 'jpy', account_number: '99998888777' }), password: owner.password },
    });
    expect(changed.account_last4).toBe('8777');
    const typeChange = await owner.agent.call(bankAccountEndpoints.update, {
      ...input,
      body: {
        type: 'cross_border',
        holder_name: 'X',
        bank_name: 'Y',
        country: 'de',
        currency: 'eur',
        swift_code: 'DEUTDEFF',
        account_number: null,
        password: owner.password,
      },
    });
    expect(typeChange.status).toBe(422);
    expect(failure(typeChange).issues?.[0]?.path).toBe('type');
  });

  it('makes the first account of a currency its default, and keeps one default under concurrent changes', async () => {
    const home = await createBusiness(t);
    const person = home.people.owner;
    const first = await addBankAccount(t, home, person);
    const others = [
      await addBankAccount(t, home, person, localSgAccount({ account_number: '2222222222' })),
      await addBankAccount(t, home, person, localSgAccount({ account_number: '3333333333' })),
      await addBankAccount(t, home, person, localSgAccount({ account_number: '4444444444' })),
    ];
    expect(first.is_default).toBe(true);
    expect(others.map((o) => o.is_default)).toEqual([false, false, false]);

    const answers = await Promise.all(
      [...others, ...others].map((o) => person.agent.call(bankAccountEndpoints.setDefault, { params: { ...params(home), bank_account_id: o.id } })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const listed = await person.agent.ok(bankAccountEndpoints.list, { params: params(home) });
    expect(listed.filter((a) => a.is_default)).toHaveLength(1);
    expect(listed[0]!.is_default).toBe(true);

    // Removing the default hands it to the newest other account of the currency.
    const current = listed[0]!;
    await person.agent.ok(bankAccountEndpoints.remove, { params: { ...params(home), bank_account_id: current.id }, body: { password: person.password } });
    const after = await person.agent.ok(bankAccountEndpoints.list, { params: params(home) });
    expect(after).toHaveLength(3);
    const newestOther = [first, ...others].filter((a) => a.id !== current.id).at(-1)!;
    expect(after.find((a) => a.is_default)?.id).toBe(newestOther.id);
  });

  it('answers 404 for an account of another business', async () => {
    const other = await createBusiness(t);
    const theirs = await addBankAccount(t, other, other.people.owner);
    const res = await owner.agent.call(bankAccountEndpoints.get, { params: { ...params(), bank_account_id: theirs.id } });
    expect(res.status).toBe(404);
    expect(failure(res).code).toBe('BANK_ACCOUNT_NOT_FOUND');
  });
});

describe('what is shown, recorded and mailed', () => {
  it('answers the number masked to its last four, stores it whole, and never audits or mails it', async () => {
    const home = await createBusiness(t);
    const second = await addMember(t, home, 'owner');
    const number = '987654321012';
    const made = await addBankAccount(t, home, home.people.owner, localSgAccount({ account_number: number }));
    const listedRaw = await home.people.owner.agent.get(endpointPath(bankAccountEndpoints.list, { params: { business_id: home.id } }));
    const detailRaw = await home.people.owner.agent.get(endpointPath(bankAccountEndpoints.get, { params: { business_id: home.id, bank_account_id: made.id } }));
    for (const raw of [listedRaw.body, detailRaw.body]) {
      expect(raw).not.toContain(number);
      expect(raw).toContain('"account_last4":"1012"');
    }
    const [stored] = await t.database.db
      .select()
      .from(bankAccounts)
      .where(and(eq(bankAccounts.businessId, home.id), eq(bankAccounts.id, made.id)));
    expect(stored?.accountNumber).toBe(number);

    const entries = await home.people.owner.agent.ok(auditLogEndpoints.list, { params: params(home), query: { action: 'bank_account.*' } });
    expect(entries.data.map((e) => e.action)).toEqual(['bank_account.created']);
    expect(entries.data[0]!.description).toContain('•••• 1012');
    const rows = await t.database.db.select().from(auditLogs).where(eq(auditLogs.businessId, home.id));
    expect(JSON.stringify(rows)).not.toContain(number);

    const mails = (await mailbox(t.app)).filter((m) => m.subject.startsWith('Bank accounts of'));
    for (const person of [home.people.owner, second]) {
      const mail = mails.find((m) => m.to === person.email);
      expect(mail?.text).toContain('added the local bank account •••• 1012');
    }
    expect(JSON.stringify(mails)).not.toContain(number);
  });

  it('records and mails edits, default changes and removals', async () => {
    const home = await createBusiness(t);
    const person = home.people.owner;
    const a = await addBankAccount(t, home, person);
    const b = await addBankAccount(t, home, person, localSgAccount({ account_number: '5555666677' }));
    const input = (id: string) => ({ params: { ...params(home), bank_account_id: id } });
    await person.agent.ok(bankAccountEndpoints.update, {
      ...input(a.id),
      body: { ...localSgAccount({ account_number: '1212343456' }), password: person.password },
    });
    await person.agent.ok(bankAccountEndpoints.setDefault, input(b.id));
    await person.agent.ok(bankAccountEndpoints.remove, { ...input(a.id), body: { password: person.password } });
    const entries = await person.agent.ok(auditLogEndpoints.list, { params: params(home), query: { action: 'bank_account.*' } });
    expect(entries.data.map((e) => e.action)).toEqual([
      'bank_account.removed',
      'bank_account.default_set',
      'bank_account.updated',
      'bank_account.created',
      'bank_account.created',
    ]);
    expect(entries.data[2]!.description).toContain('•••• 3456 (DBS Bank, SGD) (was •••• 6789)');
    const texts = (await mailbox(t.app)).filter((m) => m.to === person.email && m.subject.startsWith('Bank accounts of')).map((m) => m.text);
    expect(texts.some((x) => x.includes('removed the local bank account •••• 3456'))).toBe(true);
    expect(texts.some((x) => x.includes('made the local bank account •••• 6677'))).toBe(true);
    expect(texts.some((x) => x.includes('changed the local bank account •••• 3456'))).toBe(true);
  });
});

describe('the log', () => {
  it('censors account numbers wherever a body or a row puts them', () => {
    const { logger, lines } = capturedLog('trace');
    logger.info({ account_number: '111122223333' }, 'top');
    logger.info({ body: { account_number: '444455556666' } }, 'body');
    logger.error({ err: { row: { values: { accountNumber: '777788889999' } } } }, 'row');
    expect(lines).toHaveLength(3);
    for (const n of ['111122223333', '444455556666', '777788889999']) expect(lines.join('')).not.toContain(n);
    expect(lines.join('')).toContain('[redacted]');
  });
});

describe('who may manage bank accounts', () => {
  it('lets the owner and admins, and refuses managers and cashiers every endpoint', async () => {
    const made = await addBankAccount(t, business, business.people.admin, localSgAccount({ currency: 'nzd' }));
    const id = { ...params(), bank_account_id: made.id };
    for (const role of ['manager', 'cashier'] as const) {
      const agent = business.people[role].agent;
      const password = business.people[role].password;
      const answers = [
        await agent.call(bankAccountEndpoints.list, { params: params() }),
        await agent.call(bankAccountEndpoints.get, { params: id }),
        await agent.call(bankAccountEndpoints.create, { params: params(), body: { ...localSgAccount(), password } }),
        await agent.call(bankAccountEndpoints.update, { params: id, body: { ...localSgAccount(), password } }),
        await agent.call(bankAccountEndpoints.setDefault, { params: id }),
        await agent.call(bankAccountEndpoints.remove, { params: id, body: { password } }),
      ].map((a) => [a.status, a.ok ? null : a.body.code]);
      expect(answers).toEqual(Array.from({ length: 6 }, () => [403, 'FORBIDDEN']));
    }
  });
});
