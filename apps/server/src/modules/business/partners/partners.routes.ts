import { partnerEndpoints } from '@merchant/business';
import { registerEndpoint } from '@/http/endpoint';
import type { RouteHost } from '@/modules/module';
import type { PartnersService } from './partners.service';

export function partnersRoutes(host: RouteHost, partners: PartnersService): void {
  const { app } = host;
  registerEndpoint(app, host, partnerEndpoints.overview, async ({ ctx }) => partners.overview(ctx));
  registerEndpoint(app, host, partnerEndpoints.statement, async ({ ctx, query, reply }) => {
    const { csv, filename } = await partners.statement(ctx, query.month);
    reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`);
    return csv;
  });
  registerEndpoint(app, host, partnerEndpoints.referral, async ({ ctx }) => partners.referral(ctx));
  registerEndpoint(app, host, partnerEndpoints.commissions, async ({ ctx }) => partners.commissions(ctx));
  registerEndpoint(app, host, partnerEndpoints.linkedBusinesses, async ({ ctx }) => partners.linkedBusinesses(ctx));
  registerEndpoint(app, host, partnerEndpoints.businessPartners, async ({ ctx }) => partners.businessPartners(ctx));
  registerEndpoint(app, host, partnerEndpoints.endLink, async ({ ctx, params, body }) => partners.endLink(ctx, params.link_id, body.reason));
}
