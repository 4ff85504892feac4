import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { productEndpoints, type CreateProductBody, type ProductFilters, type UpdateProductBody } from '@merchant/catalogue';
import { call } from '@/lib/api-client';
import { endpointKey, endpointQuery, endpointScope, invalidateEndpoints } from '@/lib/queries';

export const PRODUCTS_PAGE_SIZE = 25;

export const productsQuery = (businessId: string, filters: ProductFilters) =>
  infiniteQueryOptions({
    queryKey: endpointKey(productEndpoints.list, { params: { business_id: businessId }, query: { ...filters, limit: PRODUCTS_PAGE_SIZE } }),
    queryFn: ({ pageParam, signal }) =>
      call(productEndpoints.list, { params: { business_id: businessId }, query: { ...filters, limit: PRODUCTS_PAGE_SIZE, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });

export const productQuery = (businessId: string, productId: string) =>
  endpointQuery(productEndpoints.get, { params: { business_id: businessId, product_id: productId } });

function useInvalidateProducts(businessId: string) {
  const client = useQueryClient();
  return () =>
    invalidateEndpoints(client, [
      endpointScope(productEndpoints.list, { params: { business_id: businessId } }),
      endpointScope(productEndpoints.get, { params: { business_id: businessId } }),
    ]);
}

/** A new product's body, or the change of an existing one. */
export type ProductSave = { productId: null; body: CreateProductBody } | { productId: string; body: UpdateProductBody };

/** Creates a product or saves one; the form shows field errors itself. */
export function useSaveProduct(businessId: string) {
  const invalidate = useInvalidateProducts(businessId);
  return useMutation({
    meta: { silent: true },
    mutationFn: (save: ProductSave) =>
      save.productId !== null
        ? call(productEndpoints.update, { params: { business_id: businessId, product_id: save.productId }, body: save.body })
        : call(productEndpoints.create, { params: { business_id: businessId }, body: save.body }),
    onSuccess: invalidate,
  });
}

export function useSetProductArchived(businessId: string) {
  const invalidate = useInvalidateProducts(businessId);
  return useMutation({
    mutationFn: ({ productId, archived }: { productId: string; archived: boolean }) =>
      call(archived ? productEndpoints.archive : productEndpoints.unarchive, { params: { business_id: businessId, product_id: productId } }),
    onSuccess: invalidate,
  });
}
