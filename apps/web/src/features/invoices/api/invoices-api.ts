import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  customerEndpoints,
  invoiceEndpoints,
  invoicePdfEndpoints,
  invoiceReminderEndpoints,
  paymentLinkEndpoints,
  type CustomerBody,
  type InvoiceBody,
  type InvoiceFilters,
  type InvoiceReminderSettings,
} from '@merchant/payments';
import { call } from '@/lib/api-client';
import { downloadUrl } from '@/lib/download-url';
import { endpointKey, endpointQuery, endpointScope, invalidateEndpoints } from '@/lib/queries';

export const INVOICES_PAGE_SIZE = 25;

export const invoicesQuery = (businessId: string, filters: InvoiceFilters) =>
  infiniteQueryOptions({
    queryKey: endpointKey(invoiceEndpoints.list, { params: { business_id: businessId }, query: { ...filters, limit: INVOICES_PAGE_SIZE } }),
    queryFn: ({ pageParam, signal }) =>
      call(invoiceEndpoints.list, { params: { business_id: businessId }, query: { ...filters, limit: INVOICES_PAGE_SIZE, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });

export const invoiceQuery = (businessId: string, invoiceId: string) =>
  endpointQuery(invoiceEndpoints.get, { params: { business_id: businessId, invoice_id: invoiceId } });

/** The CSV download of exactly the filtered list. */
export const invoicesExportHref = (businessId: string, filters: InvoiceFilters): string =>
  downloadUrl(invoiceEndpoints.export, { business_id: businessId }, filters);

/** The invoice's PDF, as the customer receives it (a plain link the browser downloads with the session cookie). */
export const invoicePdfHref = (businessId: string, invoiceId: string): string =>
  downloadUrl(invoicePdfEndpoints.download, { business_id: businessId, invoice_id: invoiceId }, {});

function useInvalidateInvoices(businessId: string) {
  const client = useQueryClient();
  const params = { business_id: businessId };
  return () => invalidateEndpoints(client, [endpointScope(invoiceEndpoints.list, { params }), endpointScope(invoiceEndpoints.get, { params })]);
}

/** The form shows field issues itself. */
export function useSaveInvoice(businessId: string, invoiceId: string | undefined) {
  const invalidate = useInvalidateInvoices(businessId);
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: InvoiceBody) =>
      invoiceId
        ? call(invoiceEndpoints.update, { params: { business_id: businessId, invoice_id: invoiceId }, body })
        : call(invoiceEndpoints.create, { params: { business_id: businessId }, body }),
    onSuccess: invalidate,
  });
}

/** One of the detail's actions (send, remind, void, duplicate): the snackbar says what went wrong. */
export function useInvoiceAction(businessId: string, invoiceId: string, action: 'send' | 'remind' | 'void' | 'duplicate') {
  const invalidate = useInvalidateInvoices(businessId);
  return useMutation({
    mutationFn: () => call(invoiceEndpoints[action], { params: { business_id: businessId, invoice_id: invoiceId } }),
    onSuccess: invalidate,
  });
}

export function useMarkInvoicePaid(businessId: string, invoiceId: string) {
  const invalidate = useInvalidateInvoices(businessId);
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: { amount?: number; note?: string | null }) =>
      call(invoiceEndpoints.markPaid, { params: { business_id: businessId, invoice_id: invoiceId }, body }),
    onSuccess: invalidate,
  });
}

/** The form's customer picker: the first page of customers matching what is typed. */
export const customerOptionsQuery = (businessId: string, search: string) =>
  queryOptions({
    ...endpointQuery(customerEndpoints.list, { params: { business_id: businessId }, query: { q: search || undefined, limit: 20 } }),
    select: (page) => page.data,
  });

/** The form's product picker: the business's active products. */
export const productOptionsQuery = (businessId: string) =>
  queryOptions({ ...endpointQuery(paymentLinkEndpoints.products, { params: { business_id: businessId } }), select: (answer) => answer.data });

/** The business's automatic reminders (read by anyone who sees invoices; changed with settings:manage). */
export const invoiceRemindersQuery = (businessId: string) => endpointQuery(invoiceReminderEndpoints.get, { params: { business_id: businessId } });

/** The dialog shows field issues itself. */
export function useSaveInvoiceReminders(businessId: string) {
  const client = useQueryClient();
  const params = { business_id: businessId };
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: InvoiceReminderSettings) => call(invoiceReminderEndpoints.save, { params, body }),
    onSuccess: () => invalidateEndpoints(client, [endpointScope(invoiceReminderEndpoints.get, { params })]),
  });
}

/** A customer added from the invoice form; the customer lists and pickers refresh. The dialog shows field issues itself. */
export function useCreateCustomerInline(businessId: string) {
  const client = useQueryClient();
  const params = { business_id: businessId };
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: CustomerBody) => call(customerEndpoints.create, { params, body }),
    onSuccess: () => invalidateEndpoints(client, [endpointScope(customerEndpoints.list, { params })]),
  });
}

/** The invoice's checkout payments, newest first. */
export const invoicePaymentsQuery = (businessId: string, invoiceId: string) =>
  infiniteQueryOptions({
    queryKey: endpointKey(invoiceEndpoints.payments, { params: { business_id: businessId, invoice_id: invoiceId }, query: { limit: INVOICES_PAGE_SIZE } }),
    queryFn: ({ pageParam, signal }) =>
      call(invoiceEndpoints.payments, {
        params: { business_id: businessId, invoice_id: invoiceId },
        query: { limit: INVOICES_PAGE_SIZE, cursor: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
