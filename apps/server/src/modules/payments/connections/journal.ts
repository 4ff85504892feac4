import { minorToMajorString } from '@merchant/core';
import {
  QUICKBOOKS_JOURNAL_CSV_HEADER,
  XERO_JOURNAL_CSV_HEADER,
  type AccountMapping,
  type ChartAccount,
  type JournalLine,
  type JournalTotals,
} from '@merchant/payments';
import { csvTable, type CsvValue } from '@/lib/csv';

/**
 * A day's balanced journal lines from its figures and the mapping (docs/developers.md, "Accounting connections"):
 * sales debit the clearing account and credit sales; fees and refunds debit their accounts and credit clearing;
 * payouts debit the bank and credit clearing. A figure of zero writes no line.
 */
export function journalLines(totals: JournalTotals, m: AccountMapping): JournalLine[] {
  const pair = (amount: number, debit: string, credit: string, description: string): JournalLine[] =>
    amount > 0
      ? [
          { account_code: debit, description, debit: amount, credit: 0 },
          { account_code: credit, description, debit: 0, credit: amount },
        ]
      : [];
  return [
    ...pair(totals.sales, m.clearing_account, m.sales_account, 'Gross sales'),
    ...pair(totals.fees, m.fees_account, m.clearing_account, 'Processing fees'),
    ...pair(totals.refunds, m.refunds_account, m.clearing_account, 'Refunds'),
    ...pair(totals.payouts, m.bank_account, m.clearing_account, 'Payouts to the bank'),
  ];
}

export const hasMovement = (t: JournalTotals) => t.sales !== 0 || t.fees !== 0 || t.refunds !== 0 || t.payouts !== 0;

export const narrationOf = (day: string, currency: string) => `Payments ${day} ${currency.toUpperCase()}`;

/** `2026-11-03` -> `03/11/2026`: the day-first date both tools' imports read for a day-first region. */
export const importDate = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

export const XERO_JOURNAL_CSV = csvTable(XERO_JOURNAL_CSV_HEADER, ['*Amount']);
export const QUICKBOOKS_JOURNAL_CSV = csvTable(QUICKBOOKS_JOURNAL_CSV_HEADER, ['Debits', 'Credits']);

export interface CsvJournal {
  day: string;
  currency: string;
  lines: JournalLine[];
}

/** Xero's rows of one journal: one per line, the amount signed (debit positive, credit negative), no tax. */
export function xeroRows(j: CsvJournal): CsvValue[][] {
  return j.lines.map((l) => [
    narrationOf(j.day, j.currency),
    importDate(j.day),
    l.description,
    l.account_code,
    'Tax Exempt',
    minorToMajorString(l.debit - l.credit, j.currency),
    '',
    '',
  ]);
}

/** QuickBooks' rows of one journal: the same journal number on each line, the account by its name in the chart. */
export function quickbooksRows(j: CsvJournal, chart: readonly ChartAccount[]): CsvValue[][] {
  const nameOf = (code: string) => chart.find((a) => a.code === code)?.name ?? code;
  return j.lines.map((l) => [
    `${j.day.replaceAll('-', '')}-${j.currency.toUpperCase()}`,
    importDate(j.day),
    j.currency.toUpperCase(),
    narrationOf(j.day, j.currency),
    nameOf(l.account_code),
    l.debit > 0 ? minorToMajorString(l.debit, j.currency) : '',
    l.credit > 0 ? minorToMajorString(l.credit, j.currency) : '',
    l.description,
  ]);
}
