import { AppError, can, fieldError, localDate, type CursorQuery } from '@merchant/core';
import {
  type Customer,
  type CustomerChannels,
  type CustomerFields,
  type CustomerFilters,
  type CustomerOrder,
  type CustomerOrderChannel,
} from '@merchant/payments';
import type { Executor } from '@/db/client';
import { mayLag } from '@/db/replica';
import type { BusinessContext, BusinessRow, RequestMeta } from '@/http/context';
import type { Clock } from '@/lib/clock';
import { newTimeOrderedId } from '@/lib/crypto';
import { decodeCursor, pageFrom, type Cursor } from '@/lib/cursor';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import { presentPayment } from '../payment.presenter';
import { CUSTOMER_CSV, customerCsvRow, presentCustomer } from './customers.presenter';
import { customerPaymentsReadModel } from '../charges/customer-payments.read-model';
import { customersRepository as repo, type CustomerRow } from './customers.repository';
import { posCustomerOrdersReadModel, type PosOrderScope } from '@/modules/pos/orders/customer-orders.read-model';
import { storeCustomerOrdersReadModel } from '@/modules/store/orders/customer-orders.read-model';
import { customerInvoicesReadModel } from '../invoices/customer-use.read-model';
import { customerRepeatingInvoicesReadModel } from '../repeating-invoices/customer-use.read-model';
import { customerSubscriptionsReadModel } from '../subscriptions/customer-use.read-model';
import { customerMandatesReadModel } from '../direct-debit/customer-use.read-model';
import { customerPaymentLinksReadModel } from '../payment-links/customer-use.read-model';
import { callerLocations } from '@/modules/location-scope';

/** Rows the CSV export reads per query while it streams. */
const EXPORT_BATCH = 500;

const emailTaken = () => fieldError('CUSTOMER_EMAIL_TAKEN', 'email', 'Another customer of this business already has this email');
const notFound = () => new AppError('CUSTOMER_NOT_FOUND', 'Customer not found.');

/** What the checkout knows about who pays. */
export interface CheckoutCustomerDetails {
  name: string | null;
  email: string;
  phone: string | null;
}

/** Who writes a customer: a dashboard request, or a public API key acting as its maker (docs/developers.md). */
export type CustomerWriter = Pick<BusinessContext, 'ip' | 'userAgent'> & {
  user: { id: string };
  /** `role`: the writer's standing, when known (the audit entry records it without a read). */
  business: { row: Pick<BusinessRow, 'id'>; role?: string | null; isSuperAdmin?: boolean };
};

const label = (c: { name: string | null; email: string | null }) => c.name ?? c.email ?? 'a customer';

