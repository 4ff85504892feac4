import { AppError, fieldError, parseMajorToMinor } from '@merchant/core';
import type { OrderFilters, PublicOrderBody, PublicOrderListQuery } from '@merchant/catalogue';
import type { KeyedContext, RequestMeta } from '@/http/context';
import type { DraftOrder, DraftOrderActor, DraftOrderFields, DraftOrdersService } from '@/modules/pos/orders/draft-orders.service';
import type { OrdersService } from '@/modules/pos/orders/orders.service';
import { PublicApiRefusal, type PublicApiCaller } from './public-api.service';
import { presentDraftOrder, presentOrder } from './public-orders.presenter';
import { laravelPage, pageUrl } from './public-pages';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** HitPay's 404 of an order (its document's own sentence). */
export const orderMissing = (id: string) => new AppError('NOT_FOUND', `No query results for model [App\\Business\\Order] ${id}`);

/** A register order is paid when it is recorded: it is final here (a refund or a void on its page is the way). */
const PAID_FINAL = (verb: string) => new PublicApiRefusal(409, `A paid order cannot be ${verb}: refund or void it on its page in the dashboard.`);

/** HitPay's body as a draft's fields, in minor units of the business's currency. */
function draftFieldsOf(caller: PublicApiCaller, body: PublicOrderBody): DraftOrderFields {
  const currency = caller.business.row.currency.toLowerCase();
  if (body.channel === 'online_shop')
    throw fieldError('VALIDATION_FAILED', 'channel', "A draft order here is the point of sale's: the online store's orders are placed by shoppers.");
  if (body.version === '2.0') throw fieldError('VALIDATION_FAILED', 'version', 'Orders here are of version 1.0.');
  const minor = (field: string, value: number | undefined) => {
    if (value === undefined) return undefined;
    const amount = parseMajorToMinor(String(value), currency);
    if (amount === null)
      throw fieldError('VALIDATION_FAILED', field, `The ${field.replace('_', ' ')} must be a number with the decimals of ${currency.toUpperCase()}.`);
    return amount;
  };
  if (body.business_user_id !== undefined && !UUID.test(body.business_user_id))
    throw fieldError('VALIDATION_FAILED', 'business_user_id', 'The selected business user id is invalid.');
  const pickup = body.customer_pickup;
  return {
    ...(body.currency !== undefined && { currency: body.currency.toLowerCase() }),
    ...(body.remark !== undefined && { remark: body.remark || null }),
    ...(body.location_id !== undefined && { locationId: body.location_id }),
    ...(body.customer_id !== undefined && { customerId: body.customer_id }),
    ...(body.business_user_id !== undefined && { staffId: body.business_user_id.toLowerCase() }),
    ...(pickup !== undefined && { customerPickup: pickup === true || pickup === 'true' || pickup === '1' }),
    ...(body.discount_reason !== undefined && { discountReason: body.discount_reason || null }),
    ...(body.discount_amount !== undefined && { discount: minor('discount_amount', body.discount_amount) }),
    ...(body.amount !== undefined && { amount: minor('amount', body.amount) }),
    ...(body.products !== undefined && { products: body.products }),
  };
}

/**
 * HitPay's orders (docs/developers.md, "Public API: orders and card readers"): the point of sale's orders, read as the
 * key's maker reads them on the orders screen (a cashier's key sees that cashier's orders, a member limited to
 * locations sees those locations'), and its draft orders, kept to be paid later: made, read, listed
 * (`statuses[]=draft`), changed and deleted here. A register order is paid when it is recorded: it is not changed or
 * deleted here (a refund or a void on the order's page is the way).
 */
