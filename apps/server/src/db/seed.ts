import { randomBytes } from 'node:crypto';
import { count, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { monthStartAfter, type Role } from '@merchant/core';
import { STEP_BODY_SCHEMAS, type AnswerStep } from '@merchant/business';
import type { Executor } from './client';
import { users } from './schema';
import { seedCatalogue } from './seed-catalogue';
import { seedStoreDesign } from './seed-store-design';
import { seedBooking } from './seed-booking';
import { seedDemoStore } from './seed-store';
import { seedMallGto } from './seed-mall-gto';
import { seedPlatformAccounts } from './seed-platform';
import { seedMember, seedSignedIn } from './seed-context';
import { hashPassword, newId } from '../lib/crypto';
import type { Clock } from '../lib/clock';
import type { AppConfig } from '../config';
import { UNATTENDED, type BusinessContext, type UserRow } from '../http/context';
import { buildServices, quietSideEffects, type Services } from '../services';
import { seedDemoConnection } from './seed-connections';
import { seedDemoRequestLog } from './seed-request-log';

export const DEMO_PASSWORD = 'demo-password';

/** The demo logins listed in the README (all with DEMO_PASSWORD). */
export const DEMO_USERS = {
  owner: 'owner@demo.test',
  admin: 'admin@demo.test',
  manager: 'manager@demo.test',
  cashier: 'cashier@demo.test',
  partner: 'partner@demo.test',
  super: 'super@demo.test',
  new: 'new@demo.test',
  pending: 'pending@demo.test',
} as const;

export async function isEmpty(db: Executor): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return Number(row?.n ?? 0) === 0;
}

/** Whether any demo login (with its published password) exists in the database. */
export async function hasDemoUsers(db: Executor): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(inArray(users.email, Object.values(DEMO_USERS)));
  return Number(row?.n ?? 0) > 0;
}

/**
 * Seeds demo data. Only call on an empty database (npm start checks). The demo business's payment history
 * is seedDemoPayments's (seed-payments.ts), with the owner's id this answers; the API tests go without it. What a
 * person does on a screen (connect Stripe, add a bank account, fill in and submit the questionnaire) goes through
 * that screen's service as that person; the questionnaires' documents are stored under the config's data folder.
 */
