import { defineModule, type Platform } from '@/modules/module';
import type { CustomersService } from '@/modules/payments/customers/customers.service';
import type { InvoicesService } from '@/modules/payments/invoices/invoices.service';
import { invoiceImportsRoutes } from './invoice-imports.routes';
import { CREATE_INVOICES_JOB, createInvoiceImportsService, type CreateInvoicesJob } from './invoice-imports.service';

/**
 * Invoices from a CSV upload (docs/payments.md, "invoice imports"): customers are found or added through the
 * customers service and each draft is created through the invoices service, by a job after the confirm.
 */
export const invoiceImportsModule = defineModule({
  name: 'invoiceImports',
  create: ({
    db,
    clock,
    audit,
    jobs,
    customers,
    invoices,
  }: Pick<Platform, 'db' | 'clock' | 'audit' | 'jobs'> & { customers: CustomersService; invoices: InvoicesService }) =>
    createInvoiceImportsService({ db, clock, audit, jobs, customers, invoices }),
  routes: invoiceImportsRoutes,
  jobs: (registry, imports) => registry.work<CreateInvoicesJob>(CREATE_INVOICES_JOB, ({ data }) => imports.run(data.businessId, data.importId)),
});
