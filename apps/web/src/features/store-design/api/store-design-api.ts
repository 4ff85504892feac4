import { useMutation, useQueryClient } from '@tanstack/react-query';
import { storeThemeEndpoints, type SaveStoreTheme, type ThemeContent, type ThemePreset } from '@merchant/catalogue';
import { call } from '@/lib/api-client';
import { endpointQuery, endpointScope, invalidateEndpoints } from '@/lib/queries';

export const storeThemesQuery = (businessId: string) => endpointQuery(storeThemeEndpoints.list, { params: { business_id: businessId } });
export const storeThemeQuery = (businessId: string, id: string) =>
  endpointQuery(storeThemeEndpoints.get, { params: { business_id: businessId, theme_id: id } });

/** The home page as a draft shows it (the designer's preview); the draft is part of the key, so each change asks anew. */
export const themePreviewQuery = (businessId: string, id: string, draft: ThemeContent) => ({
  queryKey: [storeThemeEndpoints.preview.id, businessId, id, draft] as const,
  queryFn: () => call(storeThemeEndpoints.preview, { params: { business_id: businessId, theme_id: id }, body: { draft } }),
  placeholderData: (previous: { html: string } | undefined) => previous,
  staleTime: 60_000,
});

const invalidate = (client: ReturnType<typeof useQueryClient>, businessId: string) => {
  const params = { business_id: businessId };
  return invalidateEndpoints(client, [endpointScope(storeThemeEndpoints.list, { params }), endpointScope(storeThemeEndpoints.get, { params })]);
};

export function useCreateTheme(businessId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (preset: ThemePreset) => call(storeThemeEndpoints.create, { params: { business_id: businessId }, body: { preset } }),
    onSuccess: () => invalidate(client, businessId),
  });
}

export function useDuplicateTheme(businessId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(storeThemeEndpoints.duplicate, { params: { business_id: businessId, theme_id: id } }),
    onSuccess: () => invalidate(client, businessId),
  });
}

export function useRemoveTheme(businessId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(storeThemeEndpoints.remove, { params: { business_id: businessId, theme_id: id } }),
    onSuccess: () => invalidate(client, businessId),
  });
}

/** The designer shows a stale save (409) itself. */
export function useSaveTheme(businessId: string, id: string) {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: SaveStoreTheme) => call(storeThemeEndpoints.save, { params: { business_id: businessId, theme_id: id }, body }),
    onSuccess: () => invalidate(client, businessId),
  });
}

export function usePublishTheme(businessId: string, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(storeThemeEndpoints.publish, { params: { business_id: businessId, theme_id: id } }),
    onSuccess: () => invalidate(client, businessId),
  });
}
