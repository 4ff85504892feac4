import { AppError, fieldError } from '@merchant/core';
import {
  MAX_PRODUCT_IMPORT_ROWS,
  matchProductHeaders,
  readProductRow,
  type ProductHeaderMatch,
  type ProductImportAction,
  type ProductImportColumn,
  type ProductImportProblem,
} from '@merchant/catalogue';
import type { Executor } from '@/db/client';
import type { ProductImportPlan } from '@/db/schema';
import { csvRecords } from '@/lib/csv';
import { blankRecord, decodeCsv, detectDelimiter, type Delimiter } from '@/lib/csv-upload';
import { productImportsRepository as repo, type NewProductImportRow } from './product-imports.repository';

/** Rows checked against the catalogue, and stored, per statement. */
const CHECK_BATCH = 500;

const notCsv = (message: string) => fieldError('PRODUCT_IMPORT_FILE_INVALID', 'file', message);
const columnsInvalid = (problems: string[]) =>
  new AppError(
    'PRODUCT_IMPORT_COLUMNS_INVALID',
    `The columns do not fit: ${problems.join(' ')}`,
    problems.map((message) => ({ path: 'file', message })),
  );

/** A file's header, read: its separator, the columns, and the records still to read (a generator over the text). */
export interface OpenedFile {
  delimiter: Delimiter;
  columns: ProductHeaderMatch[];
  /** The stock columns with the location each names. */
  stockColumns: { index: number; header: string; locationId: string }[];
  /** The records after the header, each with its row number, read one at a time. */
  records: Generator<{ rowNumber: number; record: string[] }>;
}

/**
 * Opens an uploaded CSV of products: decodes it, reads its header and matches the stock columns to active locations.
 * Refuses (422 on `file`) what cannot be read as a whole. The rows are not read yet.
 */
export async function openProductFile(db: Executor, businessId: string, bytes: Buffer): Promise<OpenedFile> {
  const text = decodeCsv(bytes, 'PRODUCT_IMPORT_FILE_INVALID');
  const delimiter = detectDelimiter(text);
  const all = csvRecords(text, delimiter);
  let rowNumber = 0;
  let header: string[] | undefined;
  // Read with next(), not for...of: a `break` out of for...of would close the generator before the rows.
  for (let next = all.next(); !next.done; next = all.next()) {
    rowNumber++;
    if (!blankRecord(next.value)) {
      header = next.value;
      break;
    }
  }
  if (!header) throw notCsv('The file is empty. Download the template, add a row per product and upload it.');
  const { matches, problems } = matchProductHeaders(header);
  if (problems.length > 0) throw columnsInvalid(problems);
  const locations = await repo.locationsByName(db, businessId);
  const stockColumns: OpenedFile['stockColumns'] = [];
  const unknown: string[] = [];
  matches.forEach((m, index) => {
    if (!m.stock_location) return;
    const location = locations.get(m.stock_location.toLowerCase());
    if (location) stockColumns.push({ index, header: m.header, locationId: location.id });
    else unknown.push(`No active location is named “${m.stock_location}” (the column “${m.header}”).`);
  });
  if (unknown.length > 0) throw columnsInvalid(unknown);
  function* records(): OpenedFile['records'] {
    for (const record of all) {
      rowNumber++;
      if (!blankRecord(record)) yield { rowNumber, record };
    }
  }
  return { delimiter, columns: matches, stockColumns, records: records() };
}

/**
 * Checks every row of an opened file against the catalogue and stores it with what it will do or why it is refused,
 * `CHECK_BATCH` rows at a time (one lookup of the batch's SKUs and barcodes, one insert): only the file's text, the
 * batch and the codes seen so far are held, whatever the file's length. Answers how many rows were stored.
 */
