import { z } from 'zod';
import { CursorQuerySchema, defineEndpoint, fileAnswer, pageOf, text } from '@merchant/core';
import { BusinessParamsSchema } from '@merchant/business';

/**
 * The media library of a business (docs/catalogue.md, "Images"): images uploaded once, checked by their bytes
 * (JPEG, PNG, WebP or GIF, never SVG), kept with WebP renditions of 160, 480 and 1200 px, and shown by products (several,
 * in order, the first the primary one), categories (one) and the store. Files are served on immutable URLs named by
 * the media's id and the hash of its bytes.
 */

export const MAX_MEDIA_BYTES = 10 * 1024 * 1024;
export const MAX_MEDIA_SIZE_LABEL = '10 MB';
/** The longest side of each rendition (never enlarged: a small image keeps its size). */
export const MEDIA_RENDITION_WIDTHS = [160, 480, 1200] as const;
export type MediaRenditionWidth = (typeof MEDIA_RENDITION_WIDTHS)[number];
/** The formats the library takes, read from the file's bytes. */
export const MEDIA_FORMATS = {
  jpeg: { contentType: 'image/jpeg', extension: 'jpg' },
  png: { contentType: 'image/png', extension: 'png' },
  webp: { contentType: 'image/webp', extension: 'webp' },
  gif: { contentType: 'image/gif', extension: 'gif' },
} as const;
export type MediaFormat = keyof typeof MEDIA_FORMATS;
export const MEDIA_FORMAT_VALUES = Object.keys(MEDIA_FORMATS) as [MediaFormat, ...MediaFormat[]];
/** What the file picker offers (the server reads the bytes whatever the browser says). */
export const MEDIA_ACCEPT = Object.values(MEDIA_FORMATS)
  .map((f) => f.contentType)
  .join(',');
export const MAX_PRODUCT_IMAGES = 12;
export const MAX_ALT_TEXT = 250;

export const AltTextSchema = text().trim().max(MAX_ALT_TEXT, `Use at most ${MAX_ALT_TEXT} characters`);

/** Where an image is served: each rendition's URL and the original's. */
export const MediaUrlsSchema = z.object({
  w160: z.string(),
  w480: z.string(),
  w1200: z.string(),
  original: z.string(),
});
export type MediaUrls = z.infer<typeof MediaUrlsSchema>;

/** An image as a product or category shows it. */
export const ImageSchema = z.object({
  media_id: z.uuid(),
  alt_text: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  urls: MediaUrlsSchema,
});
export type Image = z.infer<typeof ImageSchema>;

export const MediaUseSchema = z.object({ kind: z.enum(['product', 'category']), id: z.uuid(), name: z.string() });
export type MediaUse = z.infer<typeof MediaUseSchema>;

export const MediaSchema = z.object({
  id: z.uuid(),
  file_name: z.string(),
  alt_text: z.string(),
  format: z.enum(MEDIA_FORMAT_VALUES),
  content_type: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** The original's size in bytes. */
  byte_size: z.number().int(),
  urls: MediaUrlsSchema,
  /** The products and categories that show it. */
  used_by: z.array(MediaUseSchema),
  created_at: z.string(),
});
export type Media = z.infer<typeof MediaSchema>;

export const MediaParamsSchema = BusinessParamsSchema.extend({ media_id: z.uuid() });

export const ListMediaQuerySchema = CursorQuerySchema.extend({
  /** Part of the file name or alt text. */
  q: text().trim().max(100, 'Use at most 100 characters').optional(),
});
export type ListMediaQuery = z.output<typeof ListMediaQuerySchema>;

export const UpdateMediaBodySchema = z.object({
  alt_text: AltTextSchema.optional(),
  file_name: text().trim().min(1, 'Enter a name').max(200, 'Use at most 200 characters').optional(),
});
export type UpdateMediaBody = z.input<typeof UpdateMediaBodySchema>;

/** `<media id>.<hash>.<w160|w480|w1200|original>.<ext>`: the name a file is served under. */
export const MEDIA_FILE_PATTERN = /^([0-9a-f-]{36})\.([0-9a-f]{16})\.(w160|w480|w1200|original)\.(webp|jpg|png|gif)$/;
export const MediaFileParamsSchema = BusinessParamsSchema.extend({ file: text().regex(MEDIA_FILE_PATTERN, 'Unknown media file') });

const mediaFileAnswer = fileAnswer(
  ['image/webp', 'image/jpeg', 'image/png', 'image/gif'],
  'The image (a WebP rendition, or the original as uploaded), cached for good',
);

