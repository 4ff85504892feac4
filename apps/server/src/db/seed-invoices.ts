import { localDate } from '@merchant/core';
import { InvoiceBodySchema, type InvoiceStatus } from '@merchant/payments';
import type { AppConfig } from '../config';
import { UNATTENDED } from '../http/context';
import { fixedClock } from '../lib/clock';
import { buildServices, quietSideEffects } from '../services';
import type { Executor } from './client';
import { seedMember } from './seed-context';

const DAY_MS = 24 * 60 * 60_000;

/** One demo invoice: who it bills, what, when it was issued (days before now), how long it runs and where it got to. */
interface DemoInvoice {
  customer: readonly [string, string];
  lines: { description: string; quantity: number; unit_price: number; discount_bps?: number }[];
  issuedDaysAgo: number;
  dueDays: number;
  status: InvoiceStatus;
  /** What was paid (by bank transfer, marked by the owner), in minor units; the rest of `paid` is the total. */
  paid?: number | 'all';
  viewed?: boolean;
  notes?: string;
}

const GST = [{ name: 'GST', rate_bps: 900 }];

const INVOICES: DemoInvoice[] = [
  {
    customer: ['Harbour Café', 'accounts@harbourcafe.example.com'],
    lines: [
      { description: 'House blend, 1 kg', quantity: 12, unit_price: 3200 },
      { description: 'Delivery', quantity: 1, unit_price: 1500 },
    ],
    issuedDaysAgo: 0,
    dueDays: 14,
    status: 'draft',
  },
  {
    customer: ['Marina Bay Office Pantry', 'pantry@marinabay.example.com'],
    lines: [{ description: 'Office coffee plan, November', quantity: 1, unit_price: 42000 }],
    issuedDaysAgo: 5,
    dueDays: 30,
    status: 'sent',
    viewed: true,
  },
  {
    customer: ['Harbour Café', 'accounts@harbourcafe.example.com'],
    lines: [
      { description: 'Single origin, Ethiopia Yirgacheffe, 1 kg', quantity: 6, unit_price: 4600 },
      { description: 'Grinder service', quantity: 1, unit_price: 8000, discount_bps: 1000 },
    ],
    issuedDaysAgo: 40,
    dueDays: 14,
    status: 'overdue',
    viewed: true,
  },
  {
    customer: ['Kopi Corner', 'hello@kopicorner.example.com'],
    lines: [{ description: 'Wholesale beans, October', quantity: 20, unit_price: 2800 }],
    issuedDaysAgo: 25,
    dueDays: 30,
    status: 'partially_paid',
    paid: 30000,
    viewed: true,
    notes: 'Part paid by bank transfer; the rest at month end.',
  },
  {
    customer: ['Marina Bay Office Pantry', 'pantry@marinabay.example.com'],
    lines: [{ description: 'Office coffee plan, October', quantity: 1, unit_price: 42000 }],
    issuedDaysAgo: 35,
    dueDays: 30,
    status: 'paid',
    paid: 'all',
    viewed: true,
  },
  {
    customer: ['Kopi Corner', 'hello@kopicorner.example.com'],
    lines: [{ description: 'Barista workshop for 4', quantity: 4, unit_price: 12000 }],
    issuedDaysAgo: 20,
    dueDays: 14,
    status: 'void',
    notes: 'Workshop moved to next month.',
  },
];

/**
 * Demo invoices for the demo business, one or more in every status (draft, sent, overdue, partially paid, paid,
 * void), made through the product's services on a clock moved through their history, oldest first: the owner
 * creates and sends each, the customer opens it, the owner marks bank transfers paid or voids it, and the overdue
 * schedule marks the late one. Totals, numbers, public ids and timelines are the services' own; the customers are
 * found or made by email as the checkout does. Answers how many it made.
 */
export async function seedDemoInvoices(db: Executor, businessId: string, ownerId: string, now: Date, config: AppConfig): Promise<{ invoices: number }> {
  const clock = fixedClock(now);
  // Past mail is not sent (nobody could read it then).
  const { services } = buildServices({ db, clock, config, ...quietSideEffects });
  const owner = await seedMember(db, services, businessId, ownerId);
  const at = (ms: number) => clock.set(new Date(ms));
  // Dates are the business's days.
  const day = (ms: number) => localDate(new Date(ms), owner.business.row.timeZone);
  for (const spec of [...INVOICES].sort((a, b) => b.issuedDaysAgo - a.issuedDaysAgo)) {
    const [name, email] = spec.customer;
    const issuedAt = now.getTime() - spec.issuedDaysAgo * DAY_MS;
    at(issuedAt);
    const customer = await db.transaction((tx) => services.customers.findOrCreateByEmail(tx, businessId, { name, email, phone: null }, UNATTENDED));
    const body = InvoiceBodySchema.parse({
      customer_id: customer.id,
      currency: 'sgd',
      issue_date: day(issuedAt),
      due_date: day(issuedAt + spec.dueDays * DAY_MS),
      lines: spec.lines,
      taxes: GST,
      notes: spec.notes ?? null,
      terms: 'Payment within the due date, by card or PayNow through the invoice link, or by bank transfer.',
      allow_partial: spec.status === 'partially_paid',
    });
    const invoice = await services.invoices.create(owner, body);
    if (spec.status === 'draft') continue;
    at(issuedAt + 60_000);
    await services.invoices.send(owner, invoice.id);
    if (spec.viewed) {
      at(issuedAt + 3 * 3_600_000);
      await services.invoicePage.view(businessId, invoice.public_id);
    }
    if (spec.status === 'void') {
      at(issuedAt + 2 * DAY_MS);
      await services.invoices.void(owner, invoice.id);
    }
    if (spec.paid !== undefined) {
      at(issuedAt + 7 * DAY_MS);
      await services.invoices.markPaid(owner, invoice.id, { ...(spec.paid === 'all' ? {} : { amount: spec.paid }), note: 'bank transfer' });
    }
    if (spec.status === 'overdue') {
      // The daily schedule the morning after the due date.
      at(issuedAt + (spec.dueDays + 1) * DAY_MS);
      await services.invoices.markOverdue(clock.now());
    }
  }
  return { invoices: INVOICES.length };
}
