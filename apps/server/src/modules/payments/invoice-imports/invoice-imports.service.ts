import { createHash } from 'node:crypto';
import { AppError, localDate, type CursorQuery } from '@merchant/core';
import { readImportRow, type InvoiceImport, type InvoiceImportRowState } from '@merchant/payments';
import type { Executor } from '@/db/client';
import type { BusinessContext, BusinessRow } from '@/http/context';
import type { Clock } from '@/lib/clock';
import { newTimeOrderedId } from '@/lib/crypto';
import { decodeCursor, pageFrom } from '@/lib/cursor';
import { applyPendingRows, confirmImport, importRowsPage } from '@/lib/import-flow';
import { cleanFileName, reportFileName } from '@/lib/csv-upload';
import type { CustomersService } from '@/modules/payments/customers/customers.service';
import type { InvoicesService } from '@/modules/payments/invoices/invoices.service';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import type { JobSender } from '@/modules/platform/jobs/jobs.service';
import { readImportFile } from './invoice-imports.file';
import { PROBLEMS_CSV, presentImport, presentRow, problemsCsvRow, TEMPLATE_CSV } from './invoice-imports.presenter';
import { invoiceImportsRepository as repo, type InvoiceImportRecord } from './invoice-imports.repository';
import { invoiceSummaries } from '../invoices/invoices.read-model';

/** The job that creates a confirmed import's invoices. */
export const CREATE_INVOICES_JOB = 'invoice-imports.create';
export interface CreateInvoicesJob {
  businessId: string;
  importId: string;
}

/** Pending rows read per query while the job works through an import. */
const RUN_BATCH = 100;

const notFound = () => new AppError('INVOICE_IMPORT_NOT_FOUND', 'Import not found.');

/**
 * Invoices from a CSV upload (docs/payments.md, "invoice imports"): the file is read and every row checked
 * and stored; a confirm queues the job that creates a draft of each valid row through the invoices service,
 * each row at most once (its invoice id is written in the invoice's own transaction).
 */
