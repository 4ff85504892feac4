import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  addOnGroupEndpoints,
  categoryEndpoints,
  productEndpoints,
  productLogEndpoints,
  type AddOnGroupBody,
  type CreateProductBody,
  type ProductFilters,
  type ProductLogFilters,
  type UpdateProductBody,
} from '@merchant/catalogue';
import { call } from '@/lib/api-client';
import { saveAltTexts, type altTextChanges } from '@/lib/media';
import { endpointKey, endpointQuery, endpointScope, invalidateEndpoints } from '@/lib/queries';

export const PRODUCTS_PAGE_SIZE = 25;
export const LOG_PAGE_SIZE = 50;

export const productsQuery = (businessId: string, filters: ProductFilters, limit = PRODUCTS_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: endpointKey(productEndpoints.list, { params: { business_id: businessId }, query: { ...filters, limit } }),
    queryFn: ({ pageParam, signal }) =>
      call(productEndpoints.list, { params: { business_id: businessId }, query: { ...filters, limit, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });

export const productQuery = (businessId: string, productId: string) =>
  endpointQuery(productEndpoints.get, { params: { business_id: businessId, product_id: productId } });
export const categoriesQuery = (businessId: string) => endpointQuery(categoryEndpoints.list, { params: { business_id: businessId } });
export const categoryQuery = (businessId: string, categoryId: string) =>
  endpointQuery(categoryEndpoints.get, { params: { business_id: businessId, category_id: categoryId } });
export const addOnGroupsQuery = (businessId: string) => endpointQuery(addOnGroupEndpoints.list, { params: { business_id: businessId } });
export const addOnGroupQuery = (businessId: string, groupId: string) =>
  endpointQuery(addOnGroupEndpoints.get, { params: { business_id: businessId, group_id: groupId } });

export const productLogQuery = (businessId: string, filters: ProductLogFilters) =>
  infiniteQueryOptions({
    queryKey: endpointKey(productLogEndpoints.list, { params: { business_id: businessId }, query: { ...filters, limit: LOG_PAGE_SIZE } }),
    queryFn: ({ pageParam, signal }) =>
      call(productLogEndpoints.list, { params: { business_id: businessId }, query: { ...filters, limit: LOG_PAGE_SIZE, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });

/** What any catalogue change may alter: products (their category, groups), categories (counts), groups (counts) and the log. */
function useInvalidateCatalogue(businessId: string) {
  const client = useQueryClient();
  const params = { params: { business_id: businessId } };
  return () =>
    invalidateEndpoints(client, [
      endpointScope(productEndpoints.list, params),
      endpointScope(productEndpoints.get, params),
      endpointScope(categoryEndpoints.list, params),
      endpointScope(categoryEndpoints.get, params),
      endpointScope(addOnGroupEndpoints.list, params),
      endpointScope(addOnGroupEndpoints.get, params),
      endpointScope(productLogEndpoints.list, params),
    ]);
}

/** What a product form saves of its images: their order when it changed (null: kept), and the alt texts it changed. */
export interface ImagesSave {
  mediaIds: string[] | null;
  altTexts: ReturnType<typeof altTextChanges>;
}

/** A new product's body, or the change of an existing one, with the add-on groups it offers and its images. */
export type ProductSave = (
  { productId: null; body: CreateProductBody; groupIds: string[] } | { productId: string; body: UpdateProductBody; groupIds: string[] | null }
) & { images: ImagesSave };

/** Creates a product or saves one, then its add-on groups when they changed; the form shows field errors itself. */
export function useSaveProduct(businessId: string) {
  const invalidate = useInvalidateCatalogue(businessId);
  return useMutation({
    meta: { silent: true },
    mutationFn: async (save: ProductSave) => {
      const saved =
        save.productId !== null
          ? await call(productEndpoints.update, { params: { business_id: businessId, product_id: save.productId }, body: save.body })
          : await call(productEndpoints.create, { params: { business_id: businessId }, body: save.body });
      const params = { business_id: businessId, product_id: saved.id };
      const groups = save.groupIds;
      const grouped =
        groups === null || (groups.length === 0 && saved.add_on_group_ids.length === 0)
          ? saved
          : await call(productEndpoints.setAddOnGroups, { params, body: { group_ids: groups } });
      await saveAltTexts(businessId, save.images.altTexts);
      const ids = save.images.mediaIds;
      if (ids === null || (ids.length === 0 && grouped.images.length === 0))
        return save.images.altTexts.length > 0 ? call(productEndpoints.get, { params }) : grouped;
      return call(productEndpoints.setImages, { params, body: { media_ids: ids } });
    },
    onSettled: invalidate,
  });
}

export function useSetProductArchived(businessId: string) {
  const invalidate = useInvalidateCatalogue(businessId);
  return useMutation({
    mutationFn: ({ productId, archived }: { productId: string; archived: boolean }) =>
      call(archived ? productEndpoints.archive : productEndpoints.unarchive, { params: { business_id: businessId, product_id: productId } }),
    onSuccess: invalidate,
  });
}

export function useSaveCategory(businessId: string) {
  const invalidate = useInvalidateCatalogue(businessId);
  return useMutation({
    meta: { silent: true },
    mutationFn: async ({
      categoryId,
      name,
      image,
    }: {
      categoryId: string | null;
      name: string;
      image: { mediaId: string | null | undefined } & ImagesSave;
    }) => {
      await saveAltTexts(businessId, image.altTexts);
      const body = { name, ...(image.mediaId !== undefined && { image_media_id: image.mediaId }) };
      return categoryId
        ? call(categoryEndpoints.update, { params: { business_id: businessId, category_id: categoryId }, body })
        : call(categoryEndpoints.create, { params: { business_id: businessId }, body });
    },
    onSuccess: invalidate,
  });
}

export function useReorderCategories(businessId: string) {
  const invalidate = useInvalidateCatalogue(businessId);
  return useMutation({
    mutationFn: (categoryIds: string[]) => call(categoryEndpoints.reorder, { params: { business_id: businessId }, body: { category_ids: categoryIds } }),
    onSettled: invalidate,
  });
}

export function useRemoveCategory(businessId: string) {
  const invalidate = useInvalidateCatalogue(businessId);
  return useMutation({
    meta: { silent: true },
    mutationFn: ({ categoryId, moveTo }: { categoryId: string; moveTo: string | undefined }) =>
      call(categoryEndpoints.remove, { params: { business_id: businessId, category_id: categoryId }, query: moveTo ? { move_to: moveTo } : {} }),
    onSuccess: invalidate,
  });
}

export function useAssignCategory(businessId: string) {
  const invalidate = useInvalidateCatalogue(businessId);
  return useMutation({
    mutationFn: (body: { category_id: string | null; product_ids: string[] }) => call(categoryEndpoints.assign, { params: { business_id: businessId }, body }),
    onSuccess: invalidate,
  });
}

export function useSaveAddOnGroup(businessId: string) {
  const invalidate = useInvalidateCatalogue(businessId);
  return useMutation({
    meta: { silent: true },
    mutationFn: ({ groupId, body }: { groupId: string | null; body: AddOnGroupBody }) =>
      groupId
        ? call(addOnGroupEndpoints.update, { params: { business_id: businessId, group_id: groupId }, body })
        : call(addOnGroupEndpoints.create, { params: { business_id: businessId }, body }),
    onSuccess: invalidate,
  });
}

export function useRemoveAddOnGroup(businessId: string) {
  const invalidate = useInvalidateCatalogue(businessId);
  return useMutation({
    mutationFn: (groupId: string) => call(addOnGroupEndpoints.remove, { params: { business_id: businessId, group_id: groupId } }),
    onSuccess: invalidate,
  });
}