export const mediaEndpoints = {
  list: defineEndpoint({
    id: 'media.list',
    method: 'GET',
    path: '/v1/business/:business_id/media',
    summary: 'The media library, newest first, searched by file name or alt text (cursor pages)',
    access: { kind: 'business', permission: 'catalogue:view', standing: 'merchant' },
    params: BusinessParamsSchema,
    query: ListMediaQuerySchema,
    response: pageOf(MediaSchema),
  }),
  get: defineEndpoint({
    id: 'media.get',
    method: 'GET',
    path: '/v1/business/:business_id/media/:media_id',
    summary: 'One image of the library, with where it is used',
    access: { kind: 'business', permission: 'catalogue:view', standing: 'merchant' },
    params: MediaParamsSchema,
    response: MediaSchema,
    errors: ['MEDIA_NOT_FOUND'],
  }),
  upload: defineEndpoint({
    id: 'media.upload',
    method: 'POST',
    path: '/v1/business/:business_id/media',
    summary: `Upload an image (multipart/form-data, one \`file\` part and an optional \`alt_text\` field; JPEG, PNG, WebP or GIF up to ${MAX_MEDIA_SIZE_LABEL}, read from its bytes)`,
    access: { kind: 'business', permission: 'catalogue:manage', standing: 'merchant' },
    params: BusinessParamsSchema,
    response: MediaSchema,
    status: 201,
    errors: ['MEDIA_INVALID', 'MEDIA_TOO_LARGE'],
  }),
  update: defineEndpoint({
    id: 'media.update',
    method: 'PATCH',
    path: '/v1/business/:business_id/media/:media_id',
    summary: "Change an image's alt text or file name",
    access: { kind: 'business', permission: 'catalogue:manage', standing: 'merchant' },
    params: MediaParamsSchema,
    body: UpdateMediaBodySchema,
    response: MediaSchema,
    errors: ['MEDIA_NOT_FOUND'],
  }),
  remove: defineEndpoint({
    id: 'media.remove',
    method: 'DELETE',
    path: '/v1/business/:business_id/media/:media_id',
    summary: 'Delete an image: refused while products or categories show it, unless `detach=true` takes it off them',
    access: { kind: 'business', permission: 'catalogue:manage', standing: 'merchant' },
    params: MediaParamsSchema,
    query: z.object({ detach: z.enum(['true', 'false']).default('false') }),
    response: z.object({ removed: z.literal(true), detached: z.number().int() }),
    errors: ['MEDIA_NOT_FOUND', 'MEDIA_IN_USE'],
  }),
  /** The files on the dashboard's host: public (customers see them in the store), immutable. */
  file: defineEndpoint({
    id: 'media.file',
    method: 'GET',
    path: '/v1/media-files/:business_id/:file',
    summary: 'An image file of the library (immutable URL)',
    access: { kind: 'public' },
    params: MediaFileParamsSchema,
    response: mediaFileAnswer,
    errors: ['MEDIA_NOT_FOUND'],
  }),
  /** The same files on the store's host, so the storefront shows them from its own origin. */
  shopFile: defineEndpoint({
    id: 'media.shopFile',
    method: 'GET',
    host: 'shop',
    path: '/v1/store-media/:business_id/:file',
    summary: 'An image file of the library on the store host (immutable URL)',
    access: { kind: 'public' },
    params: MediaFileParamsSchema,
    response: mediaFileAnswer,
    errors: ['MEDIA_NOT_FOUND'],
  }),
} as const;

export type MediaRendition = keyof MediaUrls;

/** The served name of one file of an image. */
export function mediaFileName(mediaId: string, hash: string, rendition: MediaRendition, format: MediaFormat): string {
  return `${mediaId}.${hash}.${rendition}.${rendition === 'original' ? MEDIA_FORMATS[format].extension : 'webp'}`;
}

/** Every URL of an image, on the dashboard's host (`app`, a path) or under the store's origin (`shop`). */
export function mediaUrls(
  where: { host: 'app' } | { host: 'shop'; origin: string },
  businessId: string,
  media: { id: string; hash: string; format: MediaFormat },
): MediaUrls {
  const base =
    where.host === 'app'
      ? mediaEndpoints.file.path.replace(':business_id', businessId).replace('/:file', '')
      : `${where.origin}${mediaEndpoints.shopFile.path.replace(':business_id', businessId).replace('/:file', '')}`;
  const url = (r: MediaRendition) => `${base}/${mediaFileName(media.id, media.hash, r, media.format)}`;
  return { w160: url('w160'), w480: url('w480'), w1200: url('w1200'), original: url('original') };
}
