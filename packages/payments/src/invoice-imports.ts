import { z } from 'zod';
import { csvAnswer, CurrencyCodeSchema, CursorQuerySchema, defineEndpoint, pageOf, parseMajorToMinor, text } from '@merchant/core';
import { BusinessParamsSchema } from '@merchant/business';
import { CustomerBodySchema, CustomerEmailSchema } from './customers';
import { InvoiceBodySchema, type InvoiceFields } from './invoices';
import { INVOICE_IMPORT_STATUSES } from './statuses';

/**
 * Invoices from a CSV upload (docs/payments.md, "invoice imports"). One row is one draft invoice with one
 * line: the row is the unit that is checked, reported and created, so a bad row never holds back another.
 * A row is read by the same schema and rules as the invoice form (`InvoiceBodySchema`); the customer is
 * matched by email (or created) when the invoice is made.
 */

/** Upload limits: the file is refused past them before anything is stored. */
export const MAX_IMPORT_BYTES = 1024 * 1024;
export const MAX_IMPORT_SIZE_LABEL = '1 MB';
export const MAX_IMPORT_ROWS = 1000;

export type ImportColumn =
  | 'customer_email'
  | 'customer_name'
  | 'description'
  | 'quantity'
  | 'unit_price'
  | 'currency'
  | 'issue_date'
  | 'due_date'
  | 'discount_percent'
  | 'tax_name'
  | 'tax_percent'
  | 'notes';

export interface ImportColumnInfo {
  column: ImportColumn;
  required: boolean;
  /** What the column holds, as the screen and the template's documentation say it. */
  help: string;
  example: string;
  /** Other headers that mean this column (exports of other systems), compared after `normaliseHeader`. */
  aliases: readonly string[];
}

/** The template's columns, in its order. Headers are matched case-insensitively, in any order. */
export const IMPORT_COLUMNS: readonly ImportColumnInfo[] = [
  {
    column: 'customer_email',
    required: true,
    help: 'The customer is found by this email, or added',
    example: 'ann@example.com',
    aliases: ['email', 'customer email', 'client email', 'billing email', 'e mail'],
  },
  {
    column: 'customer_name',
    required: false,
    help: 'Used when the customer is new',
    example: 'Ann Lee',
    aliases: ['name', 'customer', 'customer name', 'client', 'client name', 'bill to'],
  },
  {
    column: 'description',
    required: true,
    help: 'What the invoice is for (its one line)',
    example: 'Website design',
    aliases: ['item', 'item description', 'line description', 'product', 'service', 'memo'],
  },
  { column: 'quantity', required: false, help: 'Up to three decimals; 1 when blank', example: '2', aliases: ['qty', 'units', 'hours'] },
  {
    column: 'unit_price',
    required: true,
    help: 'In the currency, with a dot for decimals',
    example: '150.00',
    aliases: ['price', 'unit price', 'rate', 'amount', 'unit amount'],
  },
  { column: 'currency', required: false, help: "Three letters; the business's currency when blank", example: 'SGD', aliases: ['currency code', 'ccy'] },
  {
    column: 'issue_date',
    required: false,
    help: 'YYYY-MM-DD; the upload day when blank',
    example: '2026-12-01',
    aliases: ['date', 'invoice date', 'issued', 'issued on'],
  },
  { column: 'due_date', required: true, help: 'YYYY-MM-DD, not before the issue date', example: '2026-12-31', aliases: ['due', 'due on', 'payment due'] },
  { column: 'discount_percent', required: false, help: 'Off the line, up to two decimals', example: '10', aliases: ['discount', 'discount rate'] },
  { column: 'tax_name', required: false, help: 'The name of one tax on the invoice', example: 'GST', aliases: ['tax'] },
  {
    column: 'tax_percent',
    required: false,
    help: 'The tax rate, up to two decimals',
    example: '9',
    aliases: ['tax rate', 'vat rate', 'vat percent', 'gst rate'],
  },
  { column: 'notes', required: false, help: 'Shown on the invoice', example: 'Thank you!', aliases: ['note', 'message', 'comments'] },
];

/** The template's header row. */
export const IMPORT_TEMPLATE_HEADER: readonly ImportColumn[] = IMPORT_COLUMNS.map((c) => c.column);