export async function checkAndStoreRows(tx: Executor, target: { businessId: string; importId: string; currency: string }, file: OpenedFile): Promise<number> {
  const { businessId, importId, currency } = target;
  const categories = await repo.categoriesByName(tx, businessId);
  const skusSeen = new Map<string, number>();
  const barcodesSeen = new Map<string, number>();
  let stored = 0;
  let batch: { rowNumber: number; record: string[] }[] = [];

  async function flush(): Promise<void> {
    const read = batch.map(({ rowNumber, record }) => {
      const cells: Partial<Record<ProductImportColumn, string>> = {};
      file.columns.forEach((m, index) => {
        if (m.column) cells[m.column] = record[index] ?? '';
      });
      const stockCells = file.stockColumns.map((s) => ({ location: s.locationId, header: s.header, value: record[s.index] ?? '' }));
      return { rowNumber, sku: (cells.sku ?? '').trim(), name: (cells.name ?? '').trim() || null, result: readProductRow(cells, stockCells, currency) };
    });
    const ok = read.flatMap((r) => (r.result.ok ? [r.result.value] : []));
    const known = await repo.variantsByCode(
      tx,
      businessId,
      ok.map((r) => r.sku),
      ok.flatMap((r) => (r.barcode ? [r.barcode] : [])),
    );
    const rows: NewProductImportRow[] = read.map(({ rowNumber, sku, name, result }) => {
      const base = { businessId, importId, rowNumber, sku: sku.slice(0, 200), name: name?.slice(0, 200) ?? null };
      if (!result.ok) return { ...base, problems: result.problems };
      const row = result.value;
      const problems: ProductImportProblem[] = [];
      const problem = (column: string | null, message: string) => problems.push({ column, message });
      const lowerSku = row.sku.toLowerCase();
      const firstSku = skusSeen.get(lowerSku);
      if (firstSku !== undefined) problem('sku', `Row ${firstSku} has the SKU ${row.sku}: each SKU once`);
      else skusSeen.set(lowerSku, rowNumber);
      if (row.barcode) {
        const firstBarcode = barcodesSeen.get(row.barcode);
        if (firstBarcode !== undefined) problem('barcode', `Row ${firstBarcode} has the barcode ${row.barcode}: each barcode once`);
        else barcodesSeen.set(row.barcode, rowNumber);
      }
      const matched = known.find((v) => v.sku?.toLowerCase() === lowerSku);
      const holder = row.barcode ? known.find((v) => v.barcode === row.barcode) : undefined;
      if (holder && holder.variantId !== matched?.variantId) problem('barcode', `The barcode ${row.barcode} is already used by another product`);
      const categoryId = row.category === undefined ? undefined : categories.get(row.category.toLowerCase());
      if (row.category !== undefined && !categoryId) problem('category', `No category is named “${row.category}”: add it first, or leave the cell blank`);
      const action: ProductImportAction = matched ? 'update' : 'create';
      if (action === 'create') {
        if (row.name === undefined) problem('name', 'Enter the name of the new product');
        if (row.price === undefined) problem('price', 'Enter the price of the new product');
        if (row.options !== undefined) problem('options', 'Products with options are added on the product screen; the import updates their variants by SKU');
      }
      if (row.stock.length > 0 && !(row.track_stock ?? matched?.trackStock ?? false)) {
        problem('track_stock', 'Stock is counted only for products that track it: write yes in track_stock');
      }
      if (problems.length > 0) return { ...base, problems };
      const { category: _name, stock, ...fields } = row;
      const plan: ProductImportPlan = {
        ...fields,
        ...(categoryId && { category_id: categoryId }),
        ...(matched && { variant_id: matched.variantId }),
        stock: stock.map((s) => ({ location_id: s.location, on_hand: s.on_hand })),
      };
      return { ...base, problems, action, plan, productId: matched?.productId ?? null };
    });
    await repo.insertRows(tx, rows);
    stored += rows.length;
    batch = [];
  }

  for (const entry of file.records) {
    if (stored + batch.length === MAX_PRODUCT_IMPORT_ROWS) {
      throw fieldError(
        'PRODUCT_IMPORT_TOO_MANY_ROWS',
        'file',
        `The file has more than ${MAX_PRODUCT_IMPORT_ROWS.toLocaleString('en')} rows: split it into several files.`,
      );
    }
    batch.push(entry);
    if (batch.length === CHECK_BATCH) await flush();
  }
  if (batch.length > 0) await flush();
  if (stored === 0) throw notCsv('The file has a header but no rows: add a row per product.');
  return stored;
}
