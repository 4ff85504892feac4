import { z } from 'zod';
import { CalendarDateSchema, CurrencyCodeSchema, csvAnswer, defineEndpoint, text } from '@merchant/core';
import { BusinessParamsSchema } from '@merchant/business';

/**
 * Accounting connections (docs/developers.md, "Accounting connections"): Xero or QuickBooks, connected through a
 * provider (a test-mode one here: no network), an account mapping from the tool's chart of accounts, and a daily
 * journal per currency built from the ledger (sales, processing fees, refunds, payouts), posted once per connection,
 * day and currency. The same journals download as the manual-journal CSV files each tool imports.
 * Who: `developers:view`, as the other developers screens.
 */
export const ACCOUNTING_TOOLS = ['xero', 'quickbooks'] as const;
export type AccountingTool = (typeof ACCOUNTING_TOOLS)[number];
export const ACCOUNTING_TOOL_LABELS: Record<AccountingTool, string> = { xero: 'Xero', quickbooks: 'QuickBooks' };

/** The five accounts a journal posts to, in the order the mapping form asks them. */
export const MAPPING_FIELDS = ['sales_account', 'fees_account', 'refunds_account', 'clearing_account', 'bank_account'] as const;
export type MappingField = (typeof MAPPING_FIELDS)[number];
export const MAPPING_FIELD_LABELS: Record<MappingField, string> = {
  sales_account: 'Sales',
  fees_account: 'Processing fees',
  refunds_account: 'Refunds',
  clearing_account: 'Clearing (the balance held here)',
  bank_account: 'Bank (where payouts arrive)',
};

