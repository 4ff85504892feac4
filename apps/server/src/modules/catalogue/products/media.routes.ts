import '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fieldError } from '@merchant/core';
import { MAX_ALT_TEXT, MAX_MEDIA_BYTES, MAX_MEDIA_SIZE_LABEL, mediaEndpoints } from '@merchant/catalogue';
import { registerEndpoint } from '@/http/endpoint';
import type { RouteHost } from '@/modules/module';
import type { MediaService, MediaUpload } from './media.service';

/** Reads an upload: one `file` part (refused past the size cap while it streams in) and an optional `alt_text` field. */
async function readUpload(app: FastifyInstance, req: FastifyRequest): Promise<MediaUpload> {
  const notMultipart = () => fieldError('MEDIA_INVALID', 'file', 'Send the image as multipart/form-data with one part named "file".');
  if (!req.isMultipart()) throw notMultipart();
  let file: { bytes: Buffer; fileName: string } | null = null;
  let altText = '';
  try {
    for await (const part of req.parts({ limits: { fileSize: MAX_MEDIA_BYTES, fieldSize: MAX_ALT_TEXT * 4 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) throw notMultipart();
        file = { bytes: await part.toBuffer(), fileName: part.filename };
      } else if (part.fieldname === 'alt_text' && typeof part.value === 'string') {
        altText = part.value.trim();
      }
    }
  } catch (error) {
    if (error instanceof app.multipartErrors.RequestFileTooLargeError) {
      throw fieldError('MEDIA_TOO_LARGE', 'file', `The image is larger than ${MAX_MEDIA_SIZE_LABEL}.`);
    }
    if (error instanceof Error && 'code' in error && typeof error.code === 'string' && error.code.startsWith('FST_')) throw notMultipart();
    throw error;
  }
  if (!file) throw notMultipart();
  return { ...file, altText };
}

export function mediaRoutes(host: RouteHost, media: MediaService): void {
  const { app } = host;
  registerEndpoint(app, host, mediaEndpoints.list, async ({ ctx, query }) => media.list(ctx.business.row.id, query));
  registerEndpoint(app, host, mediaEndpoints.get, async ({ ctx, params }) => media.get(ctx.business.row.id, params.media_id));
  registerEndpoint(app, host, mediaEndpoints.upload, async ({ ctx, req }) => media.upload(ctx, await readUpload(app, req)));
  registerEndpoint(app, host, mediaEndpoints.update, async ({ ctx, params, body }) => media.update(ctx, params.media_id, body));
  registerEndpoint(app, host, mediaEndpoints.remove, async ({ ctx, params, query }) => media.remove(ctx, params.media_id, query.detach === 'true'));

  // Each file's name carries the image's id and the hash of its bytes, so it may be cached for good.
  const serve = async ({ params, reply }: { params: { business_id: string; file: string }; reply: FastifyReply }) => {
    const file = await media.openFile(params.business_id, params.file);
    reply
      .header('Content-Type', file.contentType)
      .header('Content-Length', String(file.content.length))
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox");
    return file.content;
  };
  registerEndpoint(app, host, mediaEndpoints.file, serve);
  registerEndpoint(app, host, mediaEndpoints.shopFile, serve);
}
