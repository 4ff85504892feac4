import { AppError, fieldError, parseMajorToMinor, standingRefusal, STANDING_MESSAGES } from '@merchant/core';
import {
  PAYMENT_METHODS,
  type BalanceKind,
  type PaymentMethod,
  type PaymentStatus,
  type PublicBalanceTransactionsQuery,
  type PublicChargesExportQuery,
  type PublicChargesQuery,
  type PublicRefundBody,
  type HitpayChargeStatus,
} from '@merchant/payments';
import type { Executor } from '@/db/client';
import type { BusinessContext, IdempotentRequest, RequestMeta } from '@/http/context';
import type { Mailer } from '@/mail/mailer';
import type { StaffService } from '@/modules/business/staff/staff.service';
import type { BalancesService } from '@/modules/payments/balances/balances.service';
import type { ChargesService } from '@/modules/payments/charges/charges.service';
import type { TransactionRowFilters } from '@/modules/payments/charges/transactions.read-model';
import type { TransactionsService } from '@/modules/payments/transactions/transactions.service';
import { PublicApiRefusal, type PublicApiCaller } from './public-api.service';
import { major, presentBalanceTransaction, presentCharge, presentRefund, STATUSES_OF } from './public-charges.presenter';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** HitPay's 404 of a model (`No query results for model [Charge] <id>`). */
const missing = (model: string, id: string) => new AppError('NOT_FOUND', `No query results for model [${model}] ${id}`);
const invalid = (field: string, message: string) => fieldError('VALIDATION_FAILED', field, message);

/** HitPay's balance providers and ours: `adyen`, HitPay's card balance, is the card balance here. */
const BALANCE_OF: Record<string, BalanceKind> = { adyen: 'card', card: 'card', wallet: 'wallet', xendit: 'xendit' };

/** The payments' statuses a HitPay `status` and `statuses` mean together (both given: the ones in both). */
function statusesOf(status: HitpayChargeStatus | undefined, statuses: readonly HitpayChargeStatus[] | undefined): PaymentStatus[] | undefined {
  const of = (list: readonly HitpayChargeStatus[]) => new Set(list.flatMap((s) => STATUSES_OF[s]));
  if (!status && !statuses?.length) return undefined;
  const one = status ? of([status]) : undefined;
  const many = statuses?.length ? of(statuses) : undefined;
  return [...(one && many ? [...one].filter((s) => many.has(s)) : (one ?? many)!)];
}

/**
 * HitPay's charges, refunds and balances (docs/developers.md, "Public API: charges, refunds, balances"): the
 * Transactions screen's payments, its refunds and the balance pages, through their services, as the key's maker.
 */