export const CONNECTION_STATUSES = ['connected', 'not_connected'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

export const JOURNAL_STATUSES = ['posted', 'failed'] as const;
export type JournalStatus = (typeof JOURNAL_STATUSES)[number];
export const JOURNAL_STATUS_LABELS: Record<JournalStatus, string> = { posted: 'Posted', failed: 'Failed' };

export const ChartAccountSchema = z.object({
  code: z.string(),
  name: z.string(),
  type: z.enum(['revenue', 'expense', 'asset', 'liability']),
});
export type ChartAccount = z.infer<typeof ChartAccountSchema>;

const code = () => text().trim().min(1, 'Choose an account').max(40, 'Use at most 40 characters');

export const AccountMappingSchema = z.object({
  sales_account: z.string(),
  fees_account: z.string(),
  refunds_account: z.string(),
  clearing_account: z.string(),
  bank_account: z.string(),
});
export type AccountMapping = z.infer<typeof AccountMappingSchema>;

/** Each field a code of the tool's chart (checked by the server, on its field); clearing and bank must differ. */
export const SaveMappingBodySchema = z
  .object({
    sales_account: code(),
    fees_account: code(),
    refunds_account: code(),
    clearing_account: code(),
    bank_account: code(),
  })
  .superRefine((m, ctx) => {
    if (m.clearing_account === m.bank_account)
      ctx.addIssue({ code: 'custom', path: ['bank_account'], message: 'Choose a bank account other than the clearing account' });
  });
export type SaveMappingBody = z.input<typeof SaveMappingBodySchema>;

/** The day's figures from the ledger, minor units, each zero or more. */
export const JournalTotalsSchema = z.object({ sales: z.number().int(), fees: z.number().int(), refunds: z.number().int(), payouts: z.number().int() });
export type JournalTotals = z.infer<typeof JournalTotalsSchema>;

export const JournalLineSchema = z.object({
  account_code: z.string(),
  description: z.string(),
  /** Minor units; one of debit and credit is zero. */
  debit: z.number().int(),
  credit: z.number().int(),
});
export type JournalLine = z.infer<typeof JournalLineSchema>;

export const JournalSchema = z.object({
  id: z.uuid(),
  /** The business's calendar day the journal covers. */
  day: z.string(),
  currency: CurrencyCodeSchema,
  status: z.enum(JOURNAL_STATUSES),
  totals: JournalTotalsSchema,
  lines: z.array(JournalLineSchema),
  /** The tool's id of the posted journal. */
  external_id: z.string().nullable(),
  error: z.string().nullable(),
  posted_at: z.string().nullable(),
});
export type Journal = z.infer<typeof JournalSchema>;

export const ConnectionSummarySchema = z.object({
  tool: z.enum(ACCOUNTING_TOOLS),
  label: z.string(),
  status: z.enum(CONNECTION_STATUSES),
  organisation: z.string().nullable(),
  connected_at: z.string().nullable(),
  mapped: z.boolean(),
  last_journal_day: z.string().nullable(),
});
export type ConnectionSummary = z.infer<typeof ConnectionSummarySchema>;

export const ConnectionDetailSchema = ConnectionSummarySchema.extend({
  /** The tool's chart of accounts (empty while not connected). */
  chart: z.array(ChartAccountSchema),
  mapping: AccountMappingSchema.nullable(),
  /** The newest journals first (at most 60). */
  journals: z.array(JournalSchema),
});
export type ConnectionDetail = z.infer<typeof ConnectionDetailSchema>;

export const ConnectionParamsSchema = BusinessParamsSchema.extend({ tool: z.enum(ACCOUNTING_TOOLS, { error: 'Unknown accounting tool' }) });

export const SyncDayBodySchema = z.object({ day: CalendarDateSchema });
export type SyncDayBody = z.input<typeof SyncDayBodySchema>;

export const JOURNAL_CSV_FORMATS = ['xero', 'quickbooks'] as const;
export type JournalCsvFormat = (typeof JOURNAL_CSV_FORMATS)[number];

export const JournalExportQuerySchema = z
  .object({ from: CalendarDateSchema, to: CalendarDateSchema, format: z.enum(JOURNAL_CSV_FORMATS).optional() })
  .superRefine((q, ctx) => {
    if (q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end date must not be before the start date' });
  });
export type JournalExportQuery = z.input<typeof JournalExportQuerySchema>;

/** Xero's manual journal import (Accounting > Manual journals > Import): a positive amount debits, a negative credits. */
export const XERO_JOURNAL_CSV_HEADER = [
  '*Narration',
  '*Date',
  'Description',
  '*AccountCode',
  '*TaxRate',
  '*Amount',
  'TrackingName1',
  'TrackingOption1',
] as const;
/** QuickBooks Online's journal entry import (Settings > Import data > Journal entries). */
export const QUICKBOOKS_JOURNAL_CSV_HEADER = ['Journal No', 'Journal Date', 'Currency Code', 'Memo', 'Account', 'Debits', 'Credits', 'Description'] as const;

const access = { kind: 'business', permission: 'developers:view', standing: 'merchant' } as const;
const LIST = '/v1/business/:business_id/connections';
const ONE = '/v1/business/:business_id/connections/:tool';
const NOT_CONNECTED = ['CONNECTION_NOT_CONNECTED'] as const;

export const connectionEndpoints = {
  list: defineEndpoint({
    id: 'connections.list',
    method: 'GET',
    path: LIST,
    summary: 'The accounting tools (Xero, QuickBooks), each with its state',
    access,
    params: BusinessParamsSchema,
    response: z.array(ConnectionSummarySchema),
  }),
  get: defineEndpoint({
    id: 'connections.get',
    method: 'GET',
    path: ONE,
    summary: 'One accounting tool: its state, chart of accounts, account mapping and recent journals',
    access,
    params: ConnectionParamsSchema,
    response: ConnectionDetailSchema,
  }),
  connect: defineEndpoint({
    id: 'connections.connect',
    method: 'POST',
    path: `${ONE}/connect`,
    summary: 'Connect the tool (test mode: authorised at once); connecting a connected tool answers it as it is',
    access,
    params: ConnectionParamsSchema,
    response: ConnectionDetailSchema,
  }),
  saveMapping: defineEndpoint({
    id: 'connections.saveMapping',
    method: 'PUT',
    path: `${ONE}/mapping`,
    summary: "Map sales, fees, refunds, clearing and bank to accounts of the tool's chart",
    access,
    params: ConnectionParamsSchema,
    body: SaveMappingBodySchema,
    response: ConnectionDetailSchema,
    errors: NOT_CONNECTED,
  }),
  sync: defineEndpoint({
    id: 'connections.sync',
    method: 'POST',
    path: `${ONE}/sync`,
    summary: 'Post the journals of one past day now (a day already posted is not posted again)',
    access,
    params: ConnectionParamsSchema,
    body: SyncDayBodySchema,
    response: ConnectionDetailSchema,
    errors: ['CONNECTION_NOT_CONNECTED', 'CONNECTION_NOT_MAPPED'],
  }),
  disconnect: defineEndpoint({
    id: 'connections.disconnect',
    method: 'POST',
    path: `${ONE}/disconnect`,
    summary: 'Disconnect the tool: no more journals are posted; those posted stay listed',
    access,
    params: ConnectionParamsSchema,
    response: z.object({ disconnected: z.literal(true) }),
    errors: NOT_CONNECTED,
  }),
  exportJournals: defineEndpoint({
    id: 'connections.exportJournals',
    method: 'GET',
    path: `${ONE}/journals/export`,
    summary: "The journals of a range of days as the tool's manual-journal import CSV (text/csv, streamed)",
    access,
    params: ConnectionParamsSchema,
    query: JournalExportQuerySchema,
    response: csvAnswer(),
  }),
} as const;
