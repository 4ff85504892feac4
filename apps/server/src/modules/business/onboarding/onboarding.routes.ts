import '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fieldError } from '@merchant/core';
import { MAX_DOCUMENT_SIZE_LABEL, businessEndpoints, onboardingEndpoints } from '@merchant/business';
import { registerEndpoint } from '@/http/endpoint';
import { contentDisposition } from '@/lib/content-disposition';
import type { RouteHost } from '@/modules/module';
import type { OnboardingService } from './onboarding.service';

/** Reads the one `file` part of a multipart upload; size and shape problems are field issues on `file`. */
async function readUpload(app: FastifyInstance, req: FastifyRequest): Promise<{ fileName: string; declaredType: string; bytes: Buffer }> {
  const notMultipart = () => fieldError('ONBOARDING_DOCUMENT_INVALID', 'file', 'Send the document as multipart/form-data with one part named "file".');
  if (!req.isMultipart()) throw notMultipart();
  const part = await req.file().catch(() => undefined);
  if (!part || part.fieldname !== 'file') throw notMultipart();
  try {
    return { fileName: part.filename, declaredType: part.mimetype, bytes: await part.toBuffer() };
  } catch (error) {
    if (error instanceof app.multipartErrors.RequestFileTooLargeError) {
      throw fieldError('ONBOARDING_DOCUMENT_TOO_LARGE', 'file', `"${part.filename}" is larger than ${MAX_DOCUMENT_SIZE_LABEL}.`);
    }
    throw error;
  }
}

export function onboardingRoutes(host: RouteHost, service: OnboardingService): void {
  const { app } = host;

  registerEndpoint(app, host, businessEndpoints.onboardingProgress, async ({ ctx }) => service.progress(ctx.business.row));
  registerEndpoint(app, host, onboardingEndpoints.get, async ({ ctx }) => service.view(ctx.business.row));

  registerEndpoint(app, host, onboardingEndpoints.saveBusiness, async ({ ctx, body }) => service.saveStep(ctx, 'business', body));
  registerEndpoint(app, host, onboardingEndpoints.saveOwner, async ({ ctx, body }) => service.saveStep(ctx, 'owner', body));
  registerEndpoint(app, host, onboardingEndpoints.saveAddress, async ({ ctx, body }) => service.saveStep(ctx, 'address', body));
  registerEndpoint(app, host, onboardingEndpoints.saveSales, async ({ ctx, body }) => service.saveStep(ctx, 'sales', body));

  registerEndpoint(app, host, onboardingEndpoints.uploadDocument, async ({ ctx, query, req }) => {
    const file = await readUpload(app, req);
    return service.uploadDocument(ctx, query.kind, file);
  });

  registerEndpoint(app, host, onboardingEndpoints.downloadDocument, async ({ ctx, params, reply }) => {
    const { document, stream, size } = await service.openDocument(ctx.business.row, params.document_id);
    reply
      .header('Content-Type', document.contentType)
      .header('Content-Length', String(size))
      .header('Content-Disposition', contentDisposition(document.fileName))
      .header('Cache-Control', 'private, no-store');
    return stream;
  });

  registerEndpoint(app, host, onboardingEndpoints.deleteDocument, async ({ ctx, params }) => service.deleteDocument(ctx, params.document_id));

  registerEndpoint(app, host, onboardingEndpoints.submit, async ({ ctx }) => service.submit(ctx));
}
