import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { categoryEndpoints, mediaEndpoints, productEndpoints, type Media, type UpdateMediaBody } from '@merchant/catalogue';
import { call } from './api-client';
import { endpointKey, endpointQuery, endpointScope, invalidateEndpoints } from './queries';

/**
 * The media library's queries and changes (docs/catalogue.md, "Images"): the online store's media screens and the
 * catalogue's image fields (products, categories) share them.
 */

export const MEDIA_PAGE_SIZE = 24;

export const mediaListQuery = (businessId: string, q: string | undefined, limit = MEDIA_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: endpointKey(mediaEndpoints.list, { params: { business_id: businessId }, query: { q, limit } }),
    queryFn: ({ pageParam, signal }) => call(mediaEndpoints.list, { params: { business_id: businessId }, query: { q, limit, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });

export const mediaQuery = (businessId: string, mediaId: string) =>
  endpointQuery(mediaEndpoints.get, { params: { business_id: businessId, media_id: mediaId } });

/** An image changed or went: the library, and the products and categories that show images. */
function useInvalidateMedia(businessId: string) {
  const client = useQueryClient();
  const params = { params: { business_id: businessId } };
  return () =>
    invalidateEndpoints(client, [
      endpointScope(mediaEndpoints.list, params),
      endpointScope(mediaEndpoints.get, params),
      endpointScope(productEndpoints.list, params),
      endpointScope(productEndpoints.get, params),
      endpointScope(categoryEndpoints.list, params),
      endpointScope(categoryEndpoints.get, params),
    ]);
}

/** Uploads one image (the server reads its bytes and makes its renditions); the caller shows the file's field error. */
export function useUploadMedia(businessId: string) {
  const invalidate = useInvalidateMedia(businessId);
  return useMutation({
    meta: { silent: true },
    mutationFn: ({ file, altText }: { file: File; altText?: string }): Promise<Media> => {
      const formData = new FormData();
      if (altText) formData.append('alt_text', altText);
      formData.append('file', file, file.name);
      return call(mediaEndpoints.upload, { params: { business_id: businessId }, formData });
    },
    onSuccess: invalidate,
  });
}

export function useUpdateMedia(businessId: string) {
  const invalidate = useInvalidateMedia(businessId);
  return useMutation({
    meta: { silent: true },
    mutationFn: ({ mediaId, body }: { mediaId: string; body: UpdateMediaBody }) =>
      call(mediaEndpoints.update, { params: { business_id: businessId, media_id: mediaId }, body }),
    onSuccess: invalidate,
  });
}

export function useRemoveMedia(businessId: string) {
  const invalidate = useInvalidateMedia(businessId);
  return useMutation({
    meta: { silent: true },
    mutationFn: ({ mediaId, detach }: { mediaId: string; detach: boolean }) =>
      call(mediaEndpoints.remove, { params: { business_id: businessId, media_id: mediaId }, query: { detach: detach ? 'true' : 'false' } }),
    onSuccess: invalidate,
  });
}

/** An image as a form holds it: which one, its alt text (edited in the form, saved on the image), its thumbnail. */
export interface ImageValue {
  media_id: string;
  alt_text: string;
  thumbnail: string;
}

export const imageValuesOf = (images: readonly { media_id: string; alt_text: string; urls: { w160: string } }[]): ImageValue[] =>
  images.map((i) => ({ media_id: i.media_id, alt_text: i.alt_text, thumbnail: i.urls.w160 }));

/** The images whose alt text the form changed, as the library's changes (saved with the product or category). */
export function altTextChanges(start: readonly ImageValue[], next: readonly ImageValue[]): { mediaId: string; body: UpdateMediaBody }[] {
  return next.flatMap((image) => {
    const was = start.find((s) => s.media_id === image.media_id);
    return was && was.alt_text === image.alt_text ? [] : [{ mediaId: image.media_id, body: { alt_text: image.alt_text.trim() } }];
  });
}

/** Saves the alt texts a form changed, one after another. */
export async function saveAltTexts(businessId: string, changes: { mediaId: string; body: UpdateMediaBody }[]): Promise<void> {
  for (const change of changes) await call(mediaEndpoints.update, { params: { business_id: businessId, media_id: change.mediaId }, body: change.body });
}