export function createCustomersService(deps: { db: Executor; clock: Clock; audit: AuditService }) {
  const { db, clock, audit } = deps;

  async function findOr404(businessId: string, id: string): Promise<CustomerRow> {
    const row = await repo.find(db, businessId, id);
    if (!row) throw notFound();
    return row;
  }

  /** Which register orders the caller sees: a cashier (no `pos:manage`) their own; a member limited to locations theirs. */
  async function posScope(ctx: BusinessContext): Promise<PosOrderScope> {
    return {
      staffId: can(ctx.business, 'pos:manage') ? undefined : ctx.user.id,
      locationIds: await callerLocations(db, ctx),
    };
  }

  /** Refuses an email another customer of the business holds; holds the email's lock until the transaction ends. */
  async function claimEmail(tx: Executor, businessId: string, email: string | null, exceptId?: string): Promise<void> {
    if (!email) return;
    await repo.lockEmail(tx, businessId, email);
    if (await repo.findByEmail(tx, businessId, email, exceptId)) throw emailTaken();
  }

  return {
    async list(businessId: string, query: CustomerFilters & CursorQuery) {
      const rows = await repo.page(mayLag(db), businessId, query.q, query.limit, decodeCursor(query.cursor));
      const page = pageFrom(rows, query.limit, (r) => r);
      return { data: page.rows.map(presentCustomer), next_cursor: page.nextCursor };
    },

    /**
     * The searched customers as CSV, newest first, read in batches while it is sent: any number of rows
     * in flat memory.
     */
    exportCsv(business: BusinessRow, filters: CustomerFilters) {
      async function* lines(): AsyncGenerator<string> {
        yield CUSTOMER_CSV.head();
        let cursor: Cursor | undefined;
        for (;;) {
          const rows = await repo.page(mayLag(db), business.id, filters.q, EXPORT_BATCH, cursor);
          const batch = rows.slice(0, EXPORT_BATCH);
          if (batch.length > 0) yield batch.map((r) => CUSTOMER_CSV.line(customerCsvRow(presentCustomer(r)))).join('');
          const last = batch[batch.length - 1];
          if (rows.length <= EXPORT_BATCH || !last) return;
          cursor = { createdAt: last.createdAt, id: last.id };
        }
      }
      const date = localDate(clock.now(), business.timeZone);
      return { filename: `customers-${business.identifier}-${date}.csv`, lines: lines() };
    },

    async get(businessId: string, id: string): Promise<Customer> {
      return presentCustomer(await findOr404(businessId, id));
    },

    async payments(businessId: string, id: string, query: CursorQuery) {
      await findOr404(businessId, id);
      const rows = await customerPaymentsReadModel.page(db, businessId, id, query.limit, decodeCursor(query.cursor));
      const page = pageFrom(rows, query.limit, (r) => r);
      return { data: page.rows.map((row) => presentPayment(row)), next_cursor: page.nextCursor };
    },

    /**
     * A customer's register or store orders, newest first (docs/catalogue.md, "Customers"). A cashier sees their own
     * register orders (as in the orders list); a member limited to locations sees those of their locations.
     */
    async orders(ctx: BusinessContext, id: string, query: CursorQuery & { channel: CustomerOrderChannel }) {
      const businessId = ctx.business.row.id;
      const customer = await findOr404(businessId, id);
      const scope = await posScope(ctx);
      const cursor = decodeCursor(query.cursor);
      const money = (amount: number, currency: string) => ({ amount, currency });
      if (query.channel === 'pos') {
        const rows = await posCustomerOrdersReadModel.page(db, businessId, id, scope, query.limit, cursor);
        const page = pageFrom(rows, query.limit, (r) => r);
        const data: CustomerOrder[] = page.rows.map((r) => ({
          id: r.id,
          channel: 'pos',
          reference: `#${r.number}`,
          status: r.status,
          location: { id: r.locationId, name: r.locationName },
          total: money(r.total, r.currency),
          refunded: money(r.refundedAmount, r.currency),
          created_at: r.createdAt.toISOString(),
        }));
        return { data, next_cursor: page.nextCursor };
      }
      if (!customer.email) return { data: [], next_cursor: null };
      const rows = await storeCustomerOrdersReadModel.page(db, businessId, customer.email, scope.locationIds, query.limit, cursor);
      const page = pageFrom(rows, query.limit, (r) => r);
      const data: CustomerOrder[] = page.rows.map((r) => ({
        id: r.id,
        channel: 'online_store',
        reference: r.reference,
        status: r.status,
        location: { id: r.locationId, name: r.locationName },
        total: money(r.total, r.currency),
        refunded: money(r.refundedAmount, r.currency),
        created_at: r.createdAt.toISOString(),
      }));
      return { data, next_cursor: page.nextCursor };
    },

    /** What the customer bought in each channel, counted and totalled less refunds, as the caller may see it. */
    async channels(ctx: BusinessContext, id: string): Promise<CustomerChannels> {
      const businessId = ctx.business.row.id;
      const customer = await findOr404(businessId, id);
      const scope = await posScope(ctx);
      const currency = ctx.business.row.currency;
      // One after the other: a pooled connection each would be no faster for three small sums.
      const paid = await customerPaymentsReadModel.totals(db, businessId, id);
      const pos = await posCustomerOrdersReadModel.totals(db, businessId, id, scope);
      const store = customer.email ? await storeCustomerOrdersReadModel.totals(db, businessId, customer.email, scope.locationIds) : { count: 0, total: 0 };
      const of = (t: { count: number; total: number }) => ({ count: t.count, total: { amount: t.total, currency } });
      return { payments: of(paid), pos: of(pos), online_store: of(store) };
    },

    async create(ctx: CustomerWriter, fields: CustomerFields): Promise<Customer> {
      const businessId = ctx.business.row.id;
      return db.transaction(async (tx) => {
        await claimEmail(tx, businessId, fields.email);
        const now = clock.now();
        const row = await repo.insert(tx, { businessId, id: newTimeOrderedId(), ...fields, createdAt: now, updatedAt: now });
        await audit.record(tx, ctx, {
          action: 'customer.created',
          description: `Added the customer ${label(row)}`,
          actorUserId: ctx.user.id,
          businessId,
          objectType: 'customer',
          objectId: row.id,
        });
        return presentCustomer(row);
      });
    },

    async update(ctx: CustomerWriter, id: string, fields: CustomerFields): Promise<Customer> {
      const businessId = ctx.business.row.id;
      return db.transaction(async (tx) => {
        await claimEmail(tx, businessId, fields.email, id);
        const row = await repo.update(tx, businessId, id, { ...fields, updatedAt: clock.now() });
        if (!row) throw notFound();
        await audit.record(tx, ctx, {
          action: 'customer.updated',
          description: `Edited the customer ${label(row)}`,
          actorUserId: ctx.user.id,
          businessId,
          objectType: 'customer',
          objectId: row.id,
        });
        return presentCustomer(row);
      });
    },

    /**
     * Deletes a customer nothing points at (docs/developers.md, "Public API: customers..."): one with a payment, a
     * register order, an invoice, a repeating invoice, a subscription, a direct debit mandate or a payment link made for
     * them is kept (answers `in_use`), since those keep showing who they were. The email's lock is held, as the
     * checkout holds it before it attaches a customer, so a checkout cannot attach the customer while it goes.
     */
    async remove(ctx: CustomerWriter, id: string): Promise<'deleted' | 'in_use'> {
      const businessId = ctx.business.row.id;
      return db.transaction(async (tx) => {
        const row = await repo.find(tx, businessId, id);
        if (!row) throw notFound();
        if (row.email) await repo.lockEmail(tx, businessId, row.email);
        const uses = [
          async () => (await customerPaymentsReadModel.page(tx, businessId, id, 1)).length > 0,
          async () => (await posCustomerOrdersReadModel.page(tx, businessId, id, { locationIds: null }, 1)).length > 0,
          () => customerInvoicesReadModel.any(tx, businessId, id),
          () => customerRepeatingInvoicesReadModel.any(tx, businessId, id),
          () => customerSubscriptionsReadModel.any(tx, businessId, id),
          () => customerMandatesReadModel.any(tx, businessId, id),
          () => customerPaymentLinksReadModel.any(tx, businessId, id),
        ];
        // One after the other: a transaction's connection runs one statement at a time.
        for (const inUse of uses) if (await inUse()) return 'in_use';
        await repo.remove(tx, businessId, id);
        await audit.record(tx, ctx, {
          action: 'customer.deleted',
          description: `Deleted the customer ${label(row)}`,
          actorUserId: ctx.user.id,
          businessId,
          objectType: 'customer',
          objectId: id,
        });
        return 'deleted';
      });
    },

    /**
     * For the checkout, inside its transaction: the business's customer with this email (compared
     * case-insensitively), or a new one. A found customer keeps what the merchant wrote; only a missing
     * name or phone is filled in. Concurrent checkouts with one email get one customer (the email's lock).
     * `where` is the checkout request (the audit entry of a new customer keeps it; there is no actor).
     */
    /** `by` names who adds a new customer in the audit log: the checkout (no one) unless told otherwise. */
    async findOrCreateByEmail(
      tx: Executor,
      businessId: string,
      details: CheckoutCustomerDetails,
      where: RequestMeta,
      by: { userId: string | null; via: string } = { userId: null, via: 'The checkout' },
    ): Promise<Customer> {
      const email = details.email.trim();
      await repo.lockEmail(tx, businessId, email);
      const found = await repo.findByEmail(tx, businessId, email);
      const now = clock.now();
      if (found) {
        if ((found.name || !details.name) && (found.phone || !details.phone)) return presentCustomer(found);
        const filled = await repo.update(tx, businessId, found.id, {
          name: found.name ?? details.name,
          email: found.email,
          phone: found.phone ?? details.phone,
          notes: found.notes,
          updatedAt: now,
        });
        return presentCustomer(filled ?? found);
      }
      const row = await repo.insert(tx, {
        businessId,
        id: newTimeOrderedId(),
        name: details.name,
        email,
        phone: details.phone,
        notes: null,
        createdAt: now,
        updatedAt: now,
      });
      await audit.record(tx, where, {
        action: 'customer.created',
        description: `${by.via} added the customer ${label(row)}`,
        actorUserId: by.userId,
        businessId,
        objectType: 'customer',
        objectId: row.id,
      });
      return presentCustomer(row);
    },
  };
}

export type CustomersService = ReturnType<typeof createCustomersService>;
