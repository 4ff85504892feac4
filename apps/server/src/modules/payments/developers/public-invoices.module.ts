import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  PUBLIC_INVOICES_PATHS,
  PublicInvoiceBodySchema,
  PublicInvoiceListQuerySchema,
  type PublicInvoiceBody,
  type PublicInvoiceListQuery,
} from '@merchant/payments';
import { defineModule, type Platform } from '@/modules/module';
import type { CatalogueService } from '@/modules/catalogue/products/products.module';
import type { PricingModuleService } from '@/modules/catalogue/pricing/pricing.module';
import type { CustomersService } from '@/modules/payments/customers/customers.service';
import type { InvoicesService } from '@/modules/payments/invoices/invoices.service';
import type { PlatformAccountsService } from '@/modules/payments/platform-accounts/platform-accounts.service';
import { publicApiScope } from './public-api.scope';
import type { PublicApiService } from './public-api.service';
import { publicInvoicesPaths } from './public-invoices.openapi';
import { createPublicInvoicesApi } from './public-invoices.service';

type Deps = Pick<Platform, 'db' | 'config'> & {
  publicApi: PublicApiService;
  invoices: InvoicesService;
  customers: CustomersService;
  catalogue: CatalogueService;
  pricing: PricingModuleService;
  platformAccounts: PlatformAccountsService;
};

/** The API host's origin of this deployment (`https://api.<BASE_DOMAIN>`), where HitPay's list links point. */
export function apiOriginOf(config: Platform['config']): string {
  const url = new URL(config.publicUrl);
  url.hostname = `api.${config.baseDomain}`;
  return url.origin;
}

const InvoiceParamsSchema = z.object({ invoice_id: z.string().max(100) });

/** HitPay's invoices on the API host (docs/developers.md, "Public API: invoices, subscription plans, recurring billing"). */
export const publicInvoicesApiModule = defineModule({
  name: 'publicInvoicesApi',
  create: ({ db, config, publicApi, invoices, customers, catalogue, pricing, platformAccounts }: Deps) => ({
    publicApi,
    ...createPublicInvoicesApi({ db, apiOrigin: () => apiOriginOf(config), invoices, customers, catalogue, pricing, platformAccounts }),
  }),
  routes: (host, service) => {
    service.publicApi.describe(publicInvoicesPaths());
    const bodyOf = (req: FastifyRequest) => req.body as PublicInvoiceBody;
    const idOf = (req: FastifyRequest) => (req.params as z.output<typeof InvoiceParamsSchema>).invoice_id;
    publicApiScope(host, service.publicApi, ({ api, guard, caller, meta, idempotent }) => {
      api.get(
        PUBLIC_INVOICES_PATHS.invoices,
        { schema: { querystring: PublicInvoiceListQuerySchema, hide: true }, onRequest: guard('payments:view') },
        async (req) => service.listInvoices(caller(req), req.query as PublicInvoiceListQuery),
      );
      api.post(
        PUBLIC_INVOICES_PATHS.invoices,
        // A platform's key may make an invoice for a linked business (docs/developers.md, "Platform accounts").
        { schema: { body: PublicInvoiceBodySchema, hide: true }, onRequest: guard('payments:create', { platform: true }) },
        async (req, reply) => idempotent('invoices.create', req, reply, () => service.createInvoice(caller(req), meta(req), bodyOf(req))),
      );
      api.get(
        PUBLIC_INVOICES_PATHS.invoice,
        // A platform's key may read an invoice it made for a linked business (docs/developers.md, "Platform accounts").
        { schema: { params: InvoiceParamsSchema, hide: true }, onRequest: guard('payments:view', { platform: true }) },
        async (req) => service.getInvoice(caller(req), idOf(req)),
      );
      api.put(
        PUBLIC_INVOICES_PATHS.invoice,
        { schema: { params: InvoiceParamsSchema, body: PublicInvoiceBodySchema, hide: true }, onRequest: guard('payments:create') },
        async (req) => service.updateInvoice(caller(req), meta(req), idOf(req), bodyOf(req)),
      );
      api.delete(
        PUBLIC_INVOICES_PATHS.invoice,
        { schema: { params: InvoiceParamsSchema, hide: true }, onRequest: guard('payments:create') },
        async (req, reply) => {
          await service.deleteInvoice(caller(req), meta(req), idOf(req));
          return reply.status(204).send();
        },
      );
    });
  },
});
