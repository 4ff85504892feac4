import { z } from 'zod';
import { csvAnswer, currencyDecimals, CursorQuerySchema, defineEndpoint, pageOf, parseMajorToMinor, text } from '@merchant/core';
import { BusinessParamsSchema } from '@merchant/business';
import { ProductFiltersSchema } from './products';
import { SALES_CHANNELS, type SalesChannel } from './statuses';

/**
 * Products from a CSV upload and the product list as CSV (docs/catalogue.md, "Bulk: CSV import and export"). One row
 * is one variant, matched by its SKU: a SKU the business has updates that variant and its product, a new SKU adds a
 * product of one variant. The export writes the columns the import reads, so a merchant can export, edit and upload.
 * The file is read like the invoice import's (the same upload, decoding and report machinery).
 */

export const MAX_PRODUCT_IMPORT_BYTES = 8 * 1024 * 1024;
export const MAX_PRODUCT_IMPORT_SIZE_LABEL = '8 MB';
export const MAX_PRODUCT_IMPORT_ROWS = 20_000;
/** The product export writes at most this many rows (one per variant), with `X-Export-Truncated` when more matched. */
export const PRODUCT_EXPORT_MAX_ROWS = 100_000;

export const PRODUCT_IMPORT_COLUMNS = [
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
] as const;
export type ProductImportColumn = (typeof PRODUCT_IMPORT_COLUMNS)[number];

/** A stock column's header: `stock: <location name>` (the units on hand there, set as a recount). */
export const STOCK_COLUMN_PREFIX = 'stock: ';

export interface ProductImportColumnInfo {
  column: ProductImportColumn;
  help: string;
  example: string;
  aliases: readonly string[];
}

/** The columns in the template's and the export's order. Only `sku` is required; a blank cell keeps what a product has. */
export const PRODUCT_IMPORT_COLUMN_INFO: readonly ProductImportColumnInfo[] = [
  { column: 'sku', help: 'Required: matches the variant to update; a new SKU adds a product', example: 'BEAN-250', aliases: ['variant sku', 'item sku'] },
  { column: 'name', help: 'Required for a new product', example: 'House blend 250 g', aliases: ['product name', 'title', 'item name'] },
  { column: 'description', help: 'Up to 1000 characters', example: 'Chocolate and hazelnut', aliases: ['body', 'details'] },
  {
    column: 'price',
    help: 'Required for a new product; in the business currency, with a dot for decimals',
    example: '18.50',
    aliases: ['unit price', 'variant price'],
  },
  { column: 'compare_at_price', help: 'Above the price', example: '22.00', aliases: ['compare at price', 'was price', 'compare price'] },
  { column: 'cost', help: 'What one unit costs you', example: '7.20', aliases: ['cost per item', 'unit cost'] },
  { column: 'barcode', help: 'Unique in the business', example: '9555012345678', aliases: ['ean', 'upc', 'gtin'] },
  { column: 'category', help: 'The name of an existing category', example: 'Beans', aliases: ['category name', 'type'] },
  { column: 'active', help: 'yes or no (no archives the product)', example: 'yes', aliases: ['status', 'published'] },
  { column: 'channels', help: 'Where it is sold: payments, pos, online_store, separated by spaces', example: 'pos online_store', aliases: ['sold on'] },
  { column: 'track_stock', help: 'yes or no', example: 'yes', aliases: ['track inventory', 'inventory tracked'] },
  {
    column: 'options',
    help: 'Read only: the variant’s option values (Size: 1 kg / Grind: Whole); products with options are added on their screen',
    example: '',
    aliases: ['variant', 'option values'],
  },
];