/** `Customer E-mail`, `customer_email` and `Discount %` become `customer e mail`, `customer email`, `discount percent`. */
export function normaliseHeader(header: string): string {
  return header
    .toLowerCase()
    .replace(/%/g, ' percent ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const HEADER_LOOKUP = new Map<string, ImportColumn>(
  IMPORT_COLUMNS.flatMap((c) => [[normaliseHeader(c.column), c.column] as const, ...c.aliases.map((a) => [normaliseHeader(a), c.column] as const)]),
);

export interface HeaderMatch {
  header: string;
  /** The column it is read as; null when it is not one of ours (ignored). */
  column: ImportColumn | null;
}

/**
 * How a file's header row is read: each header matched to a column by name or alias. Answers the problems
 * that make the whole file unreadable (a required column missing, two headers read as one column).
 */
export function matchHeaders(headers: readonly string[]): { matches: HeaderMatch[]; problems: string[] } {
  const matches = headers.map((header) => ({ header, column: HEADER_LOOKUP.get(normaliseHeader(header)) ?? null }));
  const problems: string[] = [];
  for (const info of IMPORT_COLUMNS) {
    const found = matches.filter((m) => m.column === info.column);
    if (found.length > 1) problems.push(`The columns ${found.map((m) => `"${m.header}"`).join(' and ')} are both read as ${info.column}: keep one.`);
    if (found.length === 0 && info.required) problems.push(`The column ${info.column} is missing.`);
  }
  return { matches, problems };
}

export interface ImportProblem {
  /** The column at fault; null for the row as a whole. */
  column: ImportColumn | null;
  message: string;
}

/** What a valid row becomes: the customer to find or add by email, and the invoice's fields without the customer. */
export interface ImportedInvoice {
  customer: { email: string; name: string | null };
  invoice: Omit<InvoiceFields, 'customer_id'>;
}

/** Stands in for the customer while the row is checked by the invoice schema: the customer is matched by email later. */
const CUSTOMER_STAND_IN = '00000000-0000-4000-8000-000000000000';
const TEXT_COLUMNS: readonly ImportColumn[] = ['customer_email', 'customer_name', 'description', 'tax_name', 'notes'];
/** A spreadsheet formula (a cell that would run when the file is opened): never taken as text. */
const FORMULA = /^[\s"]*[=+\-@]/;
const QUANTITY = /^\d{1,7}(?:\.\d{1,3})?$/;
const PERCENT = /^\d{1,3}(?:\.\d{1,2})?$/;

/** Where an issue of the invoice schema lands in the row. */
function columnOf(path: readonly PropertyKey[]): ImportColumn | null {
  const [head, , field] = path;
  if (head === 'lines') {
    if (field === 'discount_bps') return 'discount_percent';
    if (field === 'description' || field === 'quantity' || field === 'unit_price') return field;
    return 'unit_price';
  }
  if (head === 'taxes') return field === 'name' ? 'tax_name' : 'tax_percent';
  if (head === 'issue_date' || head === 'due_date' || head === 'currency' || head === 'notes') return head;
  return null;
}

/** `'12.5'` -> 1250: a percentage (checked by PERCENT: at most two decimals) in basis points, read digit by digit. */
const percentToBps = (value: string) => {
  const [whole = '0', fraction = ''] = value.split('.');
  return Number(whole + fraction.padEnd(2, '0'));
};

/**
 * Reads one row (its cells by column, blank when absent) into an invoice, or answers every problem of it.
 * `currency` is the business's, `today` the upload day (both fill blank cells).
 */
export function readImportRow(
  cells: Partial<Record<ImportColumn, string>>,
  defaults: { currency: string; today: string },
): { ok: true; value: ImportedInvoice } | { ok: false; problems: ImportProblem[] } {
  const cell = (column: ImportColumn) => (cells[column] ?? '').trim();
  const problems: ImportProblem[] = [];
  const problem = (column: ImportColumn | null, message: string) => problems.push({ column, message });

  for (const column of TEXT_COLUMNS) {
    if (FORMULA.test(cells[column] ?? '')) problem(column, 'Remove the formula: a cell may not start with =, +, - or @.');
  }
  const email = CustomerEmailSchema.safeParse(cell('customer_email'));
  if (!email.success) problem('customer_email', email.error.issues[0]!.message);
  else if (email.data === '') problem('customer_email', 'Enter the customer’s email');
  const name = CustomerBodySchema.shape.name.safeParse(cell('customer_name'));
  if (cell('customer_name') !== '' && !name.success) problem('customer_name', name.error.issues[0]!.message);

  const currency = CurrencyCodeSchema.safeParse(cell('currency') || defaults.currency);
  if (!currency.success) problem('currency', 'Unknown currency: use a three-letter code such as SGD');
  const code = currency.success ? currency.data : defaults.currency;

  const priceCell = cell('unit_price');
  const unitPrice = priceCell === '' ? null : parseMajorToMinor(priceCell, code);
  if (priceCell === '') problem('unit_price', 'Enter the unit price');
  else if (unitPrice === null) problem('unit_price', `Enter a price such as ${code === 'jpy' ? '1500' : '150.00'}, without the currency sign`);

  const quantityCell = cell('quantity') || '1';
  if (!QUANTITY.test(quantityCell)) problem('quantity', 'Enter a quantity such as 1 or 1.5 (up to three decimals)');
  const discountCell = cell('discount_percent') || '0';
  if (!PERCENT.test(discountCell)) problem('discount_percent', 'Enter a percentage such as 10 or 12.5');
  const taxCell = cell('tax_percent');
  if (taxCell !== '' && !PERCENT.test(taxCell)) problem('tax_percent', 'Enter a percentage such as 9 or 12.5');
  if (taxCell === '' && cell('tax_name') !== '') problem('tax_percent', 'Enter the rate of the tax');

  const body = {
    customer_id: CUSTOMER_STAND_IN,
    currency: code,
    issue_date: cell('issue_date') || defaults.today,
    due_date: cell('due_date'),
    lines: [
      {
        description: cell('description'),
        quantity: Number(quantityCell),
        unit_price: unitPrice ?? 0,
        discount_bps: PERCENT.test(discountCell) ? percentToBps(discountCell) : 0,
      },
    ],
    taxes: taxCell !== '' && PERCENT.test(taxCell) ? [{ name: cell('tax_name') || 'Tax', rate_bps: percentToBps(taxCell) }] : [],
    notes: cell('notes'),
  };
  const parsed = InvoiceBodySchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const column = columnOf(issue.path);
      if (!problems.some((p) => p.column === column)) problem(column, issue.message);
    }
  }
  if (problems.length > 0 || !parsed.success || !email.success) return { ok: false, problems };
  const { customer_id: _standIn, ...invoice } = parsed.data;
  return {
    ok: true,
    value: { customer: { email: email.data, name: cell('customer_name') || null }, invoice },
  };
}

