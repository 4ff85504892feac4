import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { invoiceEndpoints, invoiceImportEndpoints, type InvoiceImport } from '@merchant/payments';
import { call } from '@/lib/api-client';
import { downloadUrl } from '@/lib/download-url';
import { endpointKey, endpointQuery, endpointScope, invalidateEndpoints } from '@/lib/queries';

export const IMPORT_ROWS_PAGE_SIZE = 50;
/** How often the screen asks for the counts while invoices are being created. */
const PROGRESS_POLL_MS = 1000;

const at = (businessId: string, importId: string) => ({ params: { business_id: businessId, import_id: importId } });

/** The import and its counts; polled while its invoices are being created. */
export const invoiceImportQuery = (businessId: string, importId: string) =>
  queryOptions({
    ...endpointQuery(invoiceImportEndpoints.get, at(businessId, importId)),
    refetchInterval: (query) => (query.state.data?.status === 'confirmed' ? PROGRESS_POLL_MS : false),
  });

export const invoiceImportRowsQuery = (businessId: string, importId: string) =>
  infiniteQueryOptions({
    queryKey: endpointKey(invoiceImportEndpoints.rows, { ...at(businessId, importId), query: { limit: IMPORT_ROWS_PAGE_SIZE } }),
    queryFn: ({ pageParam, signal }) =>
      call(invoiceImportEndpoints.rows, { ...at(businessId, importId), query: { limit: IMPORT_ROWS_PAGE_SIZE, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });

export const RECENT_IMPORTS_PAGE_SIZE = 10;

/** The business's uploads, newest first. */
export const invoiceImportsQuery = (businessId: string) =>
  infiniteQueryOptions({
    queryKey: endpointKey(invoiceImportEndpoints.list, { params: { business_id: businessId }, query: { limit: RECENT_IMPORTS_PAGE_SIZE } }),
    queryFn: ({ pageParam, signal }) =>
      call(invoiceImportEndpoints.list, { params: { business_id: businessId }, query: { limit: RECENT_IMPORTS_PAGE_SIZE, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });

export const templateHref = (businessId: string) => downloadUrl(invoiceImportEndpoints.template, { business_id: businessId }, {});
export const problemsHref = (businessId: string, importId: string) =>
  downloadUrl(invoiceImportEndpoints.problems, { business_id: businessId, import_id: importId }, {});

/** The upload: the form shows the file's problems itself. */
export function useUploadImport(businessId: string) {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    onSuccess: () => invalidateEndpoints(client, [endpointScope(invoiceImportEndpoints.list, { params: { business_id: businessId } })]),
    mutationFn: (file: File) => {
      const formData = new FormData();
      formData.append('file', file, file.name);
      return call(invoiceImportEndpoints.upload, { params: { business_id: businessId }, formData });
    },
  });
}

export function useConfirmImport(businessId: string, importId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(invoiceImportEndpoints.confirm, at(businessId, importId)),
    onSuccess: (answer: InvoiceImport) => {
      client.setQueryData(invoiceImportQuery(businessId, importId).queryKey, answer);
      return invalidateEndpoints(client, [
        endpointScope(invoiceEndpoints.list, { params: { business_id: businessId } }),
        endpointScope(invoiceImportEndpoints.list, { params: { business_id: businessId } }),
      ]);
    },
  });
}

/** Once the import is done: its rows (now with their invoices) and the invoice list are fresh. */
export function useRefreshAfterImport(businessId: string, importId: string) {
  const client = useQueryClient();
  return () =>
    invalidateEndpoints(client, [
      endpointScope(invoiceImportEndpoints.rows, at(businessId, importId)),
      endpointScope(invoiceEndpoints.list, { params: { business_id: businessId } }),
      endpointScope(invoiceImportEndpoints.list, { params: { business_id: businessId } }),
    ]);
}
