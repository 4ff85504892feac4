import { AppError, fieldError } from '@merchant/core';
import { MEDIA_FILE_PATTERN, type ListMediaQuery, type Media, type MediaRendition } from '@merchant/catalogue';
import type { Executor } from '@/db/client';
import type { BusinessContext } from '@/http/context';
import type { Clock } from '@/lib/clock';
import { newTimeOrderedId } from '@/lib/crypto';
import { decodeCursor, pageFrom } from '@/lib/cursor';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import { processImage } from './media-images';
import { presentMedia } from './media.presenter';
import { mediaRepository as repo, type MediaRow } from './media.repository';

export const mediaNotFound = () => new AppError('MEDIA_NOT_FOUND', 'Image not found.');

/** What a route read of an upload: the bytes and the name the browser gave (only shown, never trusted). */
export interface MediaUpload {
  bytes: Buffer;
  fileName: string;
  altText: string;
}

/** A file name as the library shows it: the browser's, without its folders, trimmed; "image" when empty. */
function cleanFileName(name: string): string {
  const base = [...(name.split(/[\\/]/).pop() ?? '')]
    .filter((c) => c.charCodeAt(0) > 0x1f && c.charCodeAt(0) !== 0x7f)
    .join('')
    .trim();
  return (base || 'image').slice(0, 200);
}

/**
 * The media library (docs/catalogue.md, "Images"): uploads are checked by their bytes and resized before the
 * transaction that keeps them; files are read one at a time, by the immutable name their URL carries.
 */
export function createMediaService(deps: { db: Executor; clock: Clock; audit: AuditService }) {
  const { db, clock, audit } = deps;

  const recordIn = (tx: Executor, ctx: BusinessContext, objectId: string, action: string, description: string) =>
    audit.record(tx, ctx, { action, description, actorUserId: ctx.user.id, businessId: ctx.business.row.id, objectType: 'media', objectId });

  async function present(executor: Executor, businessId: string, rows: MediaRow[]): Promise<Media[]> {
    const uses = await repo.usesOf(
      executor,
      businessId,
      rows.map((r) => r.id),
    );
    return rows.map((r) => presentMedia(r, uses));
  }

  async function getIn(executor: Executor, businessId: string, id: string): Promise<Media> {
    const row = await repo.find(executor, businessId, id);
    if (!row) throw mediaNotFound();
    return (await present(executor, businessId, [row]))[0]!;
  }

  return {
    async list(businessId: string, query: ListMediaQuery) {
      const rows = await repo.page(db, businessId, query.q || undefined, query.limit, decodeCursor(query.cursor));
      const page = pageFrom(rows, query.limit, (r) => ({ createdAt: r.createdAt, id: r.id }));
      return { data: await present(db, businessId, page.rows), next_cursor: page.nextCursor };
    },

    get: (businessId: string, id: string) => getIn(db, businessId, id),

    async upload(ctx: BusinessContext, upload: MediaUpload): Promise<Media> {
      const businessId = ctx.business.row.id;
      if (upload.altText.length > 250) throw fieldError('VALIDATION_FAILED', 'alt_text', 'Use at most 250 characters');
      // Decoding and resizing take a while: done before the transaction, which only writes.
      const image = await processImage(upload.bytes);
      const now = clock.now();
      const id = newTimeOrderedId(now.getTime());
      const fileName = cleanFileName(upload.fileName);
      return db.transaction(async (tx) => {
        await repo.insert(
          tx,
          {
            businessId,
            id,
            fileName,
            altText: upload.altText,
            format: image.format,
            width: image.width,
            height: image.height,
            byteSize: upload.bytes.length,
            hash: image.hash,
            createdBy: ctx.user.id,
            createdAt: now,
            updatedAt: now,
          },
          image.files.map((f) => ({ businessId, mediaId: id, ...f })),
        );
        await recordIn(tx, ctx, id, 'media.uploaded', `Uploaded the image “${fileName}” (${image.width}×${image.height})`);
        return getIn(tx, businessId, id);
      });
    },

    async update(ctx: BusinessContext, id: string, body: { alt_text?: string | undefined; file_name?: string | undefined }): Promise<Media> {
      const businessId = ctx.business.row.id;
      return db.transaction(async (tx) => {
        const current = await repo.find(tx, businessId, id, true);
        if (!current) throw mediaNotFound();
        await repo.update(tx, businessId, id, {
          ...(body.alt_text !== undefined && { altText: body.alt_text }),
          ...(body.file_name !== undefined && { fileName: body.file_name }),
          updatedAt: clock.now(),
        });
        await recordIn(tx, ctx, id, 'media.updated', `Edited the image “${body.file_name ?? current.fileName}”`);
        return getIn(tx, businessId, id);
      });
    },

    /** Deletes an image; while products or categories show it, only with `detach`, which takes it off them first. */
    async remove(ctx: BusinessContext, id: string, detach: boolean): Promise<{ removed: true; detached: number }> {
      const businessId = ctx.business.row.id;
      return db.transaction(async (tx) => {
        const current = await repo.find(tx, businessId, id, true);
        if (!current) throw mediaNotFound();
        const uses = await repo.usesOf(tx, businessId, [id]);
        if (uses.length > 0 && !detach) {
          const names = uses.map((u) => u.name);
          throw new AppError(
            'MEDIA_IN_USE',
            `This image is shown by ${names.length === 1 ? names[0] : `${names.length} products and categories`}. Confirm to take it off and delete it.`,
          );
        }
        const detached = detach ? await repo.detach(tx, businessId, id) : 0;
        await repo.remove(tx, businessId, id);
        await recordIn(tx, ctx, id, 'media.deleted', `Deleted the image “${current.fileName}”${detached > 0 ? ` (taken off ${detached})` : ''}`);
        return { removed: true as const, detached };
      });
    },

    /** A file by its served name (`<id>.<hash>.<rendition>.<ext>`): one statement, no transaction. */
    async openFile(businessId: string, file: string): Promise<{ contentType: string; content: Buffer }> {
      const match = MEDIA_FILE_PATTERN.exec(file);
      if (!match) throw mediaNotFound();
      const [, mediaId, hash, rendition, extension] = match;
      const found = await repo.file(db, businessId, mediaId!, hash!, rendition as MediaRendition);
      if (!found) throw mediaNotFound();
      // The extension the URL names must be the file's (a rendition is WebP; the original keeps its format).
      const expected = found.contentType === 'image/jpeg' ? 'jpg' : found.contentType.slice('image/'.length);
      if (expected !== extension) throw mediaNotFound();
      return found;
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