export const InvoiceImportStatusSchema = z.enum(INVOICE_IMPORT_STATUSES);
const ImportColumnSchema = z.enum(IMPORT_TEMPLATE_HEADER as [ImportColumn, ...ImportColumn[]]);
export const ImportProblemSchema = z.object({ column: ImportColumnSchema.nullable(), message: z.string() });

export const InvoiceImportSchema = z.object({
  id: z.uuid(),
  file_name: z.string(),
  /** validated: checked, waiting to be confirmed; confirmed: invoices are being created; completed: done. */
  status: InvoiceImportStatusSchema,
  /** The separator the file was read with. */
  delimiter: z.enum([',', ';', '\t']),
  /** Each header of the file and the column it was read as (null: ignored). */
  columns: z.array(z.object({ header: z.string(), column: ImportColumnSchema.nullable() })),
  counts: z.object({
    rows: z.number().int(),
    /** Rows that passed the checks. */
    valid: z.number().int(),
    invalid: z.number().int(),
    created: z.number().int(),
    /** Valid rows that could not be created (the reason is on the row). */
    failed: z.number().int(),
    /** Valid rows not yet created. */
    pending: z.number().int(),
  }),
  created_at: z.string(),
  confirmed_at: z.string().nullable(),
  completed_at: z.string().nullable(),
});
export type InvoiceImport = z.infer<typeof InvoiceImportSchema>;

export const UploadInvoiceImportResponseSchema = z.object({
  import: InvoiceImportSchema,
  /** True when this very file was uploaded before: the answer is that import, nothing new was stored. */
  already_uploaded: z.boolean(),
});

export const INVOICE_IMPORT_ROW_STATES = ['valid', 'invalid', 'created', 'failed'] as const;
export const InvoiceImportRowStateSchema = z.enum(INVOICE_IMPORT_ROW_STATES);
export type InvoiceImportRowState = z.infer<typeof InvoiceImportRowStateSchema>;

export const InvoiceImportRowSchema = z.object({
  /** The row's number as a spreadsheet shows it (the header is row 1). */
  row: z.number().int(),
  state: InvoiceImportRowStateSchema,
  /** The row's cells, by the column they were read as. */
  cells: z.record(z.string(), z.string()),
  problems: z.array(ImportProblemSchema),
  /** What the row makes (valid rows): the invoice's total in minor units, and its currency. */
  total: z.object({ amount: z.number().int(), currency: CurrencyCodeSchema }).nullable(),
  /** The invoice made from the row. */
  invoice: z.object({ id: z.uuid(), number: z.string() }).nullable(),
});
export type InvoiceImportRow = z.infer<typeof InvoiceImportRowSchema>;

