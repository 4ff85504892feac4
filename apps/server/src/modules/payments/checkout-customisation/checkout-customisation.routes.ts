import '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fieldError } from '@merchant/core';
import { MAX_LOGO_BYTES, MAX_LOGO_SIZE_LABEL, checkoutCustomisationEndpoints as endpoints } from '@merchant/payments';
import { registerEndpoint } from '@/http/endpoint';
import type { RouteHost } from '@/modules/module';
import type { CheckoutCustomisationService } from './checkout-customisation.service';

/** Reads the one `file` part of a logo upload, refusing it past the size cap while it streams in. */
async function readLogo(app: FastifyInstance, req: FastifyRequest): Promise<{ bytes: Buffer }> {
  const notMultipart = () => fieldError('LOGO_INVALID', 'file', 'Send the logo as multipart/form-data with one part named "file".');
  if (!req.isMultipart()) throw notMultipart();
  const part = await req.file({ limits: { fileSize: MAX_LOGO_BYTES } }).catch(() => undefined);
  if (!part || part.fieldname !== 'file') throw notMultipart();
  try {
    return { bytes: await part.toBuffer() };
  } catch (error) {
    if (error instanceof app.multipartErrors.RequestFileTooLargeError) {
      throw fieldError('LOGO_TOO_LARGE', 'file', `The logo is larger than ${MAX_LOGO_SIZE_LABEL}.`);
    }
    throw error;
  }
}

export function checkoutCustomisationRoutes(host: RouteHost, service: CheckoutCustomisationService): void {
  const { app } = host;
  registerEndpoint(app, host, endpoints.get, async ({ ctx }) => service.view(ctx.business.row.id));
  registerEndpoint(app, host, endpoints.update, async ({ ctx, body }) => service.update(ctx, body));
  registerEndpoint(app, host, endpoints.uploadLogo, async ({ ctx, req }) => service.uploadLogo(ctx, await readLogo(app, req)));
  registerEndpoint(app, host, endpoints.removeLogo, async ({ ctx }) => service.removeLogo(ctx));

  // Each logo file has its own name, so it may be cached for good; a new upload is a new URL.
  const serve = async ({ params, reply }: { params: { business_id: string; file: string }; reply: FastifyReply }) => {
    const logo = await service.openLogo(params.business_id, params.file);
    reply
      .header('Content-Type', logo.contentType)
      .header('Content-Length', String(logo.size))
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('Content-Security-Policy', "default-src 'none'; sandbox");
    return logo.stream;
  };
  registerEndpoint(app, host, endpoints.logoFile, serve);
  registerEndpoint(app, host, endpoints.checkoutLogoFile, serve);
  registerEndpoint(app, host, endpoints.invoiceLogoFile, serve);
}
