import {
  invoiceNumberLabel,
  isRepeatingInvoiceEnded,
  scheduleLabel,
  upcomingRuns,
  type RepeatingInvoice,
  type RepeatingInvoiceDetail,
  type RepeatingInvoiceFields,
} from '@merchant/payments';
import type { RepeatingInvoiceRow, RepeatingInvoiceWithCustomer, repeatingInvoicesRepository } from './repeating-invoices.repository';
import type { InvoiceSummary } from '../invoices/invoices.read-model';

/** How many upcoming run dates the detail shows. */
const UPCOMING = 3;

/** The schedule of a row, in the package's terms. */
export const scheduleOf = (row: RepeatingInvoiceRow) => ({
  frequency: row.frequency,
  interval_days: row.intervalDays,
  start_date: row.startDate,
  end_date: row.endDate,
  max_count: row.maxCount,
});

/** What the template says, as the invoices service's body of one invoice (without its dates). */
export const contentOf = (row: RepeatingInvoiceRow) => ({
  customer_id: row.customerId,
  currency: row.currency,
  lines: row.lines.map(({ product_id, description, quantity, unit_price, discount_bps }) => ({ product_id, description, quantity, unit_price, discount_bps })),
  taxes: row.taxes.map(({ name, rate_bps }) => ({ name, rate_bps })),
  notes: row.notes,
  terms: row.terms,
  allow_partial: row.allowPartial,
});

/** The schedule's columns of a body. */
export const scheduleColumns = (body: RepeatingInvoiceFields) => ({
  dueDays: body.due_days,
  frequency: body.frequency,
  intervalDays: body.frequency === 'days' ? body.interval_days : null,
  startDate: body.start_date,
  endDate: body.end_date,
  maxCount: body.max_count,
  autoSend: body.auto_send,
});

/** Rows -> the wire shape. The next run is shown only while it runs. */
export function presentRepeatingInvoice({ template: row, customerName, customerEmail }: RepeatingInvoiceWithCustomer): RepeatingInvoice {
  const running = row.status === 'active';
  return {
    id: row.id,
    status: row.status,
    customer: { id: row.customerId, name: customerName, email: customerEmail },
    currency: row.currency,
    lines: row.lines,
    taxes: row.taxes,
    subtotal: row.subtotal,
    tax_total: row.taxTotal,
    total: row.total,
    allow_partial: row.allowPartial,
    notes: row.notes,
    terms: row.terms,
    due_days: row.dueDays,
    frequency: row.frequency,
    interval_days: row.intervalDays,
    start_date: row.startDate,
    end_date: row.endDate,
    max_count: row.maxCount,
    auto_send: row.autoSend,
    schedule: scheduleLabel(scheduleOf(row)),
    next_run_date: running ? row.nextRunDate : null,
    invoices_made: row.invoicesMade,
    last_run_date: row.lastRunDate,
    editable: !isRepeatingInvoiceEnded(row.status),
    created_at: row.createdAt.toISOString(),
  };
}

type RunRow = Awaited<ReturnType<typeof repeatingInvoicesRepository.runs>>[number];

/** The runs with what each one's invoice is now (the invoices' read model); a run whose invoice is gone is not shown. */
export function presentDetail(found: RepeatingInvoiceWithCustomer, runRows: RunRow[], made: Map<string, InvoiceSummary>): RepeatingInvoiceDetail {
  const runs = runRows.flatMap((r) => {
    const invoice = made.get(r.invoiceId);
    return invoice ? [{ ...r, ...invoice, invoiceId: invoice.id }] : [];
  });
  const row = found.template;
  const upcoming = row.status === 'active' && row.nextRunIndex !== null ? upcomingRuns(scheduleOf(row), row.nextRunIndex, row.invoicesMade, UPCOMING) : [];
  return {
    ...presentRepeatingInvoice(found),
    runs: runs.map((r) => ({
      run_date: r.runDate,
      invoice: { id: r.invoiceId, number: invoiceNumberLabel(r.number), status: r.status, total: r.total, currency: r.currency },
      send_status: r.sendStatus,
      send_error: r.sendError,
      created_at: r.createdAt.toISOString(),
    })),
    upcoming,
  };
}