export const ListInvoiceImportRowsQuerySchema = z.object({
  state: InvoiceImportRowStateSchema.optional(),
  /** The last row number of the previous page. */
  cursor: text()
    .regex(/^\d{1,7}$/, 'Unknown cursor')
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const InvoiceImportParamsSchema = BusinessParamsSchema.extend({ import_id: z.uuid() });

export const invoiceImportEndpoints = {
  template: defineEndpoint({
    id: 'invoiceImports.template',
    method: 'GET',
    path: '/v1/business/:business_id/invoice-imports/template',
    summary: 'The CSV template of a bulk invoice upload (text/csv: the header row)',
    access: { kind: 'business', permission: 'payments:view', standing: 'merchant' },
    params: BusinessParamsSchema,
    response: csvAnswer(),
  }),
  list: defineEndpoint({
    id: 'invoiceImports.list',
    method: 'GET',
    path: '/v1/business/:business_id/invoice-imports',
    summary: 'Uploaded invoice files, newest first, with their status and counts (cursor pages)',
    access: { kind: 'business', permission: 'payments:view', standing: 'merchant' },
    params: BusinessParamsSchema,
    query: CursorQuerySchema,
    response: pageOf(InvoiceImportSchema),
  }),
  upload: defineEndpoint({
    id: 'invoiceImports.upload',
    method: 'POST',
    path: '/v1/business/:business_id/invoice-imports',
    summary:
      'Upload a CSV of invoices (multipart/form-data, one `file` part, up to 1 MB and 1000 rows; UTF-8, UTF-16 or Windows-1252; comma, semicolon or tab). Every row is checked and kept with its problems; nothing is created until the import is confirmed. The same file uploaded again answers its first import',
    access: { kind: 'business', permission: 'payments:create', standing: 'active' },
    params: BusinessParamsSchema,
    response: UploadInvoiceImportResponseSchema,
    status: 201,
    errors: ['INVOICE_IMPORT_FILE_INVALID', 'INVOICE_IMPORT_FILE_TOO_LARGE', 'INVOICE_IMPORT_COLUMNS_INVALID', 'INVOICE_IMPORT_TOO_MANY_ROWS'],
  }),
  get: defineEndpoint({
    id: 'invoiceImports.get',
    method: 'GET',
    path: '/v1/business/:business_id/invoice-imports/:import_id',
    summary: 'One import: its status and its counts (the screen polls it while invoices are created)',
    access: { kind: 'business', permission: 'payments:view', standing: 'merchant' },
    params: InvoiceImportParamsSchema,
    response: InvoiceImportSchema,
    errors: ['INVOICE_IMPORT_NOT_FOUND'],
  }),
  rows: defineEndpoint({
    id: 'invoiceImports.rows',
    method: 'GET',
    path: '/v1/business/:business_id/invoice-imports/:import_id/rows',
    summary: "An import's rows in file order, with their problems and the invoices made of them (cursor pages)",
    access: { kind: 'business', permission: 'payments:view', standing: 'merchant' },
    params: InvoiceImportParamsSchema,
    query: ListInvoiceImportRowsQuerySchema,
    response: pageOf(InvoiceImportRowSchema),
    errors: ['INVOICE_IMPORT_NOT_FOUND'],
  }),
  confirm: defineEndpoint({
    id: 'invoiceImports.confirm',
    method: 'POST',
    path: '/v1/business/:business_id/invoice-imports/:import_id/confirm',
    summary:
      'Create a draft invoice of every valid row, in the background. Confirming again changes nothing (an import is confirmed once and each row makes at most one invoice)',
    access: { kind: 'business', permission: 'payments:create', standing: 'active' },
    params: InvoiceImportParamsSchema,
    response: InvoiceImportSchema,
    errors: ['INVOICE_IMPORT_NOT_FOUND', 'INVOICE_IMPORT_NOTHING_TO_CREATE'],
  }),
  problems: defineEndpoint({
    id: 'invoiceImports.problems',
    method: 'GET',
    path: '/v1/business/:business_id/invoice-imports/:import_id/problems',
    summary: 'The rows that were refused or could not be created, with why, as a CSV download (text/csv)',
    access: { kind: 'business', permission: 'payments:view', standing: 'merchant' },
    params: InvoiceImportParamsSchema,
    response: csvAnswer(),
    errors: ['INVOICE_IMPORT_NOT_FOUND'],
  }),
} as const;
