import { AppError, type ApiIssue } from '@merchant/core';
import {
  DEFAULT_TAX_SETTINGS,
  checkDiscount,
  checkLocationScope,
  checkSurchargeTaxes,
  type CreateDiscountFields,
  type CreateSurchargeFields,
  type CreateTaxFields,
  type Discount,
  type PricingListQuery,
  type PricingStatus,
  type Surcharge,
  type Tax,
  type TaxSettings,
  type UpdateDiscountFields,
  type UpdateSurchargeFields,
  type UpdateTaxFields,
} from '@merchant/catalogue';
import type { z } from 'zod';
import type { Executor } from '@/db/client';
import type { BusinessContext } from '@/http/context';
import type { Clock } from '@/lib/clock';
import { newTimeOrderedId } from '@/lib/crypto';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import { knownCatalogueIds } from '../products/catalogue-ids.read-model';
import { assertMayPrice } from '../products/products.service';
import { fromLocalDateTime, presentDiscount, presentSurcharge, presentTax, valueBody, valueColumns } from './pricing.presenter';
import { pricingRepository as repo } from './pricing.repository';

/**
 * The catalogue's money settings (docs/catalogue.md, "Built (part 3)"): taxes and the tax settings, discounts and
 * surcharges. Everyone reads them (`catalogue:view`); every change needs `catalogue:manage` (the endpoint) and
 * `catalogue:pricing` (checked here), is checked whole (the ids it names are the business's) and is audited.
 */

const taxNotFound = () => new AppError('TAX_NOT_FOUND', 'Tax not found.');
const discountNotFound = () => new AppError('DISCOUNT_NOT_FOUND', 'Discount not found.');
const surchargeNotFound = () => new AppError('SURCHARGE_NOT_FOUND', 'Surcharge not found.');

/** Runs the contracts' rules across fields on a whole (merged) record: a 422 with every issue, or nothing. */
function checkWhole(...checks: ((ctx: z.RefinementCtx) => void)[]): void {
  const issues: ApiIssue[] = [];
  const ctx = {
    addIssue: (issue: { path?: PropertyKey[]; message?: string }) =>
      issues.push({ path: (issue.path ?? []).map(String).join('.'), message: issue.message ?? '' }),
  };
  for (const check of checks) check(ctx as unknown as z.RefinementCtx);
  if (issues.length > 0) throw new AppError('VALIDATION_FAILED', issues[0]!.message, issues);
}

const filterOf = (query: PricingListQuery) => ({ q: query.q, status: query.status === 'all' ? null : query.status });