export function createPublicChargesApi(deps: {
  db: Executor;
  mailer: Pick<Mailer, 'send'>;
  charges: Pick<ChargesService, 'byId' | 'refunds' | 'refundById' | 'refund'>;
  transactions: Pick<TransactionsService, 'rows' | 'exportCsv'>;
  balances: Pick<BalancesService, 'get' | 'statement' | 'exportCsv'>;
  staff: Pick<StaffService, 'listMembers'>;
  apiOrigin: string;
}) {
  const { charges } = deps;
  /** The business's members (the names of who refunded, the owners' addresses): one read. */
  const members = (caller: PublicApiCaller) => deps.staff.listMembers({ business: caller.business } as BusinessContext);
  const nameOf = async (caller: PublicApiCaller, userIds: (string | null)[]) => {
    if (!userIds.some(Boolean)) return new Map<string, string>();
    return new Map((await members(caller)).map((m) => [m.user_id, m.name]));
  };

  async function payment(caller: PublicApiCaller, id: string) {
    const found = UUID.test(id) ? await charges.byId(caller.business.row.id, id) : null;
    if (!found) throw missing('Charge', id);
    return found;
  }

  function kindOf(provider: string): BalanceKind {
    const kind = BALANCE_OF[provider.toLowerCase()];
    if (!kind) throw missing('Balance', provider);
    return kind;
  }

  /** A balance's service call; a balance the business does not have is HitPay's 404. */
  async function onBalance<T>(provider: string, work: () => Promise<T> | T): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AppError && error.code === 'BALANCE_NOT_FOUND') throw missing('Balance', provider);
      throw error;
    }
  }

  /** The list's filters from HitPay's query; a filter the product cannot answer is refused on its field (422). */
  function filtersOf(caller: PublicApiCaller, q: PublicChargesQuery): TransactionRowFilters | null {
    for (const field of ['location_ids', 'user_ids', 'payout_id'] as const) {
      const value = q[field];
      if (value !== undefined && (!Array.isArray(value) || value.length > 0))
        throw invalid(field, `Filtering charges by ${field.replaceAll('_', ' ')} is not supported.`);
    }
    const currency = caller.business.row.currency;
    const minor = (field: string, value: number) => {
      const amount = parseMajorToMinor(String(value), currency);
      if (amount === null) throw invalid(field, `The ${field.replaceAll('_', ' ')} must be a number with the decimals of ${currency.toUpperCase()}.`);
      return amount;
    };
    if (q.date_from && q.date_to && q.date_to < q.date_from) throw invalid('date_to', 'The date to must be a date after or equal to date from.');
    const statuses = statusesOf(q.status, q.statuses);
    if (statuses?.length === 0) return null;
    return {
      sort: 'newest',
      ...(statuses ? { statuses } : {}),
      ...(q.keywords ? { q: q.keywords } : {}),
      ...(q.date_from ? { from: q.date_from } : {}),
      ...(q.date_to ? { to: q.date_to } : {}),
      ...(q.amount_from !== undefined ? { min_amount: minor('amount_from', q.amount_from) } : {}),
      ...(q.amount_to !== undefined ? { max_amount: minor('amount_to', q.amount_to) } : {}),
      ...(q.customer_id ? { customer_id: q.customer_id } : {}),
      ...(q.payment_request_id ? { source: 'payment_link' as const, source_id: q.payment_request_id } : {}),
    };
  }

  /** The export's filters from HitPay's export query (its own names). */
  function exportFiltersOf(q: PublicChargesExportQuery): TransactionRowFilters {
    if (q.before || q.after) throw invalid(q.before ? 'before' : 'after', 'The export is the whole filtered list: before and after are not supported.');
    if (q.payment_method && !(PAYMENT_METHODS as readonly string[]).includes(q.payment_method)) {
      throw invalid('payment_method', `The payment method must be one of ${PAYMENT_METHODS.join(', ')}.`);
    }
    const known = (s: string): s is HitpayChargeStatus => s in STATUSES_OF;
    const wanted = (q.statuses ?? []).map((s) => (s === 'completed' ? 'succeeded' : s));
    const unknown = wanted.find((s) => !known(s));
    if (unknown !== undefined) throw invalid('statuses', 'The selected statuses is invalid.');
    const statuses = statusesOf(undefined, wanted as HitpayChargeStatus[]);
    if (q.dateFrom && q.dateTo && q.dateTo < q.dateFrom) throw invalid('dateTo', 'The date to must be a date after or equal to date from.');
    return {
      sort: 'newest',
      // Statuses none of this product's match (`void` alone): an empty list, the file has its header only.
      ...(statuses ? { statuses } : {}),
      ...(q.keywords ? { q: q.keywords } : {}),
      ...(q.payment_method ? { method: q.payment_method as PaymentMethod } : {}),
      ...(q.dateFrom ? { from: q.dateFrom } : {}),
      ...(q.dateTo ? { to: q.dateTo } : {}),
    };
  }

  return {
    async listCharges(caller: PublicApiCaller, query: PublicChargesQuery, rawQuery: Record<string, unknown>) {
      const filters = filtersOf(caller, query);
      const page = filters ? await deps.transactions.rows(caller.business.row, filters, query.per_page, query.cursor) : { rows: [], next_cursor: null };
      const path = `${deps.apiOrigin}/v1/charges`;
      let next: string | null = null;
      if (page.next_cursor) {
        const params = new URLSearchParams();
        for (const [name, value] of Object.entries(rawQuery)) {
          if (name === 'cursor') continue;
          for (const one of Array.isArray(value) ? value : [value]) params.append(name, String(one));
        }
        params.set('cursor', page.next_cursor);
        next = `${path}?${params.toString()}`;
      }
      return {
        data: page.rows.map(presentCharge),
        links: { first: null, last: null, prev: null, next },
        meta: { path, per_page: query.per_page, next_cursor: page.next_cursor, prev_cursor: null },
      };
    },

    async getCharge(caller: PublicApiCaller, id: string) {
      const row = await payment(caller, id);
      const refunds = await charges.refunds(caller.business.row.id, row.id);
      const names = await nameOf(
        caller,
        refunds.map((r) => r.createdByUserId),
      );
      return {
        ...presentCharge(row),
        refunds: refunds.map((r) => presentRefund(r, row, names.get(r.createdByUserId ?? '') ?? null)),
        webhook_logs: [],
      };
    },

    /** The transactions CSV of the dashboard, filtered by HitPay's export's query (docs/developers.md). */
    exportCharges(caller: PublicApiCaller, query: PublicChargesExportQuery) {
      return deps.transactions.exportCsv(caller.business.row, exportFiltersOf(query));
    },

    /**
     * HitPay's refund: the dashboard's refund of the payment (every rule of it holds), as the key's maker, its amount
     * in major units of the payment's currency. Refused as HitPay refuses: 422 on the field. `idempotency`: the
     * request's key: its answer is stored in the refund's transaction, and its retry resumes the refund's attempt.
     */
    async refund(caller: PublicApiCaller, meta: RequestMeta, body: PublicRefundBody, idempotency?: IdempotentRequest) {
      const refusal = standingRefusal('active', caller.business.row);
      if (refusal) throw new PublicApiRefusal(403, STANDING_MESSAGES[refusal]);
      const row = await payment(caller, body.payment_id);
      const amount = parseMajorToMinor(body.amount, row.currency);
      if (amount === null || amount <= 0) throw invalid('amount', `The amount must be a number with the decimals of ${row.currency.toUpperCase()}.`);
      const actor = { ...meta, user: { id: caller.makerUserId }, business: caller.business, idempotency };
      const refundedBy = (await nameOf(caller, [caller.makerUserId])).get(caller.makerUserId) ?? null;
      try {
        const done = await charges.refund(actor, row.id, { amount, reason: 'requested_by_customer' }, async (tx, made) =>
          idempotency?.answerIn(tx, presentRefund(made.refund, made.payment, refundedBy)),
        );
        return presentRefund(done.refund, done.payment, refundedBy);
      } catch (error) {
        if (error instanceof AppError && error.code === 'REFUND_NOT_ALLOWED') throw invalid('payment_id', 'Only a succeeded payment can be refunded.');
        throw error;
      }
    },

    async getRefund(caller: PublicApiCaller, id: string) {
      const refund = UUID.test(id) ? await charges.refundById(caller.business.row.id, id) : null;
      if (!refund) throw missing('Refund', id);
      const [row, names] = await Promise.all([charges.byId(caller.business.row.id, refund.paymentId), nameOf(caller, [refund.createdByUserId])]);
      if (!row) throw missing('Refund', id);
      return presentRefund(refund, row, names.get(refund.createdByUserId ?? '') ?? null);
    },

    /** The wallet balance per currency, as HitPay's wallets (no reserve or deposit is held here: 0). */
    async balances(caller: PublicApiCaller) {
      const view = await deps.balances.get(caller.business.row, 'wallet');
      return view.currencies.map((c) => ({
        currency: c.currency.toLowerCase(),
        wallets: { available: major(c.available.amount, c.currency), pending: major(c.pending.amount, c.currency), reserve: 0, deposit: 0 },
      }));
    },

    /** The available balance's statement of the business's currency, newest first, as HitPay's balance transactions. */
    async balanceTransactions(caller: PublicApiCaller, provider: string, query: PublicBalanceTransactionsQuery) {
      const kind = kindOf(provider);
      const page = await onBalance(provider, () =>
        deps.balances.statement(caller.business.row, kind, {
          account: 'available',
          ...(query.created_at_from ? { from: query.created_at_from } : {}),
          ...(query.created_at_to ? { to: query.created_at_to } : {}),
          limit: query.per_page,
          ...(query.cursor ? { cursor: query.cursor } : {}),
        }),
      );
      return {
        data: page.data.map(presentBalanceTransaction),
        meta: { per_page: String(query.per_page), next_cursor: page.next_cursor, prev_cursor: null },
      };
    },

    /** HitPay mails the export: the statement CSV is mailed to the business's active owners (docs/developers.md). */
    async exportBalanceTransactions(
      caller: PublicApiCaller,
      provider: string,
      query: { created_at_from?: string | undefined; created_at_to?: string | undefined },
    ) {
      const kind = kindOf(provider);
      const { filename, lines } = await onBalance(provider, () =>
        deps.balances.exportCsv(caller.business.row, kind, {
          account: 'available',
          ...(query.created_at_from ? { from: query.created_at_from } : {}),
          ...(query.created_at_to ? { to: query.created_at_to } : {}),
        }),
      );
      let csv = '';
      for await (const line of lines) csv += line;
      const owners = (await members(caller)).filter((m) => m.status === 'active' && m.role.title === 'Owner');
      const range = `${query.created_at_from ?? 'the start'} to ${query.created_at_to ?? 'today'}`;
      for (const owner of owners) {
        await deps.mailer.send(deps.db, {
          to: owner.email,
          subject: `Balance transactions of ${caller.business.row.name}`,
          text: `The balance transactions of ${caller.business.row.name} from ${range}, asked for through the API, are attached (${filename}).`,
          attachments: [{ filename, contentType: 'text/csv', content: Buffer.from(csv, 'utf8') }],
        });
      }
      return { success: true };
    },

    /**
     * HitPay prints on its All-in-One terminal; no terminal here prints receipts: every terminal id is HitPay's 422
     * "Terminal not found" (docs/developers.md). The charge is checked first (another business's is 404).
     */
    async printReceipt(caller: PublicApiCaller, id: string): Promise<never> {
      await payment(caller, id);
      throw new AppError('VALIDATION_FAILED', 'The given data was invalid. Terminal not found', [{ path: 'terminal_id', message: 'Terminal not found' }]);
    },
  };
}

export type PublicChargesApi = ReturnType<typeof createPublicChargesApi>;
