import { randomUUID } from 'node:crypto';
import { AppError, fieldError, parseMajorToMinor, type ApiIssue } from '@merchant/core';
import {
  BASIS_POINTS,
  InvoiceBodySchema,
  commissionOf,
  invoiceTotals,
  type InvoiceBody,
  type InvoiceFields,
  type PublicInvoiceBody,
  type PublicInvoiceListQuery,
} from '@merchant/payments';
import type { Executor } from '@/db/client';
import type { ActingContext, RequestMeta } from '@/http/context';
import type { CatalogueService } from '@/modules/catalogue/products/products.module';
import type { PricingModuleService } from '@/modules/catalogue/pricing/pricing.module';
import type { CustomersService } from '@/modules/payments/customers/customers.service';
import { platformPartial, type InvoiceActor, type InvoicePlatformFields, type InvoicesService } from '@/modules/payments/invoices/invoices.service';
import type { PlatformAccountsService } from '@/modules/payments/platform-accounts/platform-accounts.service';
import type { PublicApiCaller } from './public-api.service';
import { INVOICE_STATUS_FILTER, presentPublicInvoice } from './public-invoices.presenter';
import { defaultPerPageUrl, laravelPage } from './public-pages';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The key's maker acting in the key's business, as the dashboard's services take a member's request: they read the
 * business's standing, the member's id (the audit's actor) and where the request came from. A key has no session.
 */
export function actingContext(caller: PublicApiCaller, meta: RequestMeta): ActingContext {
  return { requestId: randomUUID(), ip: meta.ip, userAgent: meta.userAgent, user: { id: caller.makerUserId }, business: caller.business };
}

/**
 * Runs `work` on an object of the caller's business in HitPay's errors: an id that is no UUID, or not the business's
 * (`notFoundCodes`), is HitPay's 404 `No query results for model [<model>] <id>`; a rule of ours on a field is a 422
 * on HitPay's name of the field (`rename`), whatever status the dashboard gives it.
 */
export async function inHitpayTerms<T>(
  model: string,
  id: string | null,
  notFoundCodes: readonly string[],
  rename: (path: string) => string,
  work: () => Promise<T>,
): Promise<T> {
  const missing = () => new AppError('NOT_FOUND', `No query results for model [${model}] ${id}`);
  if (id !== null && !UUID.test(id)) throw missing();
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (id !== null && notFoundCodes.includes(error.code) && !error.issues) throw missing();
    if (error.issues) {
      const issues: ApiIssue[] = error.issues.map((i) => ({ ...i, path: rename(i.path) }));
      throw new AppError('VALIDATION_FAILED', 'The given data was invalid.', issues);
    }
    throw error;
  }
}

/** Our invoice's field names as HitPay's body names them. */
function hitpayInvoiceField(path: string): string {
  if (path.startsWith('lines')) return path.replace(/^lines(\.(\d+))?/, (_m, _d, n: string | undefined) => (n === undefined ? 'products' : `products.${n}`));
  const names: Record<string, string> = {
    issue_date: 'invoice_date',
    notes: 'reference',
    terms: 'footer',
    allow_partial: 'allow_partial_payments',
    customer_id: 'customer_id',
    taxes: 'tax_setting',
  };
  return names[path.split('.')[0]!] ?? path;
}
const invoiceField = (path: string) => (/^lines\.\d+\./.test(path) && !path.endsWith('product_id') ? 'amount' : hitpayInvoiceField(path));

export const INVOICE_MODEL = 'App\\Business\\Invoice';

/**
 * HitPay's invoices (docs/developers.md, "Public API: invoices, subscription plans, recurring billing"): a real invoice
 * of the invoices module, made, edited and voided through its service as the key's maker.
 */