export function createPublicOrdersApi(deps: { orders: Pick<OrdersService, 'pageForApi' | 'get' | 'orderForm'>; drafts: DraftOrdersService }) {
  const { orders, drafts } = deps;
  const readerOf = (caller: PublicApiCaller) => ({ business: caller.business, user: { id: caller.makerUserId } });
  const actorOf = (caller: PublicApiCaller, meta: RequestMeta): DraftOrderActor => ({
    business: { id: caller.business.row.id, currency: caller.business.row.currency },
    userId: caller.makerUserId,
    where: meta,
  });
  const form = (caller: PublicApiCaller) => orders.orderForm(readerOf(caller));

  /** The draft of this id in the caller's business, else null. */
  async function draftOf(caller: PublicApiCaller, id: string) {
    try {
      return await drafts.get(caller.business.row.id, id);
    } catch (error) {
      if (error instanceof AppError && error.code === 'POS_ORDER_NOT_FOUND') return null;
      throw error;
    }
  }

  /** An order of the caller's business that the caller sees; any other id (or no UUID) is HitPay's 404. */
  async function find(caller: PublicApiCaller, id: string) {
    if (!UUID.test(id)) throw orderMissing(id);
    try {
      return await orders.get(readerOf(caller), id);
    } catch (error) {
      if (error instanceof AppError && error.code === 'POS_ORDER_NOT_FOUND') throw orderMissing(id);
      throw error;
    }
  }

  /** A draft's field errors in HitPay's 422, a draft gone meanwhile HitPay's 404. */
  async function onDraft<T>(id: string | null, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AppError && error.code === 'POS_ORDER_NOT_FOUND' && id !== null) throw orderMissing(id);
      if (error instanceof AppError && error.code === 'POS_DRAFT_ALREADY_PAID') throw PAID_FINAL('changed or deleted');
      throw error;
    }
  }

  return {
    /**
     * HitPay's list: its filters the product answers (`keywords`, `statuses[]`, `dateFrom`, `dateTo`, `version`),
     * numbered pages. The register's orders, or with `statuses[]=draft` the drafts (newest first; drafts are listed
     * on their own: no other status, keywords or dates with them).
     */
    async listOrders(caller: PublicApiCaller, query: PublicOrderListQuery, url: string) {
      const statuses = query['statuses[]'] ?? query.statuses;
      const withs = new Set((query.with ?? '').split(',').map((w) => w.trim()));
      const at = {
        page: query.page,
        perPage: query.perPage,
        path: url,
        url: pageUrl(url, { perPage: String(query.perPage), ...(statuses?.includes('draft') && { 'statuses[]': 'draft' }) }),
        pager: 'first-ten',
        typed: true,
      } as const;
      if (statuses?.includes('draft')) {
        const statusField = query['statuses[]'] ? 'statuses[]' : 'statuses';
        if (statuses.some((s) => s !== 'draft'))
          throw fieldError('VALIDATION_FAILED', statusField, 'Drafts are listed on their own: ask for draft alone, or for the other statuses.');
        for (const field of ['keywords', 'dateFrom', 'dateTo'] as const) {
          if (query[field] !== undefined)
            throw fieldError('VALIDATION_FAILED', field, `The drafts list takes no ${field}: it lists every draft, newest first.`);
        }
        if (query.version === '2.0') return laravelPage([], { ...at, total: 0 });
        const businessId = caller.business.row.id;
        const [page, settings] = [await drafts.page(businessId, query.page, query.perPage), await form(caller)];
        return laravelPage(
          page.data.map((d) => presentDraftOrder(d, businessId, settings)),
          { ...at, total: page.total },
        );
      }
      // Every register order is `completed` and of version 1.0: other statuses and versions have none.
      if ((statuses && !statuses.includes('completed')) || query.version === '2.0') return laravelPage([], { ...at, total: 0 });
      const filters: OrderFilters = {
        ...(query.keywords ? { q: query.keywords } : {}),
        ...(query.dateFrom ? { from: query.dateFrom } : {}),
        ...(query.dateTo ? { to: query.dateTo } : {}),
      };
      const reader = readerOf(caller);
      const [page, settings] = [await orders.pageForApi(reader, filters, query.page, query.perPage), await orders.orderForm(reader)];
      const details = { products: withs.has('products'), charges: withs.has('charges') };
      const businessId = caller.business.row.id;
      return laravelPage(
        page.data.map((o) => presentOrder(o, businessId, settings, details)),
        { ...at, total: page.total },
      );
    },

    async getOrder(caller: PublicApiCaller, id: string) {
      if (!UUID.test(id)) throw orderMissing(id);
      const draft = await draftOf(caller, id);
      if (draft) return presentDraftOrder(draft, caller.business.row.id, await form(caller));
      const order = await find(caller, id);
      return presentOrder(order, caller.business.row.id, await form(caller), { products: true, charges: true });
    },

    /**
     * HitPay's create: a draft order, kept to be paid later (201). Its answer is stored with it for the request's
     * Idempotency-Key, so a retry replays it and keeps no second draft.
     */
    async createOrder(caller: PublicApiCaller, meta: RequestMeta, body: PublicOrderBody, keyed?: KeyedContext) {
      const fields = draftFieldsOf(caller, body);
      const settings = await form(caller);
      const businessId = caller.business.row.id;
      const present = (d: DraftOrder) => presentDraftOrder(d, businessId, settings);
      const made = await onDraft(null, () =>
        drafts.create(actorOf(caller, meta), fields, { ...(keyed?.idempotency && { idempotency: keyed.idempotency }), present }),
      );
      return present(made);
    },

    /** HitPay's update: a draft's fields given change (the rest stay); a register order is paid and final (409). */
    async updateOrder(caller: PublicApiCaller, meta: RequestMeta, id: string, body: PublicOrderBody) {
      if (!UUID.test(id)) throw orderMissing(id);
      const draft = await draftOf(caller, id);
      if (draft?.draft.paidOrderId) throw PAID_FINAL('changed');
      if (draft) {
        const fields = draftFieldsOf(caller, body);
        const changed = await onDraft(id, () => drafts.update(actorOf(caller, meta), id, fields));
        return presentDraftOrder(changed, caller.business.row.id, await form(caller));
      }
      await find(caller, id);
      throw PAID_FINAL('changed');
    },

    /** HitPay's delete: a draft is deleted (204); a paid order is not (409; a refund or a void is the way). */
    async deleteOrder(caller: PublicApiCaller, meta: RequestMeta, id: string): Promise<void> {
      if (!UUID.test(id)) throw orderMissing(id);
      const draft = await draftOf(caller, id);
      if (draft?.draft.paidOrderId) throw PAID_FINAL('deleted');
      if (draft) {
        await onDraft(id, () => drafts.remove(actorOf(caller, meta), id));
        return;
      }
      await find(caller, id);
      throw PAID_FINAL('deleted');
    },
  };
}

export type PublicOrdersApi = ReturnType<typeof createPublicOrdersApi>;