export async function seedDemoData(db: Executor, clock: Clock, options: { config: AppConfig }): Promise<DemoSeed> {
  const { services } = buildServices({ db, clock, config: options.config, ...quietSideEffects });
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  // The partner's merchants' owners are no demo logins: nobody knows their password.
  const unknownPasswordHash = await hashPassword(randomBytes(24).toString('base64url'));
  const now = clock.now();
  const seeded = await db.transaction(async (tx) => {
    // No service makes a user with a password already hashed: operators make demo logins, one hash for all of them.
    const user = async (email: string, name: string, isSuperAdmin = false, hash = passwordHash) => {
      const [row] = await tx.insert(users).values({ id: newId(), email, name, passwordHash: hash, isSuperAdmin, createdAt: now, updatedAt: now }).returning();
      return row!;
    };
    // Through the business service, as sign-up makes one: its owner, its country's time zone, the audit entry.
    const business = (owner: UserRow, name: string, identifier: string, type: 'merchant' | 'partner' = 'merchant') =>
      services.business.create(tx, owner, { name, identifier, country: 'sg', currency: 'sgd' }, type, UNATTENDED);
    const member = (businessId: string, userId: string, role: Role) => services.business.join(tx, { businessId, userId, role, at: now });

    const owner = await user(DEMO_USERS.owner, 'Olivia Owner');
    const demoId = (await business(owner, 'Demo Coffee Roasters', 'demo-coffee')).id;
    await member(demoId, (await user(DEMO_USERS.admin, 'Adam Admin')).id, 'admin');
    await member(demoId, (await user(DEMO_USERS.manager, 'Maya Manager')).id, 'manager');
    await member(demoId, (await user(DEMO_USERS.cashier, 'Casey Cashier')).id, 'cashier');
    await services.business.addWarning(tx, {
      id: newId(),
      businessId: demoId,
      style: 'info',
      title: 'Demo data',
      body: 'This business was seeded for demonstration. Payments here are in test mode.',
      ctaTitle: null,
      ctaUrl: null,
      createdAt: now,
    });

    // A partner business is onboarded from the start.
    const partnerId = (await business(await user(DEMO_USERS.partner, 'Parker Partner'), 'Demo Partners', 'demo-partners', 'partner')).id;
    // Two merchants the partner brought in (seed-partners.ts links them, and gives the florist a year of payments).
    const floristOwner = await user('hello@harbour-florist.example', 'Hana Tan', false, unknownPasswordHash);
    const floristId = (await business(floristOwner, 'Harbour Florist', 'harbour-florist')).id;
    const craftsOwner = await user('hello@kampong-crafts.example', 'Kiran Lim', false, unknownPasswordHash);
    const craftsId = (await business(craftsOwner, 'Kampong Crafts', 'kampong-crafts')).id;
    const superAdmin = await user(DEMO_USERS.super, 'Sam Super', true);
    // Where sign-up leaves a business: the onboarding questionnaire.
    await business(await user(DEMO_USERS.new, 'Nina New'), 'New Bakery', 'new-bakery');
    const pending = await user(DEMO_USERS.pending, 'Priya Pending');
    const pendingId = (await business(pending, 'Pending Pottery', 'pending-pottery')).id;
    return {
      demoId,
      ownerId: owner.id,
      pendingId,
      pendingOwner: pending.id,
      superAdminId: superAdmin.id,
      partnerId,
      florist: { id: floristId, ownerId: floristOwner.id },
      crafts: { id: craftsId, ownerId: craftsOwner.id },
    };
  });

  // The demo business is verified as any business is: its owner answered the questionnaire, and a super admin approved
  // it and turned send money on. So its verification screen shows what was submitted (issue 25: not "Verified · 100%"
  // above sections that say "Not answered yet").
  const { onboarding, verification } = services;
  await answerQuestionnaire(onboarding, await seedMember(db, services, seeded.demoId, seeded.ownerId), DEMO_ANSWERS);
  const superAdmin = await seedSignedIn(db, seeded.superAdminId);
  await verification.approve(superAdmin, seeded.demoId);
  await verification.updateFlags(superAdmin, seeded.demoId, { send_money: true, platform_enabled: true });

  // The demo business's owner connects its Stripe account in test mode (which turns Stripe on) and adds where its
  // payouts go: a local Singapore account, the default for SGD.
  const owner = await seedMember(db, services, seeded.demoId, seeded.ownerId);
  await services.paymentMethods.connect(owner, 'stripe', {
    account_id: 'acct_DemoCoffee2026',
    publishable_key: 'pk_test_DemoCoffeeRoasters2026',
    secret_key: 'sk_test_DemoCoffeeRoasters2026',
  });
  await services.bankAccounts.create(owner, {
    type: 'local',
    holder_name: 'Demo Coffee Roasters Pte. Ltd.',
    bank_name: 'DBS Bank',
    country: 'sg',
    currency: 'sgd',
    bank_code: '7171',
    branch_code: '081',
    account_number: '0721234567',
    password: DEMO_PASSWORD,
  });
  // A key to try the public API with at once (issue 29): `npm start` prints it beside the demo logins.
  const { api_key: apiKey, id: apiKeyId } = await services.apiKeys.create(owner, { name: 'Demo key', access: 'full', password: DEMO_PASSWORD });
  // A few days of a shop's calls with it, so the request log has some.
  await seedDemoRequestLog(db, seeded.demoId, apiKeyId, clock.now(), options.config);
  await seedCatalogue(services, owner);
  await seedStoreDesign(services, owner);
  await seedBooking(services, owner, clock);
  await seedMallGto(services, owner, clock);
  await seedDemoConnection(services, owner);
  // The demo store's delivery, pages, a week of orders and two abandoned carts (light enough for every demo database).
  await seedDemoStore(db, seeded.demoId, seeded.ownerId, clock.now(), options.config);

  // A business that submitted its questionnaire, so the super admins' verification queue is not empty.
  await answerQuestionnaire(onboarding, await seedMember(db, services, seeded.pendingId, seeded.pendingOwner), PENDING_ANSWERS);
  // The demo business is a platform with Pending Pottery linked to it.
  await seedPlatformAccounts(
    db,
    services,
    { businessId: seeded.demoId, ownerId: seeded.ownerId },
    { businessId: seeded.pendingId, ownerId: seeded.pendingOwner, identifier: 'pending-pottery' },
  );
  // The partner's florist is verified; its crafts shop is still at the questionnaire.
  await answerQuestionnaire(onboarding, await seedMember(db, services, seeded.florist.id, seeded.florist.ownerId), FLORIST_ANSWERS);
  await verification.approve(superAdmin, seeded.florist.id);
  // The platform's running referral contest among partners (no screen makes one): a season, this month and the next
  // two, UTC. Three months, not two: the partners browser test moves the server's clock to the middle of the next
  // month, which on a month's last evening (UTC; already the next month in Singapore) ended a two-month contest
  // and froze it for the files after it.
  const thisMonth = `${clock.now().toISOString().slice(0, 7)}-01`;
  await services.referrals.createContest({
    name: 'Referral race of the season',
    rule: 'most_verified',
    startsAt: new Date(`${thisMonth}T00:00:00Z`),
    endsAt: new Date(`${monthStartAfter(thisMonth, 3)}T00:00:00Z`),
    prizes: [
      { rank: 1, text: 'A weekend in Bali for two', amount: null },
      { rank: 2, text: null, amount: { amount: 500_00, currency: 'sgd' } },
    ],
  });
  return {
    businessId: seeded.demoId,
    ownerId: seeded.ownerId,
    apiKey,
    partner: { businessId: seeded.partnerId, florist: seeded.florist, crafts: seeded.crafts },
  };
}

