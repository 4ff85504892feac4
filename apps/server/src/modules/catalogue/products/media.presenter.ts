import { mediaUrls, MEDIA_FORMATS, type Image, type Media, type MediaUse } from '@merchant/catalogue';
import type { MediaRow, MediaUseRow } from './media.repository';

/** Where the URLs point: the dashboard's host (paths), or a store's origin (absolute, for its pages and og:image). */
export type MediaHost = { host: 'app' } | { host: 'shop'; origin: string };
const APP: MediaHost = { host: 'app' };

/** What an image shows of its media row. */
export type ImageFacts = Pick<MediaRow, 'id' | 'businessId' | 'altText' | 'width' | 'height' | 'hash' | 'format'>;

/** An image as a product, a category or the store shows it. */
export function presentImage(row: ImageFacts, where: MediaHost = APP): Image {
  return { media_id: row.id, alt_text: row.altText, width: row.width, height: row.height, urls: mediaUrls(where, row.businessId, row) };
}

export function presentMedia(row: MediaRow, uses: MediaUseRow[]): Media {
  return {
    id: row.id,
    file_name: row.fileName,
    alt_text: row.altText,
    format: row.format,
    content_type: MEDIA_FORMATS[row.format].contentType,
    width: row.width,
    height: row.height,
    byte_size: row.byteSize,
    urls: mediaUrls(APP, row.businessId, row),
    used_by: uses.filter((u) => u.mediaId === row.id).map((u): MediaUse => ({ kind: u.kind, id: u.id, name: u.name })),
    created_at: row.createdAt.toISOString(),
  };
}