export function createPublicInvoicesApi(deps: {
  db: Executor;
  apiOrigin: () => string;
  invoices: InvoicesService;
  customers: Pick<CustomersService, 'findOrCreateByEmail' | 'get'>;
  catalogue: { products: Pick<CatalogueService['products'], 'get'> };
  pricing: { taxes: Pick<PricingModuleService['taxes'], 'get'> };
  platformAccounts: Pick<PlatformAccountsService, 'auditApiInvoice' | 'isPlatformsLink'>;
}) {
  const { db, invoices } = deps;
  const actorOf = (caller: PublicApiCaller, meta: RequestMeta): InvoiceActor => ({ business: caller.business.row, userId: caller.makerUserId, where: meta });

  /** The invoice's lines from HitPay's `payment_by`: one line of the amount, or the catalogue's products at their prices. */
  async function linesOf(businessId: string, body: PublicInvoiceBody): Promise<InvoiceBody['lines']> {
    if (body.payment_by === 'amount') {
      const amount = parseMajorToMinor(body.subtotal ?? body.amount!, body.currency);
      const field = body.subtotal !== undefined ? 'subtotal' : 'amount';
      if (amount === null || amount <= 0)
        throw fieldError('VALIDATION_FAILED', field, `The ${field} must be a positive number with the decimals of ${body.currency.toUpperCase()}.`);
      return [{ product_id: null, description: body.reference?.slice(0, 500) ?? 'Invoice', quantity: 1, unit_price: amount }];
    }
    const lines: InvoiceBody['lines'] = [];
    for (const [i, item] of (body.products ?? []).entries()) {
      const product = await deps.catalogue.products.get(businessId, item.product_id).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'PRODUCT_NOT_FOUND')
          throw fieldError('VALIDATION_FAILED', `products.${i}.product_id`, 'The selected product is invalid.');
        throw error;
      });
      const variant = item.variation_id ? product.variants.find((v) => v.id === item.variation_id) : product.variants[0];
      if (!variant) throw fieldError('VALIDATION_FAILED', `products.${i}.variation_id`, 'The selected variation is invalid.');
      if (variant.price.currency.toLowerCase() !== body.currency)
        throw fieldError('VALIDATION_FAILED', 'currency', `The products are priced in ${variant.price.currency.toUpperCase()}.`);
      const discount = item.discount === undefined ? 0 : parseMajorToMinor(item.discount, body.currency);
      const gross = Math.round(variant.price.amount * item.quantity);
      if (discount === null || discount > gross)
        throw fieldError('VALIDATION_FAILED', `products.${i}.discount`, 'The discount must be a number no more than the line.');
      const options = variant.option_values.length > 0 ? ` (${variant.option_values.join(' / ')})` : '';
      lines.push({
        product_id: product.id,
        description: `${product.name}${options}`.slice(0, 500),
        quantity: item.quantity,
        unit_price: variant.price.amount,
        // Our discounts are a share of the line: HitPay's amount off, to the nearest basis point.
        discount_bps: gross > 0 ? Math.min(BASIS_POINTS, Math.round((discount * BASIS_POINTS) / gross)) : 0,
      });
    }
    return lines;
  }

  /** Everything of the invoice but its customer, checked by the invoices' own rules (read before any transaction). */
  async function contentOf(caller: PublicApiCaller, body: PublicInvoiceBody) {
    const businessId = caller.business.row.id;
    const lines = await linesOf(businessId, body);
    let taxes: InvoiceBody['taxes'] = [];
    if (body.tax_setting) {
      const tax = await deps.pricing.taxes.get(businessId, body.tax_setting).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'TAX_NOT_FOUND')
          throw fieldError('VALIDATION_FAILED', 'tax_setting', 'The selected tax setting is invalid.');
        throw error;
      });
      taxes = [{ name: tax.name, rate_bps: tax.rate }];
    }
    return (customerId: string) => {
      const parsed = InvoiceBodySchema.safeParse({
        customer_id: customerId,
        currency: body.currency,
        lines,
        taxes,
        notes: body.reference ?? null,
        terms: body.footer ?? null,
        allow_partial: body.allow_partial_payments,
        issue_date: body.invoice_date,
        due_date: body.due_date ?? body.invoice_date,
      });
      if (!parsed.success) {
        throw new AppError(
          'VALIDATION_FAILED',
          'The given data was invalid.',
          parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
        );
      }
      return parsed.data;
    };
  }

  /** The invoice's customer: the one named by id, or the business's customer of that email (made when there is none). */
  async function customerOf(tx: Executor, caller: PublicApiCaller, meta: RequestMeta, body: PublicInvoiceBody): Promise<string> {
    if (body.customer_id) return body.customer_id;
    const email = (body.customer?.email ?? body.customer_email)!;
    const name = body.customer?.name ?? body.customer_name ?? null;
    const customer = await deps.customers.findOrCreateByEmail(tx, caller.business.row.id, { email, name, phone: null }, meta, {
      userId: caller.makerUserId,
      via: 'The public API',
    });
    return customer.id;
  }

  /** A customer named by id must have an email when the invoice is to be mailed. */
  async function assertMailable(caller: PublicApiCaller, body: PublicInvoiceBody) {
    if (!body.send_email || !body.customer_id) return;
    const customer = await deps.customers.get(caller.business.row.id, body.customer_id).catch(() => null);
    if (customer && !customer.email) throw fieldError('VALIDATION_FAILED', 'customer_id', 'The customer has no email to send the invoice to.');
  }

  /**
   * A platform's invoice for a linked business (`X-LINKED-BUSINESS-ID`; docs/developers.md, "Platform accounts"): the
   * fee it names (major units, below the total) or its commission rate of the total; paid in full once. Null for a
   * business's own invoice, which takes no fee.
   */
  function platformFieldsOf(caller: PublicApiCaller, body: PublicInvoiceBody, content: InvoiceFields): (InvoicePlatformFields & { total: number }) | null {
    if (!caller.platform) {
      if (body.platform_fee !== undefined)
        throw fieldError('VALIDATION_FAILED', 'platform_fee', "Only a platform's invoice for a linked business takes a platform fee.");
      return null;
    }
    if (content.allow_partial) throw platformPartial();
    const { total } = invoiceTotals(content.lines, content.taxes);
    const fee = body.platform_fee === undefined ? commissionOf(total, caller.platform.commissionBps) : parseMajorToMinor(body.platform_fee, body.currency);
    if (fee === null)
      throw fieldError('VALIDATION_FAILED', 'platform_fee', `The platform fee must be a number with the decimals of ${body.currency.toUpperCase()}.`);
    if (fee >= total) throw fieldError('VALIDATION_FAILED', 'platform_fee', 'The platform fee must be below the invoice total.');
    return { platformLinkId: caller.platform.linkId, platformFee: fee, total };
  }

  const answer = async (caller: PublicApiCaller, id: string) =>
    presentPublicInvoice(await invoices.getForApi(caller.business.row.id, id), caller.business.row.id);

  return {
    async listInvoices(caller: PublicApiCaller, query: PublicInvoiceListQuery) {
      const businessId = caller.business.row.id;
      const filter = {
        statuses: query.status ? INVOICE_STATUS_FILTER[query.status] : undefined,
        customerEmail: query.customer_email,
        notes: query.reference,
      };
      const { data, total } = await invoices.pageForApi(businessId, filter, query.per_page, (query.page - 1) * query.per_page);
      const path = `${deps.apiOrigin()}/v1/invoices`;
      return laravelPage(
        data.map((i) => presentPublicInvoice(i, businessId)),
        { path, url: defaultPerPageUrl(path, query.per_page, 10), page: query.page, perPage: query.per_page, total, pager: 'window', prevAtMostLast: true },
      );
    },

    /**
     * One invoice of the business (HitPay's document has no such read; ours answers the invoice object of the list).
     * A platform acting for a linked business (`X-LINKED-BUSINESS-ID`) sees only the invoices it made there, through
     * any of its links with that business; the business's own and any other id are HitPay's 404.
     */
    async getInvoice(caller: PublicApiCaller, id: string) {
      return inHitpayTerms(INVOICE_MODEL, id, ['INVOICE_NOT_FOUND'], invoiceField, async () => {
        const businessId = caller.business.row.id;
        const invoice = await invoices.getForApi(businessId, id);
        const platform = caller.platform;
        if (platform) {
          const linkId = invoice.platform_link_id;
          if (linkId === null || !(await deps.platformAccounts.isPlatformsLink(platform.businessId, businessId, linkId)))
            throw new AppError('INVOICE_NOT_FOUND', 'Invoice not found.');
        }
        return presentPublicInvoice(invoice, businessId);
      });
    },

    /** HitPay's create: a real invoice, out at once (mailed when `send_email` asks, else issued without a mail). */
    async createInvoice(caller: PublicApiCaller, meta: RequestMeta, body: PublicInvoiceBody) {
      return inHitpayTerms(INVOICE_MODEL, null, [], invoiceField, async () => {
        const content = await contentOf(caller, body);
        await assertMailable(caller, body);
        const actor = actorOf(caller, meta);
        const { made, platform } = await db.transaction(async (tx) => {
          const fields = content(await customerOf(tx, caller, meta, body));
          const fee = platformFieldsOf(caller, body, fields);
          const extra = fee ? { platform_link_id: fee.platformLinkId, platform_fee: fee.platformFee } : {};
          const invoice = await invoices.createIn(
            tx,
            actor,
            fields,
            (n) => `Created the invoice ${n} through the public API`,
            { api_key_id: caller.keyId, ...extra },
            fee ? { platformLinkId: fee.platformLinkId, platformFee: fee.platformFee } : null,
          );
          return { made: invoice, platform: fee };
        });
        if (caller.platform && platform) {
          await deps.platformAccounts.auditApiInvoice(meta, {
            platformBusinessId: caller.platform.businessId,
            linkId: caller.platform.linkId,
            userId: caller.makerUserId,
            businessName: caller.platform.businessName,
            invoiceId: made.id,
            number: made.number,
            amount: platform.total,
            fee: platform.platformFee,
            currency: body.currency,
          });
        }
        if (body.send_email) await invoices.sendDraftAs(actor, made.id);
        else await invoices.issueAs(actor, made.id);
        return answer(caller, made.id);
      });
    },

    /** HitPay's update: every field anew, by the dashboard's rule (an invoice paid in part or whole, or void, is final: 409). */
    async updateInvoice(caller: PublicApiCaller, meta: RequestMeta, id: string, body: PublicInvoiceBody) {
      return inHitpayTerms(INVOICE_MODEL, id, ['INVOICE_NOT_FOUND'], invoiceField, async () => {
        await invoices.getForApi(caller.business.row.id, id);
        const content = await contentOf(caller, body);
        await assertMailable(caller, body);
        const customerId = await db.transaction(async (tx) => customerOf(tx, caller, meta, body));
        const ctx = actingContext(caller, meta);
        await invoices.update(ctx, id, content(customerId));
        if (body.send_email) await invoices.send(ctx, id);
        return answer(caller, id);
      });
    },

    /** HitPay's delete: the invoice is voided (its timeline and audit stay); a paid or partly paid one cannot be (409). */
    async deleteInvoice(caller: PublicApiCaller, meta: RequestMeta, id: string): Promise<void> {
      await inHitpayTerms(INVOICE_MODEL, id, ['INVOICE_NOT_FOUND'], invoiceField, () => invoices.void(actingContext(caller, meta), id));
    },
  };
}

export type PublicInvoicesApi = ReturnType<typeof createPublicInvoicesApi>;
