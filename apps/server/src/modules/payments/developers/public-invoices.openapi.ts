import { PUBLIC_INVOICES_PATHS, PublicInvoiceBodySchema, PublicInvoiceListSchema, PublicInvoiceSchema } from '@merchant/payments';
import { bodyOf, commonResponses, error, idempotencyKeyParameter, inDocument, json, pathId, type PublicApiPaths } from './public-api.openapi';

/** A query parameter of the document. */
export const queryParameter = (name: string, schema: Record<string, unknown>, description?: string) => ({
  name,
  in: 'query',
  schema,
  ...(description ? { description } : {}),
});

/** Laravel's page parameters. */
export const pageParameters = (perPage: number) => [
  queryParameter('page', { type: 'integer', minimum: 1, default: 1 }, 'The page, from 1'),
  queryParameter('per_page', { type: 'integer', minimum: 1, maximum: 100, default: perPage }, 'Items per page'),
];

/** A platform's key acting for a linked business names it here (docs/developers.md, "Platform accounts"). */
const linkedBusinessParameter = {
  name: 'X-LINKED-BUSINESS-ID',
  in: 'header',
  required: false,
  schema: { type: 'string', format: 'uuid' },
  description: 'A platform key: the linked business it reads in',
};

/** HitPay's invoices in the public API's document (HitPay's operation ids). */
export function publicInvoicesPaths(): PublicApiPaths {
  const common = commonResponses();
  const invoice = json(PublicInvoiceSchema, 'The invoice');
  const body = bodyOf(PublicInvoiceBodySchema);
  const notFound = error('No invoice of this id in the business');
  return {
    [inDocument(PUBLIC_INVOICES_PATHS.invoices)]: {
      get: {
        operationId: 'get-invoices',
        summary: 'Get all invoices (newest first, Laravel pages)',
        parameters: [
          ...pageParameters(10),
          queryParameter('customer_email', { type: 'string' }),
          queryParameter('status', { type: 'string', enum: ['draft', 'sent', 'pending', 'overdue', 'paid', 'partially_paid', 'canceled', 'refunded'] }),
          queryParameter('reference', { type: 'string' }),
        ],
        responses: { 200: json(PublicInvoiceListSchema, 'A page of invoices'), 422: error('Invalid filters'), ...common },
      },
      post: {
        operationId: 'create-invoice',
        summary: 'Create the invoice (out at once: mailed when send_email is 1)',
        parameters: [idempotencyKeyParameter],
        requestBody: body,
        responses: { 200: invoice, 409: error('A request with this Idempotency-Key is still running'), 422: error('Invalid input'), ...common },
      },
    },
    [inDocument(PUBLIC_INVOICES_PATHS.invoice)]: {
      get: {
        // HitPay's document has no read of one invoice: this operation and its id are ours.
        operationId: 'get-invoice',
        summary: 'Get the invoice (a platform key with X-LINKED-BUSINESS-ID: the invoices it made in that business)',
        parameters: [pathId('invoice_id'), linkedBusinessParameter],
        responses: { 200: invoice, 404: notFound, ...common },
      },
      put: {
        operationId: 'update-the-invoice',
        summary: 'Update the invoice (every field anew); a paid, partly paid or void invoice is final',
        parameters: [pathId('invoice_id')],
        requestBody: body,
        responses: { 200: invoice, 404: notFound, 409: error('Paid, partly paid or void: final'), 422: error('Invalid input'), ...common },
      },
      delete: {
        operationId: 'delete-invoice',
        summary: 'Delete the invoice (it is voided); a paid or partly paid invoice is final',
        parameters: [pathId('invoice_id')],
        responses: { 204: { description: 'Deleted' }, 404: notFound, 409: error('Paid, partly paid or void: final'), ...common },
      },
    },
  };
}
