import { AppError } from '@merchant/core';
import type { OrderFilters, PublicOrderListQuery } from '@merchant/catalogue';
import type { OrdersService } from '@/modules/pos/orders/orders.service';
import { PublicApiRefusal, type PublicApiCaller } from './public-api.service';
import { presentOrder } from './public-orders.presenter';
import { laravelPage, pageUrl } from './public-pages';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** HitPay's 404 of an order (its document's own sentence). */
export const orderMissing = (id: string) => new AppError('NOT_FOUND', `No query results for model [App\\Business\\Order] ${id}`);

/** The register keeps no draft orders (docs/developers.md, "Public API: orders and card readers"). */
const NO_DRAFTS =
  'Draft orders are not kept: the point of sale records an order when the register takes its payment. Take the sale on the register, or ask for the payment with a payment request.';

/**
 * HitPay's orders (docs/developers.md, "Public API: orders and card readers"): the point of sale's orders, read as the
 * key's maker reads them on the orders screen (a cashier's key sees that cashier's orders, a member limited to
 * locations sees those locations'). Every register order is paid when it is recorded, so it is never a draft: it is
 * not changed or deleted here (a refund or a void on the order's page is the way), and no draft is made.
 */
export function createPublicOrdersApi(deps: { orders: Pick<OrdersService, 'pageForApi' | 'get' | 'orderForm'> }) {
  const { orders } = deps;
  const readerOf = (caller: PublicApiCaller) => ({ business: caller.business, user: { id: caller.makerUserId } });

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

  return {
    /** HitPay's list: its filters the product answers (`keywords`, `statuses[]`, `dateFrom`, `dateTo`, `version`), numbered pages. */
    async listOrders(caller: PublicApiCaller, query: PublicOrderListQuery, url: string) {
      const statuses = query['statuses[]'] ?? query.statuses;
      const withs = new Set((query.with ?? '').split(',').map((w) => w.trim()));
      const at = {
        page: query.page,
        perPage: query.perPage,
        path: url,
        url: pageUrl(url, { perPage: String(query.perPage) }),
        pager: 'first-ten',
        typed: true,
      } as const;
      // Every register order is `completed` and of version 1.0: other statuses and versions have none.
      if ((statuses && !statuses.includes('completed')) || query.version === '2.0') return laravelPage([], { ...at, total: 0 });
      const filters: OrderFilters = {
        ...(query.keywords ? { q: query.keywords } : {}),
        ...(query.dateFrom ? { from: query.dateFrom } : {}),
        ...(query.dateTo ? { to: query.dateTo } : {}),
      };
      const reader = readerOf(caller);
      const [page, form] = [await orders.pageForApi(reader, filters, query.page, query.perPage), await orders.orderForm(reader)];
      const details = { products: withs.has('products'), charges: withs.has('charges') };
      const businessId = caller.business.row.id;
      return laravelPage(
        page.data.map((o) => presentOrder(o, businessId, form, details)),
        { ...at, total: page.total },
      );
    },

    async getOrder(caller: PublicApiCaller, id: string) {
      const order = await find(caller, id);
      return presentOrder(order, caller.business.row.id, await orders.orderForm(readerOf(caller)), { products: true, charges: true });
    },

    /** HitPay's create makes a draft: the register keeps none (422, after the body's own checks). */
    createOrder(): never {
      throw new PublicApiRefusal(422, NO_DRAFTS);
    },

    /** HitPay's update changes a draft: a register order is paid and final (409; a refund or a void is the way). */
    async updateOrder(caller: PublicApiCaller, id: string): Promise<never> {
      await find(caller, id);
      throw new PublicApiRefusal(409, 'A paid order cannot be changed: refund or void it on its page in the dashboard.');
    },

    /** HitPay's delete: a paid order is not deleted (409; a refund or a void is the way). */
    async deleteOrder(caller: PublicApiCaller, id: string): Promise<never> {
      await find(caller, id);
      throw new PublicApiRefusal(409, 'A paid order cannot be deleted: refund or void it on its page in the dashboard.');
    },
  };
}

export type PublicOrdersApi = ReturnType<typeof createPublicOrdersApi>;
