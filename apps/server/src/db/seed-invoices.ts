import { and, eq, sql } from 'drizzle-orm';
import { formatMoneyWithCode } from '@merchant/core';
import { PUBLIC_ID_PREFIXES, invoiceTotals, type InvoiceEventKind, type InvoiceStatus } from '@merchant/payments';
import type { Executor } from './client';
import { customers, invoiceEvents, invoices, type StoredInvoiceLine } from './schema';
import { newId, newPublicId, newTimeOrderedId } from '../lib/crypto';

const DAY_MS = 24 * 60 * 60_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

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
 * void), with their timelines, written as the invoices service stores them: totals by the package's money rules,
 * numbers in order, unguessable public ids. Payments marked by other means post nothing to the ledger, as the
 * service's "mark paid" does. Continues the business's numbering; answers how many it wrote.
 */
export async function seedDemoInvoices(db: Executor, businessId: string, ownerId: string, now: Date): Promise<{ invoices: number }> {
  return db.transaction(async (tx) => {
    const [last] = await tx
      .select({ number: sql<number>`coalesce(max(${invoices.number}), 0)::int` })
      .from(invoices)
      .where(eq(invoices.businessId, businessId));
    let number = last?.number ?? 0;
    const customerIds = new Map<string, string>();
    for (const spec of INVOICES) {
      const [name, email] = spec.customer;
      let customerId = customerIds.get(email);
      if (!customerId) {
        const [found] = await tx
          .select({ id: customers.id })
          .from(customers)
          .where(and(eq(customers.businessId, businessId), sql`lower(${customers.email}) = ${email}`));
        customerId = found?.id ?? newId();
        if (!found) await tx.insert(customers).values({ businessId, id: customerId, name, email, createdAt: now, updatedAt: now });
        customerIds.set(email, customerId);
      }

      const issuedAt = now.getTime() - spec.issuedDaysAgo * DAY_MS;
      const lines = spec.lines.map((l) => ({ product_id: null, discount_bps: 0, ...l }));
      const totals = invoiceTotals(lines, GST);
      const stored: StoredInvoiceLine[] = lines.map((l, i) => ({ ...l, ...totals.lines[i]! }));
      const paid = spec.paid === 'all' ? totals.total : (spec.paid ?? 0);
      const id = newTimeOrderedId(issuedAt);
      number += 1;
      await tx.insert(invoices).values({
        businessId,
        id,
        publicId: newPublicId(PUBLIC_ID_PREFIXES.invoice),
        number,
        status: spec.status,
        customerId,
        currency: 'sgd',
        issueDate: day(issuedAt),
        dueDate: day(issuedAt + spec.dueDays * DAY_MS),
        lines: stored,
        taxes: GST.map((t, i) => ({ ...t, amount: totals.taxes[i]! })),
        subtotal: totals.subtotal,
        taxTotal: totals.tax_total,
        total: totals.total,
        amountPaid: paid,
        allowPartial: spec.status === 'partially_paid',
        notes: spec.notes ?? null,
        terms: 'Payment within the due date, by card or PayNow through the invoice link, or by bank transfer.',
        createdByUserId: ownerId,
        createdAt: new Date(issuedAt),
        updatedAt: new Date(issuedAt),
      });

      // The timeline as the service writes it: created, sent, viewed, overdue, paid, voided.
      const events: [InvoiceEventKind, number, string | null, string | null][] = [['created', issuedAt, null, ownerId]];
      if (spec.status !== 'draft') events.push(['sent', issuedAt + 60_000, `To ${email}`, ownerId]);
      if (spec.viewed) events.push(['viewed', issuedAt + 3 * 3_600_000, null, null]);
      const dueAt = issuedAt + (spec.dueDays + 1) * DAY_MS;
      if (spec.status === 'overdue') events.push(['overdue', dueAt, `Due ${day(issuedAt + spec.dueDays * DAY_MS)}`, null]);
      if (paid > 0) {
        events.push(['paid', issuedAt + 7 * DAY_MS, `${formatMoneyWithCode(paid, 'sgd')} by other means: bank transfer`, ownerId]);
      }
      if (spec.status === 'void') events.push(['voided', issuedAt + 2 * DAY_MS, null, ownerId]);
      await tx
        .insert(invoiceEvents)
        .values(
          events.map(([kind, at, detail, userId]) => ({ businessId, id: newTimeOrderedId(at), invoiceId: id, kind, detail, userId, createdAt: new Date(at) })),
        );
    }
    return { invoices: INVOICES.length };
  });
}
