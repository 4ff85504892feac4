import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { productEndpoints, productImportEndpoints, type ProductFilters, type ProductImport } from '@merchant/catalogue';
import { call } from '@/lib/api-client';
import { downloadUrl } from '@/lib/download-url';
import { endpointKey, endpointQuery, endpointScope, invalidateEndpoints } from '@/lib/queries';

export const IMPORT_ROWS_PAGE_SIZE = 50;
/** How often the dialog asks for the counts while the rows are applied. */
const PROGRESS_POLL_MS = 1000;

const at = (businessId: string, importId: string) => ({ params: { business_id: businessId, import_id: importId } });

/** The import and its counts; polled while its rows are applied. */
export const productImportQuery = (businessId: string, importId: string) =>
  queryOptions({
    ...endpointQuery(productImportEndpoints.get, at(businessId, importId)),
    refetchInterval: (query) => (query.state.data?.status === 'confirmed' ? PROGRESS_POLL_MS : false),
  });

export const productImportRowsQuery = (businessId: string, importId: string) =>
  infiniteQueryOptions({
    queryKey: endpointKey(productImportEndpoints.rows, { ...at(businessId, importId), query: { limit: IMPORT_ROWS_PAGE_SIZE } }),
    queryFn: ({ pageParam, signal }) =>
      call(productImportEndpoints.rows, { ...at(businessId, importId), query: { limit: IMPORT_ROWS_PAGE_SIZE, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });

export const productTemplateHref = (businessId: string) => downloadUrl(productImportEndpoints.template, { business_id: businessId }, {});
export const productReportHref = (businessId: string, importId: string) =>
  downloadUrl(productImportEndpoints.report, { business_id: businessId, import_id: importId }, {});
/** The list's CSV with the list's own search and filters. */
export const productExportHref = (businessId: string, filters: ProductFilters) =>
  downloadUrl(productImportEndpoints.export, { business_id: businessId }, { ...filters });

/** The upload: the file field shows the file's problems itself. */
export function useUploadProducts(businessId: string) {
  return useMutation({
    meta: { silent: true },
    mutationFn: (file: File) => {
      const formData = new FormData();
      formData.append('file', file, file.name);
      return call(productImportEndpoints.upload, { params: { business_id: businessId }, formData });
    },
  });
}

export function useConfirmProductImport(businessId: string, importId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(productImportEndpoints.confirm, at(businessId, importId)),
    onSuccess: (answer: ProductImport) => client.setQueryData(productImportQuery(businessId, importId).queryKey, answer),
  });
}

/** Once the import is done: its rows (now done or failed) and every product list are fresh. */
export function useRefreshAfterProductImport(businessId: string, importId: string) {
  const client = useQueryClient();
  return () =>
    invalidateEndpoints(client, [
      endpointScope(productImportEndpoints.rows, at(businessId, importId)),
      endpointScope(productEndpoints.list, { params: { business_id: businessId } }),
    ]);
}
