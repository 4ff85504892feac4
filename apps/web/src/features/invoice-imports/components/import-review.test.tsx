import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { invoiceImportEndpoints, type InvoiceImport, type InvoiceImportRow } from '@merchant/payments';
import { renderWithProviders, stubApi } from '@/test';
import { ImportReview } from './import-review';

const BID = '7d7c0a39-5a3c-4f44-9d38-0d0c0f7f4e1a';
const IMPORT_ID = '0192f0a0-0000-7000-8000-000000000001';
const INVOICE_ID = '0192f0a0-0000-7000-8000-000000000002';

const imported = (over: Partial<InvoiceImport> = {}): InvoiceImport => ({
  id: IMPORT_ID,
  file_name: 'november.csv',
  status: 'validated',
  delimiter: ',',
  columns: [],
  counts: { rows: 3, valid: 2, invalid: 1, created: 0, failed: 0, pending: 2 },
  created_at: '2026-11-01T09:00:00.000Z',
  confirmed_at: null,
  completed_at: null,
  ...over,
});
const row = (n: number, over: Partial<InvoiceImportRow> = {}): InvoiceImportRow => ({
  row: n,
  state: 'valid',
  cells: { customer_email: `c${n}@example.com`, description: `Line ${n}`, due_date: '2026-12-01' },
  problems: [],
  total: { amount: 1250, currency: 'sgd' },
  invoice: null,
  ...over,
});

function render(current: InvoiceImport, rows: InvoiceImportRow[]) {
  const api = stubApi()
    .on(invoiceImportEndpoints.rows, () => ({ data: rows, next_cursor: null }))
    .on(invoiceImportEndpoints.confirm, () => imported({ status: 'confirmed' }));
  renderWithProviders(<ImportReview businessId={BID} imported={current} canCreate onAnother={() => undefined} />, {
    route: `/business/${BID}/payments/invoices/bulk-create?import=${IMPORT_ID}`,
  });
  return { api };
}

describe('the import review', () => {
  it('shows every bad row with why, and confirms the import once asked', async () => {
    const { api } = render(imported(), [
      row(2),
      row(3),
      row(4, { state: 'invalid', total: null, problems: [{ column: 'unit_price', message: 'The amount cannot be negative' }] }),
    ]);
    const table = await screen.findByRole('table', { name: 'Rows of the file' });
    const bad = within(table).getByText('unit_price: The amount cannot be negative').closest('tr')!;
    expect(within(bad).getByText('Not imported')).toBeTruthy();
    expect(screen.getByText('1 row has problems')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download problems (CSV)' }).getAttribute('href')).toContain(`/invoice-imports/${IMPORT_ID}/problems`);
    fireEvent.click(screen.getByRole('button', { name: 'Create 2 invoices' }));
    await vi.waitFor(() => expect(api.requests(invoiceImportEndpoints.confirm)).toHaveLength(1));
  });

  it('shows the progress while the invoices are created, and no confirm', async () => {
    render(imported({ status: 'confirmed', counts: { rows: 3, valid: 2, invalid: 1, created: 1, failed: 0, pending: 1 } }), [row(2)]);
    const bar = await screen.findByRole('progressbar', { name: 'Invoices created' });
    expect(bar.getAttribute('aria-valuenow')).toBe('50');
    expect(screen.getByText('1 of 2 rows done')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Create/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload another file' })).toBeNull();
  });

  it('shows the result, each created row linked to its invoice', async () => {
    render(imported({ status: 'completed', counts: { rows: 1, valid: 1, invalid: 0, created: 1, failed: 0, pending: 0 } }), [
      row(2, { state: 'created', invoice: { id: INVOICE_ID, number: 'INV-000007' } }),
    ]);
    const link = await screen.findByRole('link', { name: 'INV-000007' });
    expect(link.getAttribute('href')).toBe(`/business/${BID}/payments/invoices/${INVOICE_ID}`);
    expect(screen.getByText('Created 1 draft invoice')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View invoices' })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Download problems (CSV)' })).toBeNull();
  });

  it('says how the headers of a feed file were read, and which were ignored', async () => {
    const columns = [
      { header: 'Email', column: 'customer_email' as const },
      { header: 'description', column: 'description' as const },
      { header: 'PO number', column: null },
    ];
    render(imported({ columns }), [row(2)]);
    expect(await screen.findByText('Columns read: Email as customer_email. Ignored: PO number.')).toBeTruthy();
  });
});
