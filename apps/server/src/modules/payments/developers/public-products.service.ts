import { AppError, parseMajorToMinor, type ApiIssue } from '@merchant/core';
import {
  CreateProductBodySchema,
  UpdateProductBodySchema,
  type Product,
  type PublicCategoryQuery,
  type PublicProductBody,
  type PublicProductQuery,
  type PublicProductUpdate,
  type SalesChannel,
} from '@merchant/catalogue';
import type { RequestMeta } from '@/http/context';
import type { CatalogueService } from '@/modules/catalogue/products/products.module';
import type { PublicApiCaller } from './public-api.service';
import { laravelPage, pageUrl } from './public-pages';
import { presentPublicCategory, presentPublicProduct } from './public-products.presenter';
import { inHitpayNames, invalidField, onModel, writerOf } from './public-resources';

const MODEL = 'App\\Business\\Product';
const CHANNEL: Record<'online_store' | 'pos' | 'invoice', SalesChannel> = { online_store: 'online_store', pos: 'pos', invoice: 'payments' };
const STOCK_NOTE = 'Set through the public API';

type Variation = { price: string; quantity?: number | undefined; quantity_alert_level?: number | undefined } & Partial<
  Record<'variation_value_1' | 'variation_value_2' | 'variation_value_3', string | undefined>
> & { product_variation_weight?: number | undefined; stock_keeping_unit?: string | undefined };

const filled = (value: unknown) =>
  value !== undefined &&
  value !== null &&
  value !== '' &&
  !(Array.isArray(value) && value.length === 0) &&
  !(typeof value === 'object' && Object.keys(value).length === 0);

/** Refuses a value of a field this product does not keep or do (nothing is silently dropped: docs/developers.md). */
function refuse(fields: Record<string, unknown>): void {
  const why: Record<string, string> = {
    headline: 'This account does not keep a product headline.',
    open_amount: 'Products here have a price: an open amount is not available.',
    location_ids: 'Stock is set at the online store location here: location_ids is not available.',
    locations: 'Stock is set at the online store location here: locations is not available.',
    image: 'Images are not uploaded through this API: add them on the dashboard.',
    images: 'Images are not uploaded through this API: add them on the dashboard.',
    inventory: 'The inventory filter is not available.',
  };
  for (const [field, value] of Object.entries(fields)) {
    if (field === 'open_amount' ? value === true : filled(value)) throw invalidField(field, why[field] ?? 'This field is not available.');
  }
}

/** Our 422 paths as HitPay names them. */
function renamed(issues: ApiIssue[], variationsField: string | null): ApiIssue[] {
  return issues.map((i) => {
    let path = i.path;
    if (variationsField)
      path = path
        .replace(/^variants\.(\d+)\.price/, `${variationsField}.$1.price`)
        .replace(/^variants\.(\d+)\.sku/, `${variationsField}.$1.stock_keeping_unit`);
    else
      path = path
        .replace(/^variants\.0\.price/, 'price')
        .replace(/^variants\.0\.sku/, 'stock_keeping_unit')
        .replace(/^variants\.0\.barcode/, 'barcode');
    path = path
      .replace(/^variants\.(\d+)\.option_values/, `${variationsField ?? 'variations'}.$1.variation_value_1`)
      .replace(/^options\.(\d+)\.name/, 'variation_key_$1');
    return { ...i, path: path.replace(/^category_id$/, 'category_ids') };
  });
}

