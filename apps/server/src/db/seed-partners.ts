import { COMMISSION_PAYOUT, PARTNER_INVITATION_DAYS } from '@merchant/business';
import { monthStartAfter, parseMajorToMinor } from '@merchant/core';
import { PaymentMethodDetailsSchema } from '@merchant/payments';
import type { AppConfig } from '../config';
import { UNATTENDED } from '../http/context';
import { fixedClock } from '../lib/clock';
import { buildServices, quietSideEffects } from '../services';
import { newId } from '../lib/crypto';
import type { Executor } from './client';
import { bankAccounts, partnerInvitations } from './schema';
import type { DemoSeed } from './seed';
import { DEMO_HISTORY_DAYS } from './seed-payments';

const DAY_MS = 24 * 60 * 60_000;
const CARD = PaymentMethodDetailsSchema.parse({ method: 'card', card: { number: '4242424242424242', exp_month: 12, exp_year: 2031, cvc: '123' } });
/** The florist's takings, week by week (cycled): bouquets and the odd event. */
const WEEKLY = [65_00, 120_00, 48_00, 310_00, 85_00, 72_00, 150_00, 95_00] as const;

/**
 * The partner's year (issue 30): its referral code brought three merchants, through sign-up's own linking at the time
 * they joined: the florist a year ago (and it has taken a payment a week since, through the charges service on the
 * history's clock, so fees are in the ledger), the demo business before its payment history starts, and a crafts
 * shop ten days ago that is still at its questionnaire. Then the commission jobs run through the year as they would
 * have: each month counted on the 1st after it, approved after the hold, and paid on the 16th once the approved
 * commissions reach the minimum, so the older months are paid and the last ones approved or accrued. Sixty days ago the
 * partner added its bank account: from then on each credited balance is paid out to it on its pay day, as the payout
 * job does for partners, and the test-mode bank answers those that have arrived.
 */
export async function seedDemoPartners(db: Executor, seed: DemoSeed, now: Date, config: AppConfig): Promise<{ payments: number; months: number }> {
  const firstMonth = monthStartAfter(now.toISOString().slice(0, 10), -12);
  const clock = fixedClock(new Date(`${firstMonth}T02:00:00Z`));
  const { services } = buildServices({ db, clock, config, ...quietSideEffects });
  const { partners, charges, business, commissionPayouts, payouts, referrals } = services;
  const partnerId = seed.partner.businessId;
  const accountFrom = new Date(now.getTime() - 60 * DAY_MS);
  let account = false;
  /** The partner's payout of its credited balance on a pay day (once its bank account is there). */
  const payOut = async (at: Date) => {
    await payouts.scheduler.settleArrived(at);
    if (at < accountFrom) return;
    if (!account) {
      await db.insert(bankAccounts).values({
        businessId: partnerId,
        id: newId(),
        type: 'local',
        holderName: 'Demo Partners Pte. Ltd.',
        bankName: 'DBS Bank',
        country: 'sg',
        currency: 'sgd',
        bankCode: '7171',
        branchCode: '081',
        accountNumber: '0721234567',
        isIban: false,
        isDefault: true,
        createdAt: accountFrom,
        updatedAt: accountFrom,
      });
      account = true;
    }
    await payouts.make({
      businessId: partnerId,
      currency: 'sgd',
      trigger: 'scheduled',
      scheduledFor: at.toISOString().slice(0, 10),
      minimum: parseMajorToMinor(COMMISSION_PAYOUT.minimum_major, 'sgd') ?? 1,
      actorUserId: null,
      where: UNATTENDED,
    });
  };
  const code = await partners.codeFor(seed.partner.businessId);
  const link = async ({ id, ownerId }: { id: string; ownerId: string }, at: Date) => {
    const merchant = await business.find(id);
    if (!merchant) throw new Error(`The demo seed has no business ${id}`);
    clock.set(at);
    await db.transaction((tx) => partners.linkReferred(tx, UNATTENDED, code, { id, name: merchant.name }, ownerId));
  };

  await link(seed.partner.florist, clock.now());
  let payments = 0;
  for (let at = clock.now().getTime() + 3 * DAY_MS; at < now.getTime(); at += 7 * DAY_MS) {
    clock.set(new Date(at));
    const started = await charges.start({
      businessId: seed.partner.florist.id,
      source: { type: 'static_qr', id: null },
      amount: WEEKLY[payments % WEEKLY.length]!,
      currency: 'sgd',
      customer: { name: 'Walk-in customer', email: null },
    });
    await charges.confirm(started.publicId, CARD);
    payments++;
  }
  await link({ id: seed.businessId, ownerId: seed.ownerId }, new Date(now.getTime() - (DEMO_HISTORY_DAYS + 2) * DAY_MS));
  await link(seed.partner.crafts, new Date(now.getTime() - 10 * DAY_MS));

  // Each run at its day (06:00 UTC), when that is past; a month is always counted (at the latest now: it has closed).
  const runAt = async (day: string, run: (at: Date) => Promise<unknown>, always = false) => {
    const at = new Date(Math.min(new Date(`${day}T06:00:00Z`).getTime(), always ? now.getTime() : Infinity));
    if (at > now) return;
    clock.set(at);
    await run(at);
  };
  for (let i = 0; i < 12; i++) {
    const next = monthStartAfter(firstMonth, i + 1).slice(0, 8);
    await runAt(`${next}01`, () => partners.accrueMonth(monthStartAfter(firstMonth, i).slice(0, 7)), true);
    await runAt(`${next}15`, (at) => commissionPayouts.approveDue(at));
    await runAt(`${next}16`, async (at) => {
      await commissionPayouts.payDue(at);
      await payOut(at);
    });
  }
  clock.set(now);
  await payouts.scheduler.settleArrived(now);
  await seedContestsAndInvitation(referrals, db, partnerId, firstMonth, now);
  return { payments, months: 12 };
}

/**
 * A past contest of the platform's (no screen makes one) over the partner's year, most volume, its results frozen by
 * the job as it runs after the end (the running one is the demo seed's own). And a pending invitation from the partner
 * to the owner of the business still at verification, sent two days ago.
 */
async function seedContestsAndInvitation(
  referrals: ReturnType<typeof buildServices>['services']['referrals'],
  db: Executor,
  partnerId: string,
  firstMonth: string,
  now: Date,
): Promise<void> {
  const thisMonth = `${now.toISOString().slice(0, 7)}-01`;
  await referrals.createContest({
    name: 'Volume cup of the year',
    rule: 'most_volume',
    startsAt: new Date(`${firstMonth}T00:00:00Z`),
    endsAt: new Date(`${thisMonth}T00:00:00Z`),
    prizes: [
      { rank: 1, text: 'Featured partner of the year', amount: { amount: 1_000_00, currency: 'sgd' } },
      { rank: 2, text: null, amount: { amount: 300_00, currency: 'sgd' } },
      { rank: 3, text: null, amount: { amount: 200_00, currency: 'sgd' } },
    ],
  });
  await referrals.freezeEnded(now);
  const sentAt = new Date(now.getTime() - 2 * DAY_MS);
  await db.insert(partnerInvitations).values({
    id: newId(),
    partnerBusinessId: partnerId,
    email: 'pending@demo.test',
    status: 'pending',
    invitedByUserId: null,
    expiresAt: new Date(sentAt.getTime() + PARTNER_INVITATION_DAYS * DAY_MS),
    createdAt: sentAt,
  });
}
