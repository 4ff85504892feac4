import { z } from 'zod';
import { AppError, type CursorQuery } from '@merchant/core';
import {
  AdjustStockBodySchema,
  CreateProductBodySchema,
  UpdateProductBodySchema,
  type ProductImport,
  type ProductImportRow,
  type ProductImportRowState,
  type Variant,
} from '@merchant/catalogue';
import type { Executor } from '@/db/client';
import type { BusinessContext } from '@/http/context';
import type { Clock } from '@/lib/clock';
import { newTimeOrderedId } from '@/lib/crypto';
import { csvTable } from '@/lib/csv';
import { cleanFileName, reportFileName } from '@/lib/csv-upload';
import { decodeCursor, pageFrom } from '@/lib/cursor';
import { applyPendingRows, confirmImport, importRowsPage } from '@/lib/import-flow';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import type { JobSender } from '@/modules/platform/jobs/jobs.service';
import { checkAndStoreRows, openProductFile } from './product-imports.file';
import {
  productImportsRepository as repo,
  type ProductImportCounts,
  type ProductImportRecord,
  type ProductImportRowRecord,
} from './product-imports.repository';
import type { CatalogueActor } from './catalogue-actor';
import { assertMayPrice, type ProductsService } from './products.service';
import type { StockService } from './stock.service';

/** The job that applies a confirmed import's rows. */
export const APPLY_PRODUCT_IMPORT_JOB = 'product-imports.apply';
export interface ApplyProductImportJob {
  businessId: string;
  importId: string;
}

/** Report rows per read. */
const RUN_BATCH = 200;
/**
 * Pending rows the job applies in one transaction (each row in its own savepoint): a commit per row made a
 * 10,000-row import wait on 10,000 flushes of the database's log (docs/benchmarks.md, "The catalogue at scale").
 */
const APPLY_BATCH = 50;

const notFound = () => new AppError('PRODUCT_IMPORT_NOT_FOUND', 'Import not found.');

export function presentImport(row: ProductImportRecord, counts: ProductImportCounts): ProductImport {
  const toApply = counts.create + counts.update;
  return {
    id: row.id,
    file_name: row.fileName,
    status: row.status,
    delimiter: row.delimiter,
    columns: row.columns,
    counts: {
      rows: counts.rows,
      create: counts.create,
      update: counts.update,
      refused: counts.rows - toApply,
      done: counts.done,
      failed: counts.failed,
      pending: toApply - counts.done - counts.failed,
    },
    created_at: row.createdAt.toISOString(),
    confirmed_at: row.confirmedAt?.toISOString() ?? null,
    completed_at: row.completedAt?.toISOString() ?? null,
  };
}

function rowState(row: ProductImportRowRecord): ProductImportRowState {
  if (row.doneAt) return 'done';
  if (row.failure) return 'failed';
  return row.action ?? 'refused';
}

function presentRow(row: ProductImportRowRecord): ProductImportRow {
  return {
    row: row.rowNumber,
    state: rowState(row),
    action: row.action,
    sku: row.sku,
    name: row.name,
    problems: row.failure ? [...row.problems, { column: null, message: row.failure }] : row.problems,
    product_id: row.productId,
  };
}

const OUTCOMES: Record<ProductImportRowState, (action: ProductImportRow['action']) => string> = {
  create: () => 'To create',
  update: () => 'To update',
  refused: () => 'Refused',
  failed: () => 'Failed',
  done: (action) => (action === 'create' ? 'Created' : 'Updated'),
};
/** The per-row report: every row, what it did, and why not. */
export const REPORT_CSV = csvTable(['Row', 'SKU', 'Name', 'Outcome', 'Reasons'], ['Row']);
/** The template: the import's columns (and a stock column per active location). */
const TEMPLATE_HEADER = [
  'sku',
  'name',
  'description',
  'price',
  'compare_at_price',
  'cost',
  'barcode',
  'category',
  'active',
  'channels',
  'track_stock',
  'options',
];

/** A variant as a change's body sends it back (kept as it is, by id). */
const variantBody = (v: Variant) => ({
  id: v.id,
  option_values: v.option_values,
  price: v.price.amount,
  compare_at_price: v.compare_at_price?.amount ?? null,
  cost: v.cost?.amount ?? null,
  sku: v.sku,
  barcode: v.barcode,
});

