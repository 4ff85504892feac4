import { count, eq, inArray } from 'drizzle-orm';
import type { Role } from '@merchant/core';
import type { Executor } from './client';
import { bankAccounts, businesses, onboardingAnswers, onboardingDocuments, providerConnections, users, verificationEvents } from './schema';
import { appSecret } from '../lib/app-secrets';
import { secretBox, storedSettings } from '../modules/payments/payment-methods/provider-secrets';
import { createFileStore } from '../lib/file-store';
import { hashPassword, newId } from '../lib/crypto';
import type { Clock } from '../lib/clock';
import type { AppConfig } from '../config';
import { UNATTENDED, type UserRow } from '../http/context';
import { buildServices, quietSideEffects } from '../services';

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
 * is seedDemoPayments's (seed-payments.ts), with the owner's id this answers; the API tests go without it.
 */
export async function seedDemoData(
  db: Executor,
  clock: Clock,
  options: { config: AppConfig; uploadsDir?: string },
): Promise<{ businessId: string; ownerId: string }> {
  const { services } = buildServices({ db, clock, config: options.config, ...quietSideEffects });
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = clock.now();
  const seeded = await db.transaction(async (tx) => {
    // No service makes a user with a password already hashed: operators make demo logins, one hash for all of them.
    const user = async (email: string, name: string, isSuperAdmin = false) => {
      const [row] = await tx.insert(users).values({ id: newId(), email, name, passwordHash, isSuperAdmin, createdAt: now, updatedAt: now }).returning();
      return row!;
    };
    // Through the business service, as sign-up makes one: its owner, its country's time zone, the audit entry.
    const business = (owner: UserRow, name: string, identifier: string, type: 'merchant' | 'partner' = 'merchant') =>
      services.business.create(tx, owner, { name, identifier, country: 'sg', currency: 'sgd' }, type, UNATTENDED);
    // Where the super admin's review left each business (the review has its own flow and tests).
    const reviewed = (
      businessId: string,
      values: Partial<Pick<typeof businesses.$inferInsert, 'onboardingStatus' | 'stripeEnabled' | 'activeProviders' | 'features'>>,
    ) => tx.update(businesses).set(values).where(eq(businesses.id, businessId));
    const member = (businessId: string, userId: string, role: Role) => services.business.join(tx, { businessId, userId, role, at: now });

    const owner = await user(DEMO_USERS.owner, 'Olivia Owner');
    const ownerId = owner.id;
    const demoId = (await business(owner, 'Demo Coffee Roasters', 'demo-coffee')).id;
    await reviewed(demoId, { onboardingStatus: 'completed', stripeEnabled: true, activeProviders: ['stripe'], features: { send_money: true } });
    // Its Stripe account in test mode: the connection the stripe_enabled flag above follows.
    const box = secretBox(await appSecret(tx, 'provider_secret_key', now));
    await tx.insert(providerConnections).values({
      businessId: demoId,
      provider: 'stripe',
      status: 'connected',
      settings: {
        ...storedSettings(box, {
          account_id: 'acct_DemoCoffee2026',
          publishable_key: 'pk_test_DemoCoffeeRoasters2026',
          secret_key: 'sk_test_DemoCoffeeRoasters2026',
        }),
      },
      createdAt: now,
      updatedAt: now,
    });
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

    // Where its payouts go: a local Singapore account, the default for SGD.
    await tx.insert(bankAccounts).values({
      businessId: demoId,
      id: newId(),
      type: 'local',
      holderName: 'Demo Coffee Roasters Pte. Ltd.',
      bankName: 'DBS Bank',
      country: 'sg',
      currency: 'sgd',
      bankCode: '7171',
      branchCode: '081',
      accountNumber: '0721234567',
      isIban: false,
      isDefault: true,
      createdAt: now,
      updatedAt: now,
    });

    // A partner business is onboarded from the start.
    await business(await user(DEMO_USERS.partner, 'Parker Partner'), 'Demo Partners', 'demo-partners', 'partner');

    await user(DEMO_USERS.super, 'Sam Super', true);

    // Where sign-up leaves a business: the onboarding questionnaire.
    await business(await user(DEMO_USERS.new, 'Nina New'), 'New Bakery', 'new-bakery');

    // A business that submitted its questionnaire, so the super admins' verification queue is not empty.
    const pending = await user(DEMO_USERS.pending, 'Priya Pending');
    const pendingOwner = pending.id;
    const pendingId = (await business(pending, 'Pending Pottery', 'pending-pottery')).id;
    await reviewed(pendingId, { onboardingStatus: 'pending_verification' });
    const answers: Record<'business' | 'owner' | 'address' | 'sales', Record<string, unknown>> = {
      business: { legal_name: 'Pending Pottery Pte. Ltd.', legal_type: 'company', registration_number: '202612345K', website: null, industry: 'retail' },
      owner: { full_name: 'Priya Pending', date_of_birth: '1988-04-12', nationality: 'sg', id_type: 'national_id', id_number: 'S8812345A' },
      address: { line1: '12 Clay Street', line2: '#03-04', city: 'Singapore', state: null, postal_code: '049321' },
      sales: {
        monthly_volume: '10k_50k',
        average_ticket: { amount: 4500, currency: 'sgd' },
        description: 'Handmade ceramics, pottery classes and gift vouchers.',
      },
    };
    for (const [step, data] of Object.entries(answers) as [keyof typeof answers, Record<string, unknown>][]) {
      await tx.insert(onboardingAnswers).values({ businessId: pendingId, step, data, updatedByUserId: pendingOwner, createdAt: now, updatedAt: now });
    }
    const documents = options.uploadsDir
      ? (['business_registration', 'owner_id'] as const).map((kind) => ({ id: newId(), kind, fileName: `${kind.replace('_', '-')}.pdf` }))
      : [];
    for (const doc of documents) {
      await tx.insert(onboardingDocuments).values({
        businessId: pendingId,
        id: doc.id,
        kind: doc.kind,
        fileName: doc.fileName,
        contentType: 'application/pdf',
        sizeBytes: demoPdf(doc.fileName).length,
        uploadedByUserId: pendingOwner,
        createdAt: now,
      });
    }
    await tx.insert(verificationEvents).values({ businessId: pendingId, id: newId(), kind: 'submitted', actorUserId: pendingOwner, createdAt: now });
    return { businessId: demoId, ownerId, pendingId, documents };
  });
  if (options.uploadsDir) {
    const files = createFileStore(options.uploadsDir);
    for (const doc of seeded.documents) await files.save(seeded.pendingId, doc.id, demoPdf(doc.fileName));
  }
  return { businessId: seeded.businessId, ownerId: seeded.ownerId };
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
