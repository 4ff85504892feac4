import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  PUBLIC_CUSTOMERS_PATHS,
  PublicCursorQuerySchema,
  PublicCustomerBodySchema,
  PublicCustomerListSchema,
  PublicCustomerPatchSchema,
  PublicCustomerSchema,
  type PublicCursorQuery,
  type PublicCustomerBody,
  type PublicCustomerPatch,
} from '@merchant/payments';
import { defineModule } from '@/modules/module';
import type { CustomersService } from '@/modules/payments/customers/customers.service';
import { bodyOf, commonResponses, error, idempotencyKeyParameter, inDocument, json, pathId, schemaOf, type PublicApiPaths } from './public-api.openapi';
import { publicApiScope } from './public-api.scope';
import { pathOf } from './public-resources';
import type { PublicApiService } from './public-api.service';
import { createPublicCustomersApi } from './public-customers.service';

const CustomerParamsSchema = z.object({ customer_id: z.string().max(100) });
const idOf = (req: FastifyRequest) => (req.params as z.output<typeof CustomerParamsSchema>).customer_id;

/** HitPay's customers in the public API's own document. */
function publicCustomersPaths(): PublicApiPaths {
  const customer = json(PublicCustomerSchema, 'The customer');
  const missing = error('No customer of this id in the business');
  const query = (name: string, schema: z.ZodType) => ({ name, in: 'query', schema: schemaOf(schema, 'input') });
  return {
    [inDocument(PUBLIC_CUSTOMERS_PATHS.customers)]: {
      get: {
        operationId: 'get-all-customers',
        summary: 'Get All Customers (newest first; `cursor` from `meta.next_cursor`)',
        parameters: [
          query('per_page', PublicCursorQuerySchema.shape.per_page),
          query('page', PublicCursorQuerySchema.shape.page),
          query('cursor', PublicCursorQuerySchema.shape.cursor),
        ],
        responses: { 200: json(PublicCustomerListSchema, 'A page of customers'), ...commonResponses() },
      },
      post: {
        operationId: 'create-customer',
        summary: 'Create a customer',
        parameters: [idempotencyKeyParameter],
        requestBody: bodyOf(PublicCustomerBodySchema),
        responses: { 201: customer, 422: error('Invalid input, or an email another customer has'), ...commonResponses() },
      },
    },
    [inDocument(PUBLIC_CUSTOMERS_PATHS.customer)]: {
      get: {
        operationId: 'get-customer-details',
        summary: 'Get Customer Detail',
        parameters: [pathId('customer_id')],
        responses: { 200: customer, 404: missing, ...commonResponses() },
      },
      patch: {
        operationId: 'update-customer',
        summary: 'Update Customer (only the fields sent change)',
        parameters: [pathId('customer_id')],
        requestBody: bodyOf(PublicCustomerPatchSchema),
        responses: { 200: customer, 404: missing, 422: error('Invalid input'), ...commonResponses() },
      },
      delete: {
        operationId: 'delete-customer',
        summary: 'Delete Customer (one with payments, orders, invoices or subscriptions is kept: 409)',
        parameters: [pathId('customer_id')],
        responses: { 204: { description: 'Deleted' }, 404: missing, 409: error('The customer is in use'), ...commonResponses() },
      },
    },
  };
}

type Deps = { publicApi: PublicApiService; customers: CustomersService };

/** HitPay's customers (`/v1/customers`) over the Payments section's customers (docs/developers.md). */
export const publicCustomersApiModule = defineModule({
  name: 'publicCustomersApi',
  create: ({ publicApi, customers }: Deps) => ({ publicApi, ...createPublicCustomersApi({ customers }) }),
  routes: (host, service) => {
    service.publicApi.describe(publicCustomersPaths());
    publicApiScope(host, service.publicApi, ({ api, guard, caller, meta, idempotent }) => {
      const params = CustomerParamsSchema;
      api.get(
        PUBLIC_CUSTOMERS_PATHS.customers,
        { schema: { querystring: PublicCursorQuerySchema, hide: true }, onRequest: guard('payments:view') },
        async (req) => service.listCustomers(caller(req), pathOf(req), req.query as PublicCursorQuery),
      );
      api.post(
        PUBLIC_CUSTOMERS_PATHS.customers,
        { schema: { body: PublicCustomerBodySchema, hide: true }, onRequest: guard('payments:create') },
        async (req, reply) =>
          idempotent('customers.create', req, reply, async () => {
            const made = await service.createCustomer(caller(req), meta(req), req.body as PublicCustomerBody);
            void reply.status(201);
            return made;
          }),
      );
      api.get(PUBLIC_CUSTOMERS_PATHS.customer, { schema: { params, hide: true }, onRequest: guard('payments:view') }, async (req) =>
        service.getCustomer(caller(req), idOf(req)),
      );
      api.patch(
        PUBLIC_CUSTOMERS_PATHS.customer,
        { schema: { params, body: PublicCustomerPatchSchema, hide: true }, onRequest: guard('payments:create') },
        async (req) => service.updateCustomer(caller(req), meta(req), idOf(req), req.body as PublicCustomerPatch),
      );
      api.delete(PUBLIC_CUSTOMERS_PATHS.customer, { schema: { params, hide: true }, onRequest: guard('payments:create') }, async (req, reply) => {
        await service.deleteCustomer(caller(req), meta(req), idOf(req));
        return reply.status(204).send();
      });
    });
  },
});