/** Why a row could not be applied, in words for the report. */
function failureOf(error: unknown): string | null {
  if (error instanceof AppError) return error.issues?.[0]?.message ?? error.message;
  if (error instanceof z.ZodError) return error.issues[0]?.message ?? 'The row does not fit the product’s rules';
  return null;
}

/**
 * Products from a CSV upload (docs/catalogue.md, "Bulk: CSV import and export"): the invoice import's flow. The file
 * is read and every row checked and stored; a confirm queues the job that applies each row in its own transaction
 * through the products and stock services (the same rules, log and audit as the screens), at most once per row.
 */
export function createProductImportsService(deps: {
  db: Executor;
  clock: Clock;
  audit: AuditService;
  jobs: JobSender;
  products: ProductsService;
  stock: StockService;
}) {
  const { db, clock, audit } = deps;

  async function summary(record: ProductImportRecord, executor: Executor = db): Promise<ProductImport> {
    return presentImport(record, await repo.counts(executor, record.businessId, record.id));
  }

  async function load(businessId: string, id: string): Promise<ProductImportRecord> {
    const found = await repo.find(db, businessId, id);
    if (!found) throw notFound();
    return found;
  }

  /**
   * Applies one row inside the page's transaction `outer`: the product made or changed, its status and its stock,
   * and the row marked done, in a savepoint of its own; a refused row rolls back to it and its reason is noted.
   */
  async function applyRow(outer: Executor, actor: CatalogueActor, record: ProductImportRecord, rowNumber: number): Promise<void> {
    const { businessId, id: importId } = record;
    try {
      await outer.transaction(async (tx) => {
        const row = await repo.lockRow(tx, businessId, importId, rowNumber);
        if (!row?.plan || !row.action || row.doneAt || row.failure) return;
        const plan = row.plan;
        // The product's id and, for a new one, its variant's (a new product is not read back: the row needs neither).
        let productId: string;
        let newVariantId: string | undefined;
        if (row.action === 'create') {
          const body = CreateProductBodySchema.parse({
            name: plan.name,
            description: plan.description ?? null,
            ...(plan.channels && { channels: plan.channels }),
            category_id: plan.category_id ?? null,
            track_stock: plan.track_stock ?? false,
            variants: [{ price: plan.price, compare_at_price: plan.compare_at_price, cost: plan.cost, sku: plan.sku, barcode: plan.barcode }],
          });
          // The row's savepoint is the unit: the product and the stock open none of their own (two round trips each).
          const made = await deps.products.insert(actor, body, tx, { savepoint: false });
          [productId, newVariantId] = [made.id, made.variantIds[0]];
          if (plan.active === false) await deps.products.archive(actor, productId, tx);
        } else {
          const current = await deps.products.getIn(tx, businessId, row.productId!);
          const variant = current.variants.find((v) => v.id === plan.variant_id);
          if (!variant) throw new AppError('VALIDATION_FAILED', `The variant with the SKU ${row.sku} was removed since the upload`);
          const variantChange = {
            ...(plan.price !== undefined && { price: plan.price }),
            ...(plan.compare_at_price !== undefined && { compare_at_price: plan.compare_at_price }),
            ...(plan.cost !== undefined && { cost: plan.cost }),
            ...(plan.barcode !== undefined && { barcode: plan.barcode }),
          };
          const before = variantBody(variant);
          const changesVariant = Object.entries(variantChange).some(([key, value]) => before[key as keyof typeof before] !== value);
          if (changesVariant && variant.price.currency !== actor.business.row.currency) {
            throw new AppError('VALIDATION_FAILED', `This product is priced in ${variant.price.currency.toUpperCase()}: change its prices on its screen`);
          }
          const change = {
            ...(plan.name !== undefined && plan.name !== current.name && { name: plan.name }),
            ...(plan.description !== undefined && plan.description !== current.description && { description: plan.description }),
            ...(plan.channels && { channels: plan.channels }),
            ...(plan.category_id !== undefined && plan.category_id !== current.category_id && { category_id: plan.category_id }),
            ...(plan.track_stock !== undefined && plan.track_stock !== current.track_stock && { track_stock: plan.track_stock }),
            ...(changesVariant && {
              options: current.options,
              variants: current.variants.map((v) => (v.id === variant.id ? { ...before, ...variantChange } : variantBody(v))),
            }),
          };
          const product = Object.keys(change).length > 0 ? await deps.products.update(actor, current.id, UpdateProductBodySchema.parse(change), tx) : current;
          productId = product.id;
          if (plan.active !== undefined && (plan.active ? 'active' : 'archived') !== product.status) {
            await (plan.active ? deps.products.unarchive : deps.products.archive)(actor, product.id, tx);
          }
        }
        if (plan.stock.length > 0) {
          const variantId = row.action === 'create' ? newVariantId! : plan.variant_id!;
          const lines = plan.stock.map((s) => ({
            variant_id: variantId,
            location_id: s.location_id,
            reason: 'recount',
            quantity: s.on_hand,
            note: `Row ${rowNumber} of ${record.fileName}`.slice(0, 200),
          }));
          await deps.stock.adjust(actor, AdjustStockBodySchema.parse({ lines }), tx, { savepoint: false });
        }
        await repo.updateRow(tx, businessId, importId, rowNumber, { productId, doneAt: clock.now() });
      });
    } catch (error) {
      // A rule refused the row (nothing of it was saved: its savepoint rolled back): say why on the row. Anything
      // else fails the job's attempt (the page's transaction rolls back), and the retry goes on from the rows not yet
      // applied.
      const failure = failureOf(error);
      if (failure === null) throw error;
      await repo.updateRow(outer, businessId, importId, rowNumber, { failure: failure.slice(0, 500) });
    }
  }

  return {
    /** The template: the header row, with a stock column per active location. */
    async template(businessId: string) {
      const locations = [...(await repo.locationsByName(db, businessId)).values()];
      const table = csvTable([...TEMPLATE_HEADER, ...locations.map((l) => `stock: ${l.name}`)]);
      return { filename: 'products-template.csv', body: table.document([]) };
    },

    /** Reads and checks the file as it is read, and stores every row with what it will do or why it is refused. */
    async upload(ctx: BusinessContext, file: { name: string | undefined; bytes: Buffer }): Promise<ProductImport> {
      const business = ctx.business.row;
      const opened = await openProductFile(db, business.id, file.bytes);
      const now = clock.now();
      const id = newTimeOrderedId(now.getTime());
      const fileName = cleanFileName(file.name, 'products.csv');
      await db.transaction(async (tx) => {
        await repo.insert(tx, {
          businessId: business.id,
          id,
          fileName,
          currency: business.currency,
          delimiter: opened.delimiter,
          columns: opened.columns,
          createdByUserId: ctx.user.id,
          createdAt: now,
        });
        const rows = await checkAndStoreRows(tx, { businessId: business.id, importId: id, currency: business.currency }, opened);
        const counts = await repo.counts(tx, business.id, id);
        await audit.record(tx, ctx, {
          action: 'product_import.uploaded',
          description: `Uploaded ${fileName}: ${counts.create} products to add and ${counts.update} to update of ${rows} rows`,
          actorUserId: ctx.user.id,
          businessId: business.id,
          objectType: 'product_import',
          objectId: id,
          meta: { rows, create: counts.create, update: counts.update },
        });
      });
      return summary((await repo.find(db, business.id, id))!);
    },

    async list(businessId: string, query: CursorQuery) {
      const found = await repo.page(db, businessId, query.limit, decodeCursor(query.cursor));
      const page = pageFrom(found, query.limit, (r) => r);
      const counts = await repo.countsOf(
        db,
        businessId,
        page.rows.map((r) => r.id),
      );
      const none = { rows: 0, create: 0, update: 0, done: 0, failed: 0 };
      return { data: page.rows.map((r) => presentImport(r, counts.get(r.id) ?? none)), next_cursor: page.nextCursor };
    },

    get: async (businessId: string, id: string) => summary(await load(businessId, id)),

    async rows(businessId: string, id: string, query: { state?: ProductImportRowState | undefined; cursor?: string | undefined; limit: number }) {
      await load(businessId, id);
      const page = await importRowsPage(
        (where, limit) => repo.rowsPage(db, businessId, id, { ...(query.state ? { state: query.state } : {}), ...where }, limit),
        query.cursor,
        query.limit,
      );
      return { data: page.rows.map(presentRow), next_cursor: page.nextCursor };
    },

    /**
     * Confirms the import once (who and from where are kept: the products change in their name; it sets prices, so it
     * needs `catalogue:pricing`) and queues the job. A second confirm queues it again under the same key.
     */
    async confirm(ctx: BusinessContext, id: string): Promise<ProductImport> {
      assertMayPrice(ctx);
      const businessId = ctx.business.row.id;
      const record = await db.transaction(async (tx) =>
        confirmImport(ctx, clock, {
          current: await repo.find(tx, businessId, id, true),
          notFound,
          queue: () => deps.jobs.send<ApplyProductImportJob>(tx, APPLY_PRODUCT_IMPORT_JOB, { businessId, importId: id }, { singletonKey: id }),
          counts: () => repo.counts(tx, businessId, id),
          toApply: (counts) => counts.create + counts.update,
          nothing: { code: 'PRODUCT_IMPORT_NOTHING_TO_APPLY', message: 'No row of this file can be applied: correct the rows and upload the file again.' },
          save: async (patch, counts, current) => {
            await repo.update(tx, businessId, id, patch);
            await audit.record(tx, ctx, {
              action: 'product_import.confirmed',
              description: `Confirmed the import of ${current.fileName}: ${counts.create} products to add, ${counts.update} to update`,
              actorUserId: ctx.user.id,
              businessId,
              objectType: 'product_import',
              objectId: id,
              meta: { create: counts.create, update: counts.update },
            });
          },
        }),
      );
      return summary(record);
    },

    /** The job: applies every pending row in file order, a page of rows per transaction, then marks the import completed. */
    async run(businessId: string, importId: string): Promise<void> {
      const record = await repo.find(db, businessId, importId);
      if (record?.status !== 'confirmed') return;
      const where = { ip: record.confirmedIp ?? '', userAgent: record.confirmedUserAgent };
      const actor: CatalogueActor | null = record.confirmedByUserId
        ? {
            ...where,
            user: { id: record.confirmedByUserId },
            business: {
              row: { id: businessId, currency: record.currency },
              permissions: ['catalogue:manage', 'catalogue:pricing'],
              // Read once for the run, so a row's audit entries need not read it (audit.service.ts, `AuditSource`).
              role: await audit.roleOf(db, businessId, record.confirmedByUserId),
            },
          }
        : null;
      await applyPendingRows(
        (after, limit) => repo.pendingRows(db, businessId, importId, after, limit),
        (rowNumbers) =>
          db.transaction(async (tx) => {
            for (const rowNumber of rowNumbers) {
              if (actor) await applyRow(tx, actor, record, rowNumber);
              else await repo.updateRow(tx, businessId, importId, rowNumber, { failure: 'The person who confirmed the import has left the business' });
            }
          }),
        APPLY_BATCH,
      );
      await db.transaction(async (tx) => {
        const current = await repo.find(tx, businessId, importId, true);
        if (current?.status !== 'confirmed') return;
        const counts = await repo.counts(tx, businessId, importId);
        await repo.update(tx, businessId, importId, { status: 'completed', completedAt: clock.now() });
        await audit.record(tx, where, {
          action: 'product_import.completed',
          description: `The import of ${current.fileName} added or updated ${counts.done} products${counts.failed ? `; ${counts.failed} rows could not be applied` : ''}`,
          actorUserId: current.confirmedByUserId,
          // The confirming person's role as read for the run (undefined without one: then it is read).
          actorRole: actor?.business.role,
          businessId,
          objectType: 'product_import',
          objectId: importId,
          meta: { done: counts.done, failed: counts.failed },
        });
      });
    },

    /** Every row with its outcome and reasons, as CSV, read in batches while it is sent. */
    async reportCsv(businessId: string, id: string) {
      const record = await load(businessId, id);
      async function* lines(): AsyncGenerator<string> {
        yield REPORT_CSV.head();
        let cursor: string | undefined;
        do {
          const page = await importRowsPage((where, limit) => repo.rowsPage(db, businessId, id, where, limit), cursor, RUN_BATCH);
          yield page.rows
            .map((row) => {
              const shown = presentRow(row);
              const why = shown.problems.map((p) => (p.column ? `${p.column}: ${p.message}` : p.message)).join('; ');
              return REPORT_CSV.line([row.rowNumber, row.sku, row.name, OUTCOMES[shown.state](row.action), why]);
            })
            .join('');
          cursor = page.nextCursor ?? undefined;
        } while (cursor !== undefined);
      }
      return { filename: reportFileName(record.fileName, 'products', 'report'), lines: lines() };
    },
  };
}

export type ProductImportsService = ReturnType<typeof createProductImportsService>;
