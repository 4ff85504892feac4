import type { Role } from '@merchant/core';
import { staffEndpoints, type OnboardingStatus } from '@merchant/business';
import { authEndpoints, userEndpoints } from '@merchant/identity';
import { newId } from '@/lib/crypto';
import { UNATTENDED } from '@/http/context';
import { userRepository } from '@/modules/identity/user/user.repository';
import type { BusinessChange } from '@/modules/business/business/business.service';
import { Agent, type TestContext } from '../harness';
import { FACTORY_PASSWORD, lastMailTo, signUp, enableTwoFactor, type Person } from './people';
import { unique, uniqueEmail } from './unique';

export type StaffRole = Exclude<Role, 'owner'>;

/** A business made by a factory, with the people of each role asked for. */
export interface FactoryBusiness<R extends Role = 'owner'> {
  id: string;
  name: string;
  /** One signed-in person per role: `people.owner`, `people.cashier`, ... */
  people: Record<R, Person>;
}

export interface CreateBusinessOptions<S extends StaffRole> {
  /** Members to add besides the owner, one per role, each joined through an invitation. */
  staff?: readonly S[];
  /** `completed` by default (most screens need an onboarded business); `questionnaire` is where sign-up leaves it. */
  onboarding?: OnboardingStatus;
  /** Business flags the super admin sets (`features`, `stripeEnabled`, ...). */
  flags?: Pick<BusinessChange, 'statusBeforeBlock' | 'stripeEnabled' | 'xenditEnabled' | 'platformEnabled' | 'features'>;
  name?: string;
  country?: string;
  currency?: string;
  kind?: 'merchant' | 'partner';
  /** A partner's referral code given at sign-up: the business is linked to that partner. */
  referralCode?: string;
  /**
   * The business's time zone: UTC unless asked (the dates of most tests are written as UTC days), or
   * `'country'` to keep the default its country gave it at sign-up.
   */
  timeZone?: string;
  /** Turn two-factor on for every person of the business. */
  twoFactor?: boolean;
}

/**
 * A new business with its owner (signed up on the register screen) and, when asked, a member of each
 * staff role (invited by the owner, signed up from the mailed link). Onboarding status and flags are
 * what the super admin's review sets: the factory writes them with the verification repository, since the
 * review flow has its own tests.
 */
export async function createBusiness<const S extends StaffRole = never>(
  t: TestContext,
  options: CreateBusinessOptions<S> = {},
): Promise<FactoryBusiness<'owner' | S>> {
  const name = options.name ?? unique('Business');
  const { person: owner, businessId } = await signUp(t, {
    businessName: name,
    kind: options.kind,
    ...(options.referralCode ? { referralCode: options.referralCode } : {}),
    ...(options.country ? { country: options.country } : {}),
    ...(options.currency ? { currency: options.currency } : {}),
  });
  await reviewed(t, businessId, options);
  const business: FactoryBusiness<'owner'> = { id: businessId, name, people: { owner } };
  if (options.twoFactor) await enableTwoFactor(t, owner);
  const people = { owner } as Record<'owner' | S, Person>;
  for (const role of options.staff ?? []) {
    people[role] = await addMember(t, business, role);
    if (options.twoFactor) await enableTwoFactor(t, people[role]);
  }
  return { ...business, people };
}

/**
 * What a business made by sign-up is given after it: its time zone (UTC unless asked) and the super admin's
 * review (onboarding status and flags), written through the business service's `update` since the review flow has its
 * own tests.
 */
async function reviewed(t: TestContext, businessId: string, options: Pick<CreateBusinessOptions<never>, 'timeZone' | 'onboarding' | 'flags'>) {
  const timeZone = options.timeZone ?? 'UTC';
  const onboarding = options.onboarding ?? 'completed';
  const values = {
    ...(timeZone !== 'country' ? { timeZone } : {}),
    ...(onboarding !== 'questionnaire' || options.flags ? { ...options.flags, onboardingStatus: onboarding } : {}),
  };
  if (Object.keys(values).length > 0) await t.services.business.update(t.database.db, businessId, { ...values, updatedAt: t.clock.now() });
}

/**
 * Another business (Singapore, SGD) of an existing person, made by the business service as sign-up makes one,
 * then reviewed like `createBusiness`'s (UTC, onboarded). For property tests that need balances nobody else
 * moves, one business per run: no new person, so no password to hash each time.
 */
export async function createTestBusiness(t: TestContext, ownerId: string, name = unique('Test Shop')): Promise<string> {
  const owner = await userRepository.findById(t.database.db, ownerId);
  if (!owner) throw new Error(`no user ${ownerId}`);
  const row = await t.database.db.transaction((tx) => t.services.business.create(tx, owner, { name, country: 'sg', currency: 'sgd' }, 'merchant', UNATTENDED));
  await reviewed(t, row.id, {});
  return row.id;
}

/** An invitation sent by `by` (the owner unless given), with the raw token of the mailed link. */
export async function invite(
  t: TestContext,
  business: FactoryBusiness,
  options: { role: Role; email?: string; by?: Person },
): Promise<{ id: string; email: string; token: string | null }> {
  const by = options.by ?? business.people.owner;
  const invitation = await by.agent.ok(staffEndpoints.invite, {
    params: { business_id: business.id },
    body: { email: options.email ?? uniqueEmail(options.role), role: options.role },
  });
  const mail = await lastMailTo(t, invitation.email);
  // A new person's mail carries a sign-up link with the token; an existing user's links to their pending invitations.
  const token = /\/register-complete\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] ?? null;
  return { id: invitation.id, email: invitation.email, token };
}

/** A new person who joins the business with a role: invited by the owner, signed up from the link. */
export async function addMember(t: TestContext, business: FactoryBusiness, role: Role, options: { name?: string } = {}): Promise<Person> {
  const { token, email } = await invite(t, business, { role });
  if (!token) throw new Error(`the invitation mail to ${email} has no sign-up link`);
  const agent = new Agent(t.app);
  const name = options.name ?? unique(role[0]!.toUpperCase() + role.slice(1));
  const { user } = await agent.ok(authEndpoints.registerComplete, { params: { hash: token }, body: { name, password: FACTORY_PASSWORD } });
  return { id: user.id, email, name: user.name, password: FACTORY_PASSWORD, agent, totpSecret: null };
}

/** An existing person joins another business: invited there, accepts on their pending invitations. */
export async function join(t: TestContext, business: FactoryBusiness, person: Person, role: Role): Promise<void> {
  const { id } = await invite(t, business, { role, email: person.email });
  await person.agent.ok(userEndpoints.acceptInvitation, { params: { invitation_id: id } });
}

/**
 * A warning on the business's dashboard, as the platform shows one (the super admin's review adds some, which
 * has its own tests): raised through the business service, at the clock's time. Answers its id.
 */
export async function addWarning(
  t: TestContext,
  businessId: string,
  warning: { style?: 'info' | 'warning' | 'danger'; title: string; body: string; ctaTitle?: string | null; ctaUrl?: string | null },
): Promise<string> {
  const id = newId();
  await t.services.business.addWarning(t.database.db, {
    id,
    businessId,
    style: warning.style ?? 'info',
    title: warning.title,
    body: warning.body,
    ctaTitle: warning.ctaTitle ?? null,
    ctaUrl: warning.ctaUrl ?? null,
    createdAt: t.clock.now(),
  });
  return id;
}