type DemoMerchant = { id: string; ownerId: string };

/** What the rest of the demo seed builds on: the demo business and its owner, and the partner's merchants. */
export interface DemoSeed {
  businessId: string;
  ownerId: string;
  /** The demo business's API key (full access), shown in the log only while the seed runs. */
  apiKey: string;
  partner: { businessId: string; florist: DemoMerchant; crafts: DemoMerchant };
}

type QuestionnaireAnswers = { [S in AnswerStep]: z.input<(typeof STEP_BODY_SCHEMAS)[S]> };

const DEMO_ANSWERS: QuestionnaireAnswers = {
  business: {
    legal_name: 'Demo Coffee Roasters Pte. Ltd.',
    legal_type: 'company',
    registration_number: '202498765C',
    website: null,
    industry: 'food_beverage',
  },
  owner: { full_name: 'Olivia Owner', date_of_birth: '1985-06-21', nationality: 'sg', id_type: 'national_id', id_number: 'S8512345D' },
  address: { line1: '8 Tanjong Pagar Road', line2: '#01-02', city: 'Singapore', state: null, postal_code: '088443' },
  sales: {
    monthly_volume: '10k_50k',
    average_ticket: { amount: 1250, currency: 'sgd' },
    description: 'Specialty coffee roasted in Singapore: beans, brewing gear and subscriptions.',
  },
};

const PENDING_ANSWERS: QuestionnaireAnswers = {
  business: { legal_name: 'Pending Pottery Pte. Ltd.', legal_type: 'company', registration_number: '202612345K', website: null, industry: 'retail' },
  owner: { full_name: 'Priya Pending', date_of_birth: '1988-04-12', nationality: 'sg', id_type: 'national_id', id_number: 'S8812345A' },
  address: { line1: '12 Clay Street', line2: '#03-04', city: 'Singapore', state: null, postal_code: '049321' },
  sales: {
    monthly_volume: '10k_50k',
    average_ticket: { amount: 4500, currency: 'sgd' },
    description: 'Handmade ceramics, pottery classes and gift vouchers.',
  },
};

const FLORIST_ANSWERS: QuestionnaireAnswers = {
  business: { legal_name: 'Harbour Florist LLP', legal_type: 'partnership', registration_number: 'T25LL0123A', website: null, industry: 'retail' },
  owner: { full_name: 'Hana Tan', date_of_birth: '1990-02-14', nationality: 'sg', id_type: 'national_id', id_number: 'S9012345B' },
  address: { line1: '3 Harbourfront Walk', line2: '#01-10', city: 'Singapore', state: null, postal_code: '098585' },
  sales: {
    monthly_volume: 'under_10k',
    average_ticket: { amount: 6500, currency: 'sgd' },
    description: 'Fresh flowers, bouquets and event arrangements.',
  },
};

/** The owner fills in every step and uploads both documents through the questionnaire's service, then submits. */
async function answerQuestionnaire(onboarding: Services['onboarding'], owner: BusinessContext, answers: QuestionnaireAnswers): Promise<void> {
  await onboarding.saveStep(owner, 'business', STEP_BODY_SCHEMAS.business.parse(answers.business));
  await onboarding.saveStep(owner, 'owner', STEP_BODY_SCHEMAS.owner.parse(answers.owner));
  await onboarding.saveStep(owner, 'address', STEP_BODY_SCHEMAS.address.parse(answers.address));
  await onboarding.saveStep(owner, 'sales', STEP_BODY_SCHEMAS.sales.parse(answers.sales));
  for (const kind of ['business_registration', 'owner_id'] as const) {
    const fileName = `${kind.replace('_', '-')}.pdf`;
    await onboarding.uploadDocument(owner, kind, { fileName, declaredType: 'application/pdf', bytes: demoPdf(fileName) });
  }
  await onboarding.submit(owner);
}

/** A one-page PDF saying it is demo data (the seeded pending business's documents). */
function demoPdf(title: string): Buffer {
  const text = `Demo document: ${title}`;
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((obj, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${obj}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
