import { useMutation, useQueryClient } from '@tanstack/react-query';
import { connectionEndpoints, type AccountingTool, type JournalExportQuery, type SaveMappingBody } from '@merchant/payments';
import { call } from '@/lib/api-client';
import { downloadUrl } from '@/lib/download-url';
import { endpointQuery, endpointScope, invalidateEndpoints } from '@/lib/queries';

export const connectionsQuery = (businessId: string) => endpointQuery(connectionEndpoints.list, { params: { business_id: businessId } });
export const connectionQuery = (businessId: string, tool: AccountingTool) =>
  endpointQuery(connectionEndpoints.get, { params: { business_id: businessId, tool } });

/** The journals of a range as the chosen tool's import CSV. */
export const journalsExportHref = (businessId: string, tool: AccountingTool, query: JournalExportQuery): string =>
  downloadUrl(connectionEndpoints.exportJournals, { business_id: businessId, tool }, query);

function useInvalidateConnections(businessId: string) {
  const client = useQueryClient();
  return () =>
    invalidateEndpoints(client, [
      endpointScope(connectionEndpoints.list, { params: { business_id: businessId } }),
      endpointScope(connectionEndpoints.get, { params: { business_id: businessId } }),
    ]);
}

export function useConnect(businessId: string, tool: AccountingTool) {
  const invalidate = useInvalidateConnections(businessId);
  return useMutation({
    mutationFn: () => call(connectionEndpoints.connect, { params: { business_id: businessId, tool } }),
    onSuccess: invalidate,
  });
}

/** The form shows the field issues itself. */
export function useSaveMapping(businessId: string, tool: AccountingTool) {
  const invalidate = useInvalidateConnections(businessId);
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: SaveMappingBody) => call(connectionEndpoints.saveMapping, { params: { business_id: businessId, tool }, body }),
    onSuccess: invalidate,
  });
}

export function useSyncDay(businessId: string, tool: AccountingTool) {
  const invalidate = useInvalidateConnections(businessId);
  return useMutation({
    meta: { silent: true },
    mutationFn: (day: string) => call(connectionEndpoints.sync, { params: { business_id: businessId, tool }, body: { day } }),
    onSuccess: invalidate,
  });
}

export function useDisconnect(businessId: string, tool: AccountingTool) {
  const invalidate = useInvalidateConnections(businessId);
  return useMutation({
    mutationFn: () => call(connectionEndpoints.disconnect, { params: { business_id: businessId, tool } }),
    onSuccess: invalidate,
  });
}
