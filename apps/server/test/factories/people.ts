import { authEndpoints, userEndpoints } from '@merchant/identity';
import { hashPassword, newId } from '@/lib/crypto';
import { userRepository } from '@/modules/identity/user/user.repository';
import { Agent, mailbox, totp, type TestContext } from '../harness';
import { unique, uniqueEmail } from './unique';

/** The password of every person a factory makes. */
export const FACTORY_PASSWORD = 'factory-made passphrase';

/** A signed-in person made by a factory. */
export interface Person {
  id: string;
  email: string;
  name: string;
  password: string;
  /** Their browser: signed in, with cookies and the anti-forgery token. */
  agent: Agent;
  /** The two-factor secret when they turned it on (`totpNow(t, person)` gives a code). */
  totpSecret: string | null;
}

/** The current TOTP code of a person with two-factor on. */
export function totpNow(t: TestContext, person: Person): string {
  if (!person.totpSecret) throw new Error(`${person.email} has no two-factor secret`);
  return totp.codeAt(person.totpSecret, t.clock.now());
}

/**
 * Someone who signs up on the register screen: a new user with their own new business (not onboarded),
 * signed in. Most tests want `createBusiness` instead; this is for tests of a person's own account.
 */
export async function signUp(
  t: TestContext,
  options: {
    name?: string;
    email?: string;
    businessName?: string;
    country?: string;
    currency?: string;
    kind?: 'merchant' | 'partner';
    referralCode?: string;
  } = {},
): Promise<{ person: Person; businessId: string }> {
  const agent = new Agent(t.app);
  const name = options.name ?? unique('Person');
  const email = options.email ?? uniqueEmail();
  const endpoint = options.kind === 'partner' ? authEndpoints.registerPartner : authEndpoints.register;
  const { user, business_id } = await agent.ok(endpoint, {
    body: {
      name,
      email,
      password: FACTORY_PASSWORD,
      business: { name: options.businessName ?? unique('Business'), country: options.country ?? 'sg', currency: options.currency ?? 'sgd' },
      ...(options.referralCode ? { referral_code: options.referralCode } : {}),
    },
  });
  return { person: { id: user.id, email: user.email, name: user.name, password: FACTORY_PASSWORD, agent, totpSecret: null }, businessId: business_id };
}

/** Turns two-factor on through the user settings endpoints; answers the recovery codes. */
export async function enableTwoFactor(t: TestContext, person: Person): Promise<string[]> {
  const { secret } = await person.agent.ok(userEndpoints.startTwoFactor, { body: { password: person.password } });
  person.totpSecret = secret;
  const { recovery_codes } = await person.agent.ok(userEndpoints.confirmTwoFactor, { body: { code: totpNow(t, person) } });
  return recovery_codes;
}

/** A new browser of the same person, signed in again (a second session), through the checkpoint when two-factor is on. */
export async function signInAgain(t: TestContext, person: Person): Promise<Agent> {
  const agent = new Agent(t.app);
  const login = await agent.ok(authEndpoints.login, { body: { email: person.email, password: person.password } });
  if (login.status === 'two_factor_required') await agent.ok(authEndpoints.checkpoint, { body: { code: totpNow(t, person) } });
  return agent;
}

/**
 * A super admin. No endpoint makes one (operators do, in the database), so neither does this factory: it
 * signs a person up and sets the flag with the user repository. With `ownsBusiness: false` the account is
 * made as operators make one, straight in the users table, and belongs to no business at all.
 */
export async function createSuperAdmin(t: TestContext, options: { ownsBusiness?: boolean } = {}): Promise<Person> {
  if (options.ownsBusiness === false) {
    const name = unique('Super');
    const row = await userRepository.insert(t.database.db, {
      id: newId(),
      name,
      email: uniqueEmail('super'),
      passwordHash: await hashPassword(FACTORY_PASSWORD),
      isSuperAdmin: true,
    });
    const person: Person = { id: row.id, email: row.email, name, password: FACTORY_PASSWORD, agent: new Agent(t.app), totpSecret: null };
    person.agent = await signInAgain(t, person);
    return person;
  }
  const { person } = await signUp(t, { name: unique('Super') });
  await userRepository.update(t.database.db, person.id, { isSuperAdmin: true });
  return person;
}

/** The newest mail to an address (fails when there is none). */
export async function lastMailTo(t: TestContext, email: string): Promise<{ to: string; subject: string; text: string }> {
  const mail = (await mailbox(t.app)).find((m) => m.to === email);
  if (!mail) throw new Error(`no mail to ${email}`);
  return mail;
}