/** `Compare-at price` and `compare_at_price` both become `compare at price`. */
export function normaliseImportHeader(header: string): string {
  return header
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const HEADER_LOOKUP = new Map<string, ProductImportColumn>(
  PRODUCT_IMPORT_COLUMN_INFO.flatMap((c) => [
    [normaliseImportHeader(c.column), c.column] as const,
    ...c.aliases.map((a) => [normaliseImportHeader(a), c.column] as const),
  ]),
);

/** How one header of a file was read: one of our columns, a location's stock, or ignored (both null). */
export interface ProductHeaderMatch {
  header: string;
  column: ProductImportColumn | null;
  /** For a `stock: <location>` header: the location's name as written. */
  stock_location: string | null;
}

/** Reads a file's header row; answers the problems that make the whole file unreadable. */
export function matchProductHeaders(headers: readonly string[]): { matches: ProductHeaderMatch[]; problems: string[] } {
  const matches = headers.map((raw): ProductHeaderMatch => {
    const header = raw.trim();
    const stock = /^stock\s*[:@-]\s*(.+)$/i.exec(header);
    if (stock) return { header, column: null, stock_location: stock[1]!.trim() };
    return { header, column: HEADER_LOOKUP.get(normaliseImportHeader(header)) ?? null, stock_location: null };
  });
  const problems: string[] = [];
  for (const info of PRODUCT_IMPORT_COLUMN_INFO) {
    const found = matches.filter((m) => m.column === info.column);
    if (found.length > 1) problems.push(`The columns ${found.map((m) => `"${m.header}"`).join(' and ')} are both read as ${info.column}: keep one.`);
  }
  if (!matches.some((m) => m.column === 'sku')) problems.push('The column sku is missing.');
  const locations = matches.flatMap((m) => (m.stock_location ? [m.stock_location.toLowerCase()] : []));
  locations.forEach((l, i) => {
    if (locations.indexOf(l) !== i) problems.push(`Two columns give the stock at ${l}: keep one.`);
  });
  return { matches, problems };
}

export interface ProductImportProblem {
  /** The column at fault (a stock column by its header); null for the row as a whole. */
  column: string | null;
  message: string;
}

/**
 * A row read and checked on its own (before the catalogue is consulted): every field it sets, undefined where the
 * cell is blank or its column absent (kept as it is on an update).
 */
export interface ReadProductRow {
  sku: string;
  name?: string;
  description?: string;
  price?: number;
  compare_at_price?: number;
  cost?: number;
  barcode?: string;
  category?: string;
  active?: boolean;
  channels?: SalesChannel[];
  track_stock?: boolean;
  /** The option values as written (`Size: 1 kg / Grind: Whole`): only compared, never changed by the import. */
  options?: string;
  /** Units on hand by location name, as the headers write it. */
  stock: { location: string; on_hand: number }[];
}

/** A spreadsheet formula (a cell that would run when the file is opened): never taken as text. */
const FORMULA = /^[\s"]*[=+\-@]/;
const CODE = /^[\x21-\x7e]{1,64}$/;
const YES = new Set(['yes', 'y', 'true', '1', 'active']);
const NO = new Set(['no', 'n', 'false', '0', 'archived', 'inactive']);
const STOCK = /^\d{1,9}$/;

/** The export guards text that would start a formula with a `'` (lib/csv); reading it back drops that `'`. */
const unguard = (value: string) => (/^'[\s"]*[=+\-@|]/.test(value) ? value.slice(1) : value);

function yesNo(value: string): boolean | null {
  const v = value.toLowerCase();
  return YES.has(v) ? true : NO.has(v) ? false : null;
}

/** One row's cells (by column; stock cells by location) into what it sets, or every problem of it. */
export function readProductRow(
  cells: Partial<Record<ProductImportColumn, string>>,
  stockCells: { location: string; header: string; value: string }[],
  currency: string,
): { ok: true; value: ReadProductRow } | { ok: false; problems: ProductImportProblem[] } {
  const problems: ProductImportProblem[] = [];
  const problem = (column: string | null, message: string) => problems.push({ column, message });
  const cell = (column: ProductImportColumn) => unguard((cells[column] ?? '').trim());
  const example = currencyDecimals(currency) === 0 ? '1500' : currencyDecimals(currency) === 3 ? '1.250' : '18.50';

  const row: ReadProductRow = { sku: cell('sku'), stock: [] };
  if (row.sku === '') problem('sku', 'Enter the SKU');
  else if (!CODE.test(row.sku)) problem('sku', 'A SKU has letters, digits and signs, without spaces, at most 64 characters');

  for (const column of ['name', 'description', 'category', 'options'] as const) {
    const value = cell(column);
    if (value === '') continue;
    if (FORMULA.test(value)) problem(column, 'Remove the formula: a cell may not start with =, +, - or @.');
    else row[column] = value;
  }
  if (row.name !== undefined && row.name.length > 120) problem('name', 'Use at most 120 characters');
  if (row.description !== undefined && row.description.length > 1000) problem('description', 'Use at most 1000 characters');

  for (const column of ['price', 'compare_at_price', 'cost'] as const) {
    const value = cell(column);
    if (value === '') continue;
    const minor = parseMajorToMinor(value, currency);
    if (minor === null || minor < 0) {
      problem(column, `Enter an amount such as ${example} (${currencyDecimals(currency)} decimals in ${currency.toUpperCase()}), without the currency sign`);
    } else if (column === 'price' && minor === 0) problem(column, 'Enter a price above 0');
    else row[column] = minor;
  }
  if (row.price !== undefined && row.compare_at_price !== undefined && row.compare_at_price <= row.price) {
    problem('compare_at_price', 'The compare-at price must be above the price');
  }

  const barcode = cell('barcode');
  if (barcode !== '') {
    if (!CODE.test(barcode)) problem('barcode', 'A barcode has letters, digits and signs, without spaces, at most 64 characters');
    else row.barcode = barcode;
  }
  for (const column of ['active', 'track_stock'] as const) {
    const value = cell(column);
    if (value === '') continue;
    const flag = yesNo(value);
    if (flag === null) problem(column, 'Write yes or no');
    else row[column] = flag;
  }
  const channels = cell('channels');
  if (channels !== '') {
    const words = channels
      .toLowerCase()
      .replace(/online store/g, 'online_store')
      .split(/[\s,;|]+/)
      .filter(Boolean);
    const unknown = words.filter((w) => !(SALES_CHANNELS as readonly string[]).includes(w));
    if (unknown.length > 0) problem('channels', `Unknown channel ${unknown[0]}: use payments, pos or online_store`);
    else row.channels = [...new Set(words as SalesChannel[])];
  }
  for (const { location, header, value } of stockCells) {
    const v = value.trim();
    if (v === '') continue;
    if (!STOCK.test(v)) problem(header, 'Enter the units on hand as a whole number, 0 or more');
    else row.stock.push({ location, on_hand: Number(v) });
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value: row };
}

export const PRODUCT_IMPORT_STATUSES = ['validated', 'confirmed', 'completed'] as const;
export type ProductImportStatus = (typeof PRODUCT_IMPORT_STATUSES)[number];
/** What a row does: adds a product, updates one, or nothing (refused, with its reasons). */
export const PRODUCT_IMPORT_ACTIONS = ['create', 'update'] as const;
export type ProductImportAction = (typeof PRODUCT_IMPORT_ACTIONS)[number];
/** A row's state: to create or update (before the confirm), done, refused at upload, or failed when applied. */
export const PRODUCT_IMPORT_ROW_STATES = ['create', 'update', 'refused', 'done', 'failed'] as const;
export type ProductImportRowState = (typeof PRODUCT_IMPORT_ROW_STATES)[number];

export const ProductImportProblemSchema = z.object({ column: z.string().nullable(), message: z.string() });

export const ProductImportSchema = z.object({
  id: z.uuid(),
  file_name: z.string(),
  /** validated: checked, waiting for the confirm; confirmed: being applied; completed: done. */
  status: z.enum(PRODUCT_IMPORT_STATUSES),
  delimiter: z.enum([',', ';', '\t']),
  columns: z.array(z.object({ header: z.string(), column: z.enum(PRODUCT_IMPORT_COLUMNS).nullable(), stock_location: z.string().nullable() })),
  counts: z.object({
    rows: z.number().int(),
    /** Rows that add a product. */
    create: z.number().int(),
    /** Rows that update a product. */
    update: z.number().int(),
    /** Rows refused at upload (their reasons are on the row). */
    refused: z.number().int(),
    done: z.number().int(),
    /** Rows a rule refused when they were applied (nothing of them was saved). */
    failed: z.number().int(),
    /** Rows still to apply. */
    pending: z.number().int(),
  }),
  created_at: z.string(),
  confirmed_at: z.string().nullable(),
  completed_at: z.string().nullable(),
});
export type ProductImport = z.infer<typeof ProductImportSchema>;

export const ProductImportRowSchema = z.object({
  /** The row's number as a spreadsheet shows it (the header is row 1). */
  row: z.number().int(),
  state: z.enum(PRODUCT_IMPORT_ROW_STATES),
  action: z.enum(PRODUCT_IMPORT_ACTIONS).nullable(),
  sku: z.string(),
  name: z.string().nullable(),
  problems: z.array(ProductImportProblemSchema),
  /** The product the row updates or made. */
  product_id: z.uuid().nullable(),
});
export type ProductImportRow = z.infer<typeof ProductImportRowSchema>;

export const ListProductImportRowsQuerySchema = z.object({
  state: z.enum(PRODUCT_IMPORT_ROW_STATES).optional(),
  /** The last row number of the previous page. */
  cursor: text()
    .regex(/^\d{1,7}$/, 'Unknown cursor')
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const ProductImportParamsSchema = BusinessParamsSchema.extend({ import_id: z.uuid() });
const access = { kind: 'business', permission: 'catalogue:manage', standing: 'merchant' } as const;

export const productImportEndpoints = {
  template: defineEndpoint({
    id: 'productImports.template',
    method: 'GET',
    path: '/v1/business/:business_id/product-imports/template',
    summary: 'The CSV template of a product import (text/csv: the header row, with a stock column per active location)',
    access,
    params: BusinessParamsSchema,
    response: csvAnswer(),
  }),
  export: defineEndpoint({
    id: 'productImports.export',
    method: 'GET',
    path: '/v1/business/:business_id/products/export',
    summary:
      'The filtered product list as CSV in the columns the import reads (text/csv, one row per variant, streamed; at most 100,000 rows, X-Export-Truncated when more matched)',
    access,
    params: BusinessParamsSchema,
    query: ProductFiltersSchema,
    response: csvAnswer(),
  }),
  list: defineEndpoint({
    id: 'productImports.list',
    method: 'GET',
    path: '/v1/business/:business_id/product-imports',
    summary: 'Uploaded product files, newest first, with their status and counts (cursor pages)',
    access,
    params: BusinessParamsSchema,
    query: CursorQuerySchema,
    response: pageOf(ProductImportSchema),
  }),
  upload: defineEndpoint({
    id: 'productImports.upload',
    method: 'POST',
    path: '/v1/business/:business_id/product-imports',
    summary:
      'Upload a CSV of products (multipart/form-data, one `file` part, up to 8 MB and 20,000 rows). Every row is checked against the catalogue and kept with what it will do or why it is refused; nothing changes until the import is confirmed',
    access,
    params: BusinessParamsSchema,
    response: ProductImportSchema,
    status: 201,
    errors: ['PRODUCT_IMPORT_FILE_INVALID', 'PRODUCT_IMPORT_FILE_TOO_LARGE', 'PRODUCT_IMPORT_COLUMNS_INVALID', 'PRODUCT_IMPORT_TOO_MANY_ROWS'],
  }),
  get: defineEndpoint({
    id: 'productImports.get',
    method: 'GET',
    path: '/v1/business/:business_id/product-imports/:import_id',
    summary: 'One product import: its status and counts (the screen polls it while rows are applied)',
    access,
    params: ProductImportParamsSchema,
    response: ProductImportSchema,
    errors: ['PRODUCT_IMPORT_NOT_FOUND'],
  }),
  rows: defineEndpoint({
    id: 'productImports.rows',
    method: 'GET',
    path: '/v1/business/:business_id/product-imports/:import_id/rows',
    summary: "An import's rows in file order: what each does, or why it is refused (cursor pages)",
    access,
    params: ProductImportParamsSchema,
    query: ListProductImportRowsQuerySchema,
    response: pageOf(ProductImportRowSchema),
    errors: ['PRODUCT_IMPORT_NOT_FOUND'],
  }),
  confirm: defineEndpoint({
    id: 'productImports.confirm',
    method: 'POST',
    path: '/v1/business/:business_id/product-imports/:import_id/confirm',
    summary:
      'Apply every row that can be, in the background, each in its own transaction (a row that a rule refuses saves nothing). Confirming again changes nothing. Sets prices: needs catalogue:pricing',
    access,
    params: ProductImportParamsSchema,
    response: ProductImportSchema,
    errors: ['PRODUCT_IMPORT_NOT_FOUND', 'PRODUCT_IMPORT_NOTHING_TO_APPLY'],
  }),
  report: defineEndpoint({
    id: 'productImports.report',
    method: 'GET',
    path: '/v1/business/:business_id/product-imports/:import_id/report',
    summary: 'Every row with what it did or why not, as a CSV download (text/csv): the row, the SKU, the outcome and the reasons',
    access,
    params: ProductImportParamsSchema,
    response: csvAnswer(),
    errors: ['PRODUCT_IMPORT_NOT_FOUND'],
  }),
} as const;
