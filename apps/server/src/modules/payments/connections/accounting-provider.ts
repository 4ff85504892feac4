import { createHash } from 'node:crypto';
import { ACCOUNTING_TOOL_LABELS, type AccountingTool, type ChartAccount, type JournalLine } from '@merchant/payments';

/** What the provider authorised: the organisation (Xero) or company (QuickBooks) and its id at the tool. */
export interface Authorisation {
  organisation: string;
  tenantId: string;
}

/** A journal as the provider posts it: one day and currency, balanced lines. */
export interface ProviderJournal {
  day: string;
  currency: string;
  narration: string;
  lines: JournalLine[];
}

/**
 * An accounting tool as the connections see it (docs/developers.md, "Accounting connections"). A real provider
 * would run OAuth in `authorise` and call the tool's API; `reference` is the journal's idempotency reference
 * (`connection:day:currency`): a second post with the same reference answers the first journal's id (Xero's
 * `Idempotency-Key` header, QuickBooks' `requestid`).
 */
export interface AccountingProvider {
  tool: AccountingTool;
  authorise(businessId: string, businessName: string): Promise<Authorisation>;
  chartOfAccounts(tenantId: string): Promise<ChartAccount[]>;
  postJournal(tenantId: string, journal: ProviderJournal, reference: string): Promise<{ externalId: string }>;
}

const XERO_CHART: ChartAccount[] = [
  { code: '090', name: 'Business Bank Account', type: 'asset' },
  { code: '091', name: 'Business Savings Account', type: 'asset' },
  { code: '610', name: 'Accounts Receivable', type: 'asset' },
  { code: '615', name: 'Payments Clearing', type: 'asset' },
  { code: '200', name: 'Sales', type: 'revenue' },
  { code: '260', name: 'Other Revenue', type: 'revenue' },
  { code: '270', name: 'Interest Income', type: 'revenue' },
  { code: '404', name: 'Bank Fees', type: 'expense' },
  { code: '405', name: 'Payment Processing Fees', type: 'expense' },
  { code: '420', name: 'Entertainment', type: 'expense' },
  { code: '480', name: 'Refunds', type: 'expense' },
  { code: '800', name: 'Accounts Payable', type: 'liability' },
];

const QUICKBOOKS_CHART: ChartAccount[] = [
  { code: '1000', name: 'Checking', type: 'asset' },
  { code: '1010', name: 'Savings', type: 'asset' },
  { code: '1200', name: 'Accounts Receivable (A/R)', type: 'asset' },
  { code: '1250', name: 'Undeposited Funds', type: 'asset' },
  { code: '4000', name: 'Sales of Product Income', type: 'revenue' },
  { code: '4100', name: 'Services', type: 'revenue' },
  { code: '4900', name: 'Refunds-Allowances', type: 'revenue' },
  { code: '6100', name: 'Bank Charges & Fees', type: 'expense' },
  { code: '6150', name: 'Merchant Account Fees', type: 'expense' },
  { code: '2000', name: 'Accounts Payable (A/P)', type: 'liability' },
];

/** The charts the test-mode providers answer, by tool (fixed: every connection sees the same accounts). */
export const TEST_CHARTS: Record<AccountingTool, ChartAccount[]> = { xero: XERO_CHART, quickbooks: QUICKBOOKS_CHART };

const shortHash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 12);

/**
 * The test-mode provider of a tool: no network. Connecting completes at once ("<business> (test)"), the chart is
 * fixed, and posting answers an id derived from the reference (so a repeated reference answers the same id, as the
 * real tools' idempotency does). A journal whose lines do not balance is refused, as the tools refuse one.
 */
export function testModeProvider(tool: AccountingTool): AccountingProvider {
  const prefix = tool === 'xero' ? 'xero-mj' : 'qbo-je';
  return {
    tool,
    async authorise(businessId, businessName) {
      return { organisation: `${businessName} (${ACCOUNTING_TOOL_LABELS[tool]} test)`, tenantId: `${tool}-test-${shortHash(businessId)}` };
    },
    async chartOfAccounts() {
      return TEST_CHARTS[tool];
    },
    async postJournal(tenantId, journal, reference) {
      const debits = journal.lines.reduce((s, l) => s + l.debit, 0);
      const credits = journal.lines.reduce((s, l) => s + l.credit, 0);
      if (debits !== credits || journal.lines.length === 0) throw new Error('The journal does not balance');
      return { externalId: `${prefix}-${shortHash(`${tenantId}:${reference}`)}` };
    },
  };
}

export type AccountingProviders = Record<AccountingTool, AccountingProvider>;
export const testModeProviders = (): AccountingProviders => ({ xero: testModeProvider('xero'), quickbooks: testModeProvider('quickbooks') });