export function createPricingSettingsService(deps: { db: Executor; clock: Clock; audit: AuditService }) {
  const { db, clock, audit } = deps;

  const recordIn = (tx: Executor, ctx: BusinessContext, objectType: string, objectId: string, action: string, description: string) =>
    audit.record(tx, ctx, { action, description, actorUserId: ctx.user.id, businessId: ctx.business.row.id, objectType, objectId });

  /** Every id a change names must be one of the business's: a field error on each that is not (`location_ids.2`). */
  async function checkIds(
    tx: Executor,
    businessId: string,
    named: { kind: 'location' | 'product' | 'category' | 'tax'; path: string; ids: readonly string[] | undefined }[],
  ) {
    const issues: ApiIssue[] = [];
    for (const { kind, path, ids } of named) {
      if (!ids || ids.length === 0) continue;
      const known = kind === 'tax' ? await repo.knownTaxIds(tx, businessId, ids) : await knownCatalogueIds(tx, businessId, kind, ids);
      ids.forEach((id, i) => {
        if (!known.has(id)) issues.push({ path: `${path}.${i}`, message: `Choose a ${kind === 'tax' ? 'tax' : kind} of this business` });
      });
    }
    if (issues.length > 0) throw new AppError('VALIDATION_FAILED', issues[0]!.message, issues);
  }

  const business = (ctx: BusinessContext) => ({ currency: ctx.business.row.currency, timeZone: ctx.business.row.timeZone });

  /**
   * Archives or brings back a tax, discount or surcharge: locked, changed only when it differs, audited
   * (`<kind>.archived` / `<kind>.unarchived`), answered as it now is.
   */
  async function setStatus<T>(
    ctx: BusinessContext,
    id: string,
    status: PricingStatus,
    kind: {
      name: 'tax' | 'discount' | 'surcharge';
      find: (tx: Executor, businessId: string, id: string, lock: boolean) => Promise<{ name: string; status: PricingStatus } | null>;
      update: (tx: Executor, businessId: string, id: string, patch: { status: PricingStatus; updatedAt: Date }) => Promise<unknown>;
      notFound: () => AppError;
      present: (tx: Executor, ctx: BusinessContext, id: string) => Promise<T>;
    },
  ): Promise<T> {
    assertMayPrice(ctx);
    const businessId = ctx.business.row.id;
    return db.transaction(async (tx) => {
      const row = await kind.find(tx, businessId, id, true);
      if (!row) throw kind.notFound();
      if (row.status !== status) {
        await kind.update(tx, businessId, id, { status, updatedAt: clock.now() });
        const archived = status === 'archived';
        const action = `${kind.name}.${archived ? 'archived' : 'unarchived'}`;
        await recordIn(tx, ctx, kind.name, id, action, `${archived ? 'Archived' : 'Brought back'} the ${kind.name} “${row.name}”`);
      }
      return kind.present(tx, ctx, id);
    });
  }

  // Taxes ------------------------------------------------------------------------------------------------------

  async function taxIn(executor: Executor, businessId: string, id: string): Promise<Tax> {
    const row = await repo.tax(executor, businessId, id);
    if (!row) throw taxNotFound();
    return presentTax(row);
  }
  const taxKind = {
    name: 'tax' as const,
    find: repo.tax,
    update: repo.updateTax,
    notFound: taxNotFound,
    present: (tx: Executor, ctx: BusinessContext, id: string) => taxIn(tx, ctx.business.row.id, id),
  };

  const taxes = {
    async list(businessId: string, query: PricingListQuery) {
      return { data: (await repo.taxes(db, businessId, filterOf(query))).map(presentTax) };
    },
    get: (businessId: string, id: string) => taxIn(db, businessId, id),

    async create(ctx: BusinessContext, body: CreateTaxFields): Promise<Tax> {
      assertMayPrice(ctx);
      const businessId = ctx.business.row.id;
      const id = newTimeOrderedId(clock.now().getTime());
      return db.transaction(async (tx) => {
        await checkIds(tx, businessId, [
          { kind: 'location', path: 'location_ids', ids: body.all_locations ? [] : body.location_ids },
          { kind: 'product', path: 'product_ids', ids: body.product_ids },
          { kind: 'category', path: 'category_ids', ids: body.category_ids },
        ]);
        const now = clock.now();
        await repo.insertTax(tx, {
          businessId,
          id,
          name: body.name,
          rate: body.rate,
          allLocations: body.all_locations,
          locationIds: body.all_locations ? [] : body.location_ids,
          appliesTo: body.applies_to,
          productIds: body.applies_to === 'selected' ? body.product_ids : [],
          categoryIds: body.applies_to === 'selected' ? body.category_ids : [],
          createdAt: now,
          updatedAt: now,
        });
        await recordIn(tx, ctx, 'tax', id, 'tax.created', `Added the tax “${body.name}” (${body.rate / 100} %)`);
        return taxIn(tx, businessId, id);
      });
    },

    async update(ctx: BusinessContext, id: string, body: UpdateTaxFields): Promise<Tax> {
      assertMayPrice(ctx);
      const businessId = ctx.business.row.id;
      return db.transaction(async (tx) => {
        const row = await repo.tax(tx, businessId, id, true);
        if (!row) throw taxNotFound();
        const merged = {
          all_locations: body.all_locations ?? row.allLocations,
          location_ids: body.location_ids ?? row.locationIds,
          applies_to: body.applies_to ?? row.appliesTo,
          product_ids: body.product_ids ?? row.productIds,
          category_ids: body.category_ids ?? row.categoryIds,
        };
        checkWhole(
          (c) => checkLocationScope(merged, c),
          (c) => {
            if (merged.applies_to === 'selected' && merged.product_ids.length + merged.category_ids.length === 0) {
              c.addIssue({ code: 'custom', path: ['product_ids'], message: 'Choose at least one product or category' });
            }
          },
        );
        await checkIds(tx, businessId, [
          { kind: 'location', path: 'location_ids', ids: body.location_ids },
          { kind: 'product', path: 'product_ids', ids: body.product_ids },
          { kind: 'category', path: 'category_ids', ids: body.category_ids },
        ]);
        await repo.updateTax(tx, businessId, id, {
          ...(body.name !== undefined && { name: body.name }),
          ...(body.rate !== undefined && { rate: body.rate }),
          allLocations: merged.all_locations,
          locationIds: merged.all_locations ? [] : merged.location_ids,
          appliesTo: merged.applies_to,
          productIds: merged.applies_to === 'selected' ? merged.product_ids : [],
          categoryIds: merged.applies_to === 'selected' ? merged.category_ids : [],
          updatedAt: clock.now(),
        });
        const rateChange = body.rate !== undefined && body.rate !== row.rate ? ` (rate ${row.rate / 100} % → ${body.rate / 100} %)` : '';
        await recordIn(tx, ctx, 'tax', id, 'tax.updated', `Edited the tax “${body.name ?? row.name}”${rateChange}`);
        return taxIn(tx, businessId, id);
      });
    },

    archive: (ctx: BusinessContext, id: string) => setStatus(ctx, id, 'archived', taxKind),
    unarchive: (ctx: BusinessContext, id: string) => setStatus(ctx, id, 'active', taxKind),

    async settings(businessId: string): Promise<TaxSettings> {
      const row = await repo.taxSettings(db, businessId);
      return row ? { prices_include_tax: row.pricesIncludeTax, rounding: row.rounding } : DEFAULT_TAX_SETTINGS;
    },

    async saveSettings(ctx: BusinessContext, body: TaxSettings): Promise<TaxSettings> {
      assertMayPrice(ctx);
      const businessId = ctx.business.row.id;
      return db.transaction(async (tx) => {
        await repo.saveTaxSettings(tx, { businessId, pricesIncludeTax: body.prices_include_tax, rounding: body.rounding, updatedAt: clock.now() });
        await recordIn(
          tx,
          ctx,
          'tax_settings',
          businessId,
          'tax.settings_saved',
          `Prices ${body.prices_include_tax ? 'include' : 'exclude'} tax; tax rounds per ${body.rounding}`,
        );
        return body;
      });
    },
  };

  // Discounts --------------------------------------------------------------------------------------------------

  async function discountIn(executor: Executor, ctx: BusinessContext, id: string): Promise<Discount> {
    const row = await repo.discount(executor, ctx.business.row.id, id);
    if (!row) throw discountNotFound();
    return presentDiscount(row, business(ctx));
  }
  const discountKind = { name: 'discount' as const, find: repo.discount, update: repo.updateDiscount, notFound: discountNotFound, present: discountIn };

  /** A discount's columns from its whole (merged) fields; times are read in the business's time zone. */
  function discountColumns(d: CreateDiscountFields, zone: string) {
    return {
      name: d.name,
      ...valueColumns(d.value),
      appliesTo: d.applies_to,
      productIds: d.applies_to === 'items' ? d.product_ids : [],
      categoryIds: d.applies_to === 'items' ? d.category_ids : [],
      minimumSpend: d.minimum_spend,
      channels: d.channels,
      allLocations: d.all_locations,
      locationIds: d.all_locations ? [] : d.location_ids,
      startsAt: d.starts_at ? fromLocalDateTime(d.starts_at, zone) : null,
      endsAt: d.ends_at ? fromLocalDateTime(d.ends_at, zone) : null,
      automatic: d.automatic,
    };
  }

  const discountIdsNamed = (d: Partial<CreateDiscountFields>) => [
    { kind: 'location' as const, path: 'location_ids', ids: d.location_ids },
    { kind: 'product' as const, path: 'product_ids', ids: d.product_ids },
    { kind: 'category' as const, path: 'category_ids', ids: d.category_ids },
  ];

  const discounts = {
    async list(ctx: BusinessContext, query: PricingListQuery) {
      const rows = await repo.discounts(db, ctx.business.row.id, filterOf(query));
      return { data: rows.map((r) => presentDiscount(r, business(ctx))) };
    },
    get: (ctx: BusinessContext, id: string) => discountIn(db, ctx, id),

    async create(ctx: BusinessContext, body: CreateDiscountFields): Promise<Discount> {
      assertMayPrice(ctx);
      const businessId = ctx.business.row.id;
      const id = newTimeOrderedId(clock.now().getTime());
      return db.transaction(async (tx) => {
        await checkIds(tx, businessId, discountIdsNamed({ ...body, location_ids: body.all_locations ? [] : body.location_ids }));
        const now = clock.now();
        await repo.insertDiscount(
          tx,
          { businessId, id, ...discountColumns(body, ctx.business.row.timeZone), createdAt: now, updatedAt: now },
          body.usage_limit,
        );
        await recordIn(tx, ctx, 'discount', id, 'discount.created', `Added the discount “${body.name}”`);
        return discountIn(tx, ctx, id);
      });
    },

    async update(ctx: BusinessContext, id: string, body: UpdateDiscountFields): Promise<Discount> {
      assertMayPrice(ctx);
      const businessId = ctx.business.row.id;
      const zone = ctx.business.row.timeZone;
      return db.transaction(async (tx) => {
        const row = await repo.discount(tx, businessId, id, true);
        if (!row) throw discountNotFound();
        const stored = presentDiscount(row, business(ctx));
        const merged: CreateDiscountFields = {
          name: body.name ?? row.name,
          value: body.value ?? valueBody(row),
          applies_to: body.applies_to ?? row.appliesTo,
          product_ids: body.product_ids ?? row.productIds,
          category_ids: body.category_ids ?? row.categoryIds,
          minimum_spend: body.minimum_spend !== undefined ? body.minimum_spend : row.minimumSpend,
          channels: body.channels ?? row.channels,
          all_locations: body.all_locations ?? row.allLocations,
          location_ids: body.location_ids ?? row.locationIds,
          starts_at: body.starts_at !== undefined ? body.starts_at : stored.starts_at,
          ends_at: body.ends_at !== undefined ? body.ends_at : stored.ends_at,
          automatic: body.automatic ?? row.automatic,
          usage_limit: body.usage_limit !== undefined ? body.usage_limit : row.usageLimit,
        };
        checkWhole(
          (c) => checkLocationScope(merged, c),
          (c) => checkDiscount(merged, c),
        );
        await checkIds(tx, businessId, discountIdsNamed(body));
        if (body.usage_limit !== undefined && !(await repo.setUsageLimit(tx, businessId, id, body.usage_limit))) {
          throw new AppError('VALIDATION_FAILED', `It was already used ${row.used} times`, [
            { path: 'usage_limit', message: `It was already used ${row.used} times: allow at least that many` },
          ]);
        }
        await repo.updateDiscount(tx, businessId, id, { ...discountColumns(merged, zone), updatedAt: clock.now() });
        await recordIn(tx, ctx, 'discount', id, 'discount.updated', `Edited the discount “${merged.name}”`);
        return discountIn(tx, ctx, id);
      });
    },

    archive: (ctx: BusinessContext, id: string) => setStatus(ctx, id, 'archived', discountKind),
    unarchive: (ctx: BusinessContext, id: string) => setStatus(ctx, id, 'active', discountKind),
  };

  // Surcharges -------------------------------------------------------------------------------------------------

  async function surchargeIn(executor: Executor, ctx: BusinessContext, id: string): Promise<Surcharge> {
    const row = await repo.surcharge(executor, ctx.business.row.id, id);
    if (!row) throw surchargeNotFound();
    return presentSurcharge(row, ctx.business.row.currency);
  }
  const surchargeKind = { name: 'surcharge' as const, find: repo.surcharge, update: repo.updateSurcharge, notFound: surchargeNotFound, present: surchargeIn };

  const surchargeColumns = (s: CreateSurchargeFields) => ({
    name: s.name,
    kind: s.kind,
    ...valueColumns(s.value),
    taxable: s.taxable,
    taxIds: s.taxable ? s.tax_ids : [],
    allLocations: s.all_locations,
    locationIds: s.all_locations ? [] : s.location_ids,
  });

  const surcharges = {
    async list(ctx: BusinessContext, query: PricingListQuery) {
      const rows = await repo.surcharges(db, ctx.business.row.id, filterOf(query));
      return { data: rows.map((r) => presentSurcharge(r, ctx.business.row.currency)) };
    },
    get: (ctx: BusinessContext, id: string) => surchargeIn(db, ctx, id),

    async create(ctx: BusinessContext, body: CreateSurchargeFields): Promise<Surcharge> {
      assertMayPrice(ctx);
      const businessId = ctx.business.row.id;
      const id = newTimeOrderedId(clock.now().getTime());
      return db.transaction(async (tx) => {
        await checkIds(tx, businessId, [
          { kind: 'location', path: 'location_ids', ids: body.all_locations ? [] : body.location_ids },
          { kind: 'tax', path: 'tax_ids', ids: body.tax_ids },
        ]);
        const now = clock.now();
        await repo.insertSurcharge(tx, { businessId, id, ...surchargeColumns(body), createdAt: now, updatedAt: now });
        await recordIn(tx, ctx, 'surcharge', id, 'surcharge.created', `Added the surcharge “${body.name}”`);
        return surchargeIn(tx, ctx, id);
      });
    },

    async update(ctx: BusinessContext, id: string, body: UpdateSurchargeFields): Promise<Surcharge> {
      assertMayPrice(ctx);
      const businessId = ctx.business.row.id;
      return db.transaction(async (tx) => {
        const row = await repo.surcharge(tx, businessId, id, true);
        if (!row) throw surchargeNotFound();
        const merged: CreateSurchargeFields = {
          name: body.name ?? row.name,
          kind: body.kind ?? row.kind,
          value: body.value ?? valueBody(row),
          taxable: body.taxable ?? row.taxable,
          // A surcharge no longer taxed drops its taxes unless the change names them.
          tax_ids: body.tax_ids ?? (body.taxable === false ? [] : row.taxIds),
          all_locations: body.all_locations ?? row.allLocations,
          location_ids: body.location_ids ?? row.locationIds,
        };
        checkWhole(
          (c) => checkLocationScope(merged, c),
          (c) => checkSurchargeTaxes(merged, c),
        );
        await checkIds(tx, businessId, [
          { kind: 'location', path: 'location_ids', ids: body.location_ids },
          { kind: 'tax', path: 'tax_ids', ids: body.tax_ids },
        ]);
        await repo.updateSurcharge(tx, businessId, id, { ...surchargeColumns(merged), updatedAt: clock.now() });
        await recordIn(tx, ctx, 'surcharge', id, 'surcharge.updated', `Edited the surcharge “${merged.name}”`);
        return surchargeIn(tx, ctx, id);
      });
    },

    archive: (ctx: BusinessContext, id: string) => setStatus(ctx, id, 'archived', surchargeKind),
    unarchive: (ctx: BusinessContext, id: string) => setStatus(ctx, id, 'active', surchargeKind),
  };

  return { taxes, discounts, surcharges };
}

export type PricingSettingsService = ReturnType<typeof createPricingSettingsService>;