/** HitPay's products and categories over the one catalogue, as the key's maker (docs/developers.md). */
export function createPublicProductsApi(deps: {
  catalogue: Pick<CatalogueService, 'products' | 'categories' | 'stock' | 'locations'>;
  config: { publicUrl: string; baseDomain: string };
}) {
  const { products, categories, stock, locations } = deps.catalogue;
  const protocol = new URL(deps.config.publicUrl).protocol;
  const placeOf = (caller: PublicApiCaller) => ({
    businessId: caller.business.row.id,
    storeOrigin: `${protocol}//${caller.business.row.identifier}.shop.${deps.config.baseDomain}`,
  });
  const present = (caller: PublicApiCaller, product: Product) => presentPublicProduct(product, placeOf(caller));
  const one = <T>(id: string, work: () => Promise<T>) => onModel(MODEL, id, 'PRODUCT_NOT_FOUND', work);

  function minorOf(caller: PublicApiCaller, price: string, field: string): number {
    const currency = caller.business.row.currency;
    const amount = parseMajorToMinor(price, currency);
    if (amount === null || amount <= 0) throw invalidField(field, `The price must be above 0 with the decimals of ${currency.toUpperCase()}.`);
    return amount;
  }

  function checkCommon(caller: PublicApiCaller, body: { currency?: string | undefined; category_ids?: string[] | undefined }) {
    const currency = caller.business.row.currency;
    if (body.currency && body.currency.toLowerCase() !== currency.toLowerCase()) {
      throw invalidField('currency', `Products are priced in the account's currency, ${currency.toUpperCase()}.`);
    }
    if (body.category_ids && body.category_ids.length > 1) throw invalidField('category_ids', 'A product is in one category here.');
  }

  /** The location stock is counted at: the online store's, else the first active one; none is a 422 on `field`. */
  async function stockLocation(caller: PublicApiCaller, field: string): Promise<string> {
    const businessId = caller.business.row.id;
    const chosen = (await locations.settings(businessId)).online_store_location_id;
    if (chosen) return chosen;
    const first = (await locations.list(businessId, { status: 'active', limit: 1 })).data[0];
    if (!first) throw invalidField(field, 'Add a location on the dashboard before setting stock.');
    return first.id;
  }

  /** Sets counted stock and alert levels of the product's variants (recounts, audited and in the product log). */
  async function setStock(
    caller: PublicApiCaller,
    meta: RequestMeta,
    lines: { variantId: string; quantity?: number | undefined; alert?: number | undefined }[],
    locationId: string,
  ) {
    const actor = writerOf(caller, meta);
    const counted = lines.flatMap((l) => (l.quantity === undefined ? [] : [l]));
    if (counted.length > 0) {
      await stock.adjust(actor, {
        lines: counted.map((l) => ({ variant_id: l.variantId, location_id: locationId, reason: 'recount' as const, quantity: l.quantity!, note: STOCK_NOTE })),
      });
    }
    const alerts = lines.flatMap((l) => (l.alert === undefined ? [] : [l]));
    if (alerts.length > 0) {
      await stock.setThresholds(
        actor,
        alerts.map((l) => ({ variant_id: l.variantId, location_id: locationId, low_stock_threshold: l.alert! })),
      );
    }
  }

  const wantsStock = (quantity: number | undefined, alert: number | undefined, variations: Variation[] = []) =>
    quantity !== undefined || alert !== undefined || variations.some((v) => v.quantity !== undefined || v.quantity_alert_level !== undefined);

  /** Options from the variations' values (`variation_key_n` names them, else "Option n"). */
  function optionsOf(body: PublicProductBody, variations: Variation[]) {
    const keys = [body.variation_key_1, body.variation_key_2, body.variation_key_3];
    const valueOf = (v: Variation, j: number) => v[`variation_value_${j + 1}` as 'variation_value_1'];
    const used = [0, 1, 2].filter((j) => variations.some((v) => valueOf(v, j)));
    const count = used.length === 0 ? 0 : Math.max(...used) + 1;
    const options = Array.from({ length: count }, (_, j) => ({
      name: keys[j] ?? `Option ${j + 1}`,
      values: [...new Set(variations.flatMap((v) => (valueOf(v, j) ? [valueOf(v, j)!] : [])))],
    }));
    const values = variations.map((v, i) =>
      Array.from({ length: count }, (_, j) => {
        const value = valueOf(v, j);
        if (!value) throw invalidField(`variations.${i}.variation_value_${j + 1}`, `The variation value ${j + 1} field is required.`);
        return value;
      }),
    );
    return { options, values };
  }

  return {
    async listProducts(caller: PublicApiCaller, path: string, query: PublicProductQuery) {
      refuse({ inventory: query.inventory, location_ids: query.location_ids });
      if ((query.categories?.length ?? 0) > 1) throw invalidField('categories', 'Filter by one category at a time.');
      if ((query.channels?.length ?? 0) > 1) throw invalidField('channels', 'Filter by one channel at a time.');
      const statuses = new Set(query.statuses ?? []);
      const status = statuses.size === 1 ? (statuses.has('draft') ? 'archived' : 'active') : 'all';
      // No product here comes from Shopify or WooCommerce.
      const page: { data: Product[]; next_cursor: string | null } = query.source?.length
        ? { data: [], next_cursor: null }
        : await products.list(caller.business.row.id, {
            q: query.keywords?.join(' ') || undefined,
            status,
            category: query.categories?.[0],
            channel: query.channels?.[0] ? CHANNEL[query.channels[0]] : undefined,
            sort: 'newest',
            limit: query.per_page,
            cursor: query.cursor,
          });
      const next = page.next_cursor ? `${path}?${new URLSearchParams({ per_page: String(query.per_page), cursor: page.next_cursor }).toString()}` : null;
      return {
        data: page.data.map((p) => present(caller, p)),
        links: { prev: null, next },
        meta: { path, per_page: query.per_page, next_cursor: page.next_cursor },
      };
    },

    getProduct: (caller: PublicApiCaller, id: string) => one(id, async () => present(caller, await products.get(caller.business.row.id, id))),

    async createProduct(caller: PublicApiCaller, meta: RequestMeta, body: PublicProductBody) {
      refuse({ headline: body.headline, open_amount: body.open_amount, location_ids: body.location_ids, locations: body.locations, image: body.image });
      body.variations?.forEach((v, i) => refuse({ [`variations.${i}.image`]: v.image }));
      checkCommon(caller, body);
      const trackStock = body.is_manageable ?? true;
      const variations = body.variations ?? [];
      const stocked = wantsStock(body.quantity, body.quantity_alert_level, variations);
      if (stocked && !trackStock) throw invalidField('is_manageable', 'Stock is counted only when is_manageable is 1.');
      const locationId = stocked ? await stockLocation(caller, variations.length > 0 ? 'variations' : 'quantity') : null;
      const { options, values } = optionsOf(body, variations);
      const variants =
        variations.length > 0
          ? variations.map((v, i) => ({
              option_values: values[i]!,
              price: minorOf(caller, v.price, `variations.${i}.price`),
              sku: v.stock_keeping_unit ?? null,
              weight_grams: v.product_variation_weight || null,
            }))
          : [
              {
                option_values: [],
                price: minorOf(caller, body.price, 'price'),
                sku: body.stock_keeping_unit ?? null,
                barcode: body.barcode ?? null,
                weight_grams: body.product_weight || null,
              },
            ];
      const parsed = CreateProductBodySchema.safeParse({
        name: body.name,
        description: body.description ?? null,
        channels: body.channels ? [...new Set(body.channels.map((c) => CHANNEL[c]))] : undefined,
        category_id: body.category_ids?.[0] ?? null,
        track_stock: trackStock,
        options,
        variants,
      });
      const variationsField = variations.length > 0 ? 'variations' : null;
      if (!parsed.success) {
        const issues = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
        throw new AppError('VALIDATION_FAILED', 'The given data was invalid.', renamed(issues, variationsField));
      }
      const actor = writerOf(caller, meta);
      const made = await inHitpayNames({ category_id: 'category_ids' }, () => products.create(actor, parsed.data));
      if (locationId) {
        const lines =
          variations.length > 0
            ? made.variants.map((v, i) => ({ variantId: v.id, quantity: variations[i]!.quantity, alert: variations[i]!.quantity_alert_level }))
            : [{ variantId: made.variants[0]!.id, quantity: body.quantity, alert: body.quantity_alert_level }];
        await setStock(caller, meta, lines, locationId);
      }
      if (body.publish === false) await products.archive(actor, made.id);
      return present(caller, await products.get(caller.business.row.id, made.id));
    },

    updateProduct: (caller: PublicApiCaller, meta: RequestMeta, id: string, body: PublicProductUpdate) =>
      one(id, async () => {
        const businessId = caller.business.row.id;
        const current = await products.get(businessId, id);
        refuse({ headline: body.headline, images: body.images });
        checkCommon(caller, body);
        const changes = body.existing_variation ?? [];
        changes.forEach((c, i) => {
          if (!current.variants.some((v) => v.id === c.id)) throw invalidField(`existing_variation.${i}.id`, 'The id must be a variation of the product.');
        });
        const trackStock = body.is_manageable ?? current.track_stock;
        const stocked = wantsStock(body.quantity, body.quantity_alert_level, changes);
        if (stocked && !trackStock) throw invalidField('is_manageable', 'Stock is counted only when is_manageable is 1.');
        const locationId = stocked ? await stockLocation(caller, changes.length > 0 ? 'existing_variation' : 'quantity') : null;
        const single = current.options.length === 0;
        const variants = current.variants.map((v) => {
          const change = changes.find((c) => c.id === v.id);
          const index = changes.indexOf(change!);
          const values = change ? v.option_values.map((was, j) => change[`variation_value_${j + 1}` as 'variation_value_1'] ?? was) : v.option_values;
          return {
            id: v.id,
            option_values: values,
            price: single ? minorOf(caller, body.price, 'price') : change ? minorOf(caller, change.price, `existing_variation.${index}.price`) : v.price.amount,
            compare_at_price: v.compare_at_price?.amount ?? null,
            cost: v.cost?.amount ?? null,
            sku: change?.stock_keeping_unit ?? v.sku,
            barcode: v.barcode,
            weight_grams: (single ? body.product_weight : change?.product_variation_weight) || v.weight_grams,
          };
        });
        // An option's values are those its variants have after the change.
        const options = current.options.map((o, j) => ({ name: o.name, values: [...new Set(variants.map((v) => v.option_values[j]!))] }));
        const parsed = UpdateProductBodySchema.safeParse({
          name: body.name,
          ...(body.description !== undefined && { description: body.description }),
          ...(body.category_ids !== undefined && { category_id: body.category_ids[0] ?? null }),
          track_stock: trackStock,
          options,
          variants,
        });
        if (!parsed.success) {
          const issues = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
          throw new AppError('VALIDATION_FAILED', 'The given data was invalid.', renamed(issues, single ? null : 'existing_variation'));
        }
        const actor = writerOf(caller, meta);
        await inHitpayNames({ category_id: 'category_ids' }, () => products.update(actor, id, parsed.data));
        if (locationId) {
          const lines = single
            ? [{ variantId: current.variants[0]!.id, quantity: body.quantity, alert: body.quantity_alert_level }]
            : changes.map((c) => ({ variantId: c.id, quantity: c.quantity, alert: c.quantity_alert_level }));
          await setStock(caller, meta, lines, locationId);
        }
        if (body.publish !== undefined && body.publish !== (current.status === 'active')) {
          await (body.publish ? products.unarchive(actor, id) : products.archive(actor, id));
        }
        return present(caller, await products.get(businessId, id));
      }),

    /** HitPay deletes; a product here is archived, never deleted (its sales keep pointing at it): it reads as a draft. */
    deleteProduct: (caller: PublicApiCaller, meta: RequestMeta, id: string) =>
      one(id, async () => {
        await products.archive(writerOf(caller, meta), id);
      }),

    /** Laravel's length-aware page of the categories, in the merchant's order; `keywords` searches their names. */
    async listCategories(caller: PublicApiCaller, path: string, query: PublicCategoryQuery) {
      // The page links keep the list's other parameters: `perPage` when it is not the default 20, and `keywords`.
      const kept = { ...(query.perPage !== 20 && { perPage: String(query.perPage) }), ...(query.keywords && { keywords: query.keywords }) };
      const at = { page: query.page, perPage: query.perPage, path, url: pageUrl(path, kept), pager: 'window', typed: true, nextOmittedOnLast: true } as const;
      // Categories here are flat and always active: a parent's subcategories, or the inactive ones, are none.
      if (query.parent_id || query.active === 'false' || query.active === '0') return laravelPage([], { ...at, total: 0 });
      const { data, total } = await categories.pageForApi(caller.business.row.id, query.keywords, query.page, query.perPage);
      return laravelPage(data.map(presentPublicCategory), { ...at, total });
    },
  };
}