export function createInvoiceImportsService(deps: {
  db: Executor;
  clock: Clock;
  audit: AuditService;
  jobs: JobSender;
  customers: CustomersService;
  invoices: InvoicesService;
}) {
  const { db, clock, audit } = deps;

  async function summary(record: InvoiceImportRecord, executor: Executor = db): Promise<InvoiceImport> {
    return presentImport(record, await repo.counts(executor, record.businessId, record.id));
  }

  async function load(businessId: string, id: string): Promise<InvoiceImportRecord> {
    const found = await repo.find(db, businessId, id);
    if (!found) throw notFound();
    return found;
  }

  /** Creates one row's invoice (and its customer when new) in one transaction that records it on the row. */
  async function createRow(record: InvoiceImportRecord, rowNumber: number): Promise<void> {
    const { businessId, id: importId, fileName } = record;
    try {
      await db.transaction(async (tx) => {
        const row = await repo.lockRow(tx, businessId, importId, rowNumber);
        if (!row?.invoice || row.invoiceId || row.failure) return;
        const { customer: details, invoice: fields } = row.invoice;
        const actor = await deps.invoices.actorFor(tx, businessId, record.confirmedByUserId, {
          ip: record.confirmedIp ?? '',
          userAgent: record.confirmedUserAgent,
        });
        const via = `The invoice import ${fileName}`;
        const customer = await deps.customers.findOrCreateByEmail(tx, businessId, { ...details, phone: null }, actor.where, {
          userId: record.confirmedByUserId,
          via,
        });
        const invoice = await deps.invoices.createIn(
          tx,
          actor,
          { ...fields, customer_id: customer.id },
          (number) => `Created the draft invoice ${number} from row ${rowNumber} of ${fileName}`,
        );
        await repo.updateRow(tx, businessId, importId, rowNumber, { invoiceId: invoice.id });
      });
    } catch (error) {
      // A rule refused the row (nothing of it was written): say why on the row. Anything else fails the job's
      // attempt, and the retry goes on from the rows not yet created.
      if (!(error instanceof AppError)) throw error;
      await repo.updateRow(db, businessId, importId, rowNumber, { failure: error.issues?.[0]?.message ?? error.message });
    }
  }

  return {
    /** The template: the header row of the columns the screen documents. */
    template() {
      return { filename: 'invoices-template.csv', body: TEMPLATE_CSV.document([]) };
    },

    /** Reads and checks the file and stores it with its rows; the same file again answers its first import. */
    async upload(ctx: BusinessContext, file: { name: string | undefined; bytes: Buffer }): Promise<{ import: InvoiceImport; already_uploaded: boolean }> {
      const business: BusinessRow = ctx.business.row;
      const contentHash = createHash('sha256').update(file.bytes).digest('hex');
      const existing = await repo.findByHash(db, business.id, contentHash);
      if (existing) return { import: await summary(existing), already_uploaded: true };

      const read = readImportFile(file.bytes);
      const now = clock.now();
      const today = localDate(now, business.timeZone);
      const id = newTimeOrderedId(now.getTime());
      const fileName = cleanFileName(file.name, 'invoices.csv');
      const rows = read.rows.map(({ rowNumber, cells }) => {
        const result = readImportRow(cells, { currency: business.currency, today });
        return {
          businessId: business.id,
          importId: id,
          rowNumber,
          cells: cells as Record<string, string>,
          invoice: result.ok ? result.value : null,
          problems: result.ok ? [] : result.problems,
        };
      });
      const valid = rows.filter((r) => r.invoice).length;
      const stored = await db.transaction(async (tx) => {
        const inserted = await repo.insert(tx, {
          businessId: business.id,
          id,
          fileName,
          contentHash,
          delimiter: read.delimiter,
          columns: read.columns,
          createdByUserId: ctx.user.id,
          createdAt: now,
        });
        if (!inserted) return false;
        await repo.insertRows(tx, rows);
        await audit.record(tx, ctx, {
          action: 'invoice_import.uploaded',
          description: `Uploaded ${fileName}: ${valid} of ${rows.length} rows can be created`,
          actorUserId: ctx.user.id,
          businessId: business.id,
          objectType: 'invoice_import',
          objectId: id,
          meta: { rows: rows.length, valid },
        });
        return true;
      });
      // The same file uploaded at the same moment: the other request stored it first.
      const record = stored ? await repo.find(db, business.id, id) : await repo.findByHash(db, business.id, contentHash);
      return { import: await summary(record!), already_uploaded: !stored };
    },

    async list(businessId: string, query: CursorQuery) {
      const found = await repo.page(db, businessId, query.limit, decodeCursor(query.cursor));
      const page = pageFrom(found, query.limit, (r) => r);
      const counts = await repo.countsOf(
        db,
        businessId,
        page.rows.map((r) => r.id),
      );
      const none = { rows: 0, valid: 0, created: 0, failed: 0 };
      return { data: page.rows.map((r) => presentImport(r, counts.get(r.id) ?? none)), next_cursor: page.nextCursor };
    },

    get: async (businessId: string, id: string) => summary(await load(businessId, id)),

    async rows(businessId: string, id: string, query: { state?: InvoiceImportRowState | undefined; cursor?: string | undefined; limit: number }) {
      await load(businessId, id);
      const { rows: page, nextCursor } = await importRowsPage(
        (where, limit) => repo.rowsPage(db, businessId, id, { ...(query.state ? { state: query.state } : {}), ...where }, limit),
        query.cursor,
        query.limit,
      );
      const made = await invoiceSummaries(
        db,
        businessId,
        page.map((r) => r.invoiceId),
      );
      return {
        data: page.map((r) => presentRow(r, r.invoiceId ? (made.get(r.invoiceId)?.number ?? null) : null)),
        next_cursor: nextCursor,
      };
    },

    /**
     * Confirms the import once (who and from where are kept: the invoices are created in their name) and
     * queues the job. Confirming a confirmed import queues it again under the same key, which the queue
     * drops while the first job is kept; a completed import is answered as it is.
     */
    async confirm(ctx: BusinessContext, id: string): Promise<InvoiceImport> {
      const businessId = ctx.business.row.id;
      const record = await db.transaction(async (tx) =>
        confirmImport(ctx, clock, {
          current: await repo.lock(tx, businessId, id),
          notFound,
          // The job commits with the confirmation (the outbox); a second confirm sends it again under its key.
          queue: () => deps.jobs.send<CreateInvoicesJob>(tx, CREATE_INVOICES_JOB, { businessId, importId: id }, { singletonKey: id }),
          counts: () => repo.counts(tx, businessId, id),
          toApply: (counts) => counts.valid,
          nothing: { code: 'INVOICE_IMPORT_NOTHING_TO_CREATE', message: 'No row of this file can be created: correct the rows and upload the file again.' },
          save: async (patch, counts, current) => {
            await repo.update(tx, businessId, id, patch);
            await audit.record(tx, ctx, {
              action: 'invoice_import.confirmed',
              description: `Confirmed the import of ${current.fileName}: ${counts.valid} draft invoices to create`,
              actorUserId: ctx.user.id,
              businessId,
              objectType: 'invoice_import',
              objectId: id,
              meta: { valid: counts.valid },
            });
          },
        }),
      );
      return summary(record);
    },

    /** The job: creates every pending row's invoice in file order, then marks the import completed. */
    async run(businessId: string, importId: string): Promise<void> {
      const record = await repo.find(db, businessId, importId);
      if (record?.status !== 'confirmed') return;
      await applyPendingRows(
        (after, limit) => repo.pendingRows(db, businessId, importId, after, limit),
        async (rowNumbers) => {
          for (const rowNumber of rowNumbers) await createRow(record, rowNumber);
        },
        RUN_BATCH,
      );
      await db.transaction(async (tx) => {
        const current = await repo.lock(tx, businessId, importId);
        if (current?.status !== 'confirmed') return;
        const counts = await repo.counts(tx, businessId, importId);
        await repo.update(tx, businessId, importId, { status: 'completed', completedAt: clock.now() });
        const actorUserId = current.confirmedByUserId;
        await audit.record(
          tx,
          { ip: current.confirmedIp ?? '', userAgent: current.confirmedUserAgent },
          {
            action: 'invoice_import.completed',
            description: `The import of ${current.fileName} created ${counts.created} draft invoices${counts.failed ? `; ${counts.failed} rows could not be created` : ''}`,
            actorUserId,
            // A job has no request's standing: the confirming person's role now (none without one).
            actorRole: actorUserId ? await audit.roleOf(tx, businessId, actorUserId) : null,
            businessId,
            objectType: 'invoice_import',
            objectId: importId,
            meta: { created: counts.created, failed: counts.failed },
          },
        );
      });
    },

    /** The refused and failed rows with why, as CSV in the template's columns (fix them and upload that file). */
    async problemsCsv(businessId: string, id: string) {
      const record = await load(businessId, id);
      const rows = await repo.problemRows(db, businessId, id);
      return { filename: reportFileName(record.fileName, 'invoices', 'problems'), body: PROBLEMS_CSV.document(rows.map(problemsCsvRow)) };
    },
  };
}

export type InvoiceImportsService = ReturnType<typeof createInvoiceImportsService>;
