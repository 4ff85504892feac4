import { discountEndpoints, surchargeEndpoints, taxEndpoints } from '@merchant/catalogue';
import { registerEndpoint } from '@/http/endpoint';
import type { RouteHost } from '@/modules/module';
import type { PricingSettingsService } from './pricing-settings.service';

export function pricingRoutes(host: RouteHost, pricing: PricingSettingsService): void {
  const { app } = host;
  const { taxes, discounts, surcharges } = pricing;

  registerEndpoint(app, host, taxEndpoints.list, async ({ ctx, query }) => taxes.list(ctx.business.row.id, query));
  registerEndpoint(app, host, taxEndpoints.get, async ({ ctx, params }) => taxes.get(ctx.business.row.id, params.tax_id));
  registerEndpoint(app, host, taxEndpoints.create, async ({ ctx, body }) => taxes.create(ctx, body));
  registerEndpoint(app, host, taxEndpoints.update, async ({ ctx, params, body }) => taxes.update(ctx, params.tax_id, body));
  registerEndpoint(app, host, taxEndpoints.archive, async ({ ctx, params }) => taxes.archive(ctx, params.tax_id));
  registerEndpoint(app, host, taxEndpoints.unarchive, async ({ ctx, params }) => taxes.unarchive(ctx, params.tax_id));
  registerEndpoint(app, host, taxEndpoints.settings, async ({ ctx }) => taxes.settings(ctx.business.row.id));
  registerEndpoint(app, host, taxEndpoints.saveSettings, async ({ ctx, body }) => taxes.saveSettings(ctx, body));

  registerEndpoint(app, host, discountEndpoints.list, async ({ ctx, query }) => discounts.list(ctx, query));
  registerEndpoint(app, host, discountEndpoints.get, async ({ ctx, params }) => discounts.get(ctx, params.discount_id));
  registerEndpoint(app, host, discountEndpoints.create, async ({ ctx, body }) => discounts.create(ctx, body));
  registerEndpoint(app, host, discountEndpoints.update, async ({ ctx, params, body }) => discounts.update(ctx, params.discount_id, body));
  registerEndpoint(app, host, discountEndpoints.archive, async ({ ctx, params }) => discounts.archive(ctx, params.discount_id));
  registerEndpoint(app, host, discountEndpoints.unarchive, async ({ ctx, params }) => discounts.unarchive(ctx, params.discount_id));

  registerEndpoint(app, host, surchargeEndpoints.list, async ({ ctx, query }) => surcharges.list(ctx, query));
  registerEndpoint(app, host, surchargeEndpoints.get, async ({ ctx, params }) => surcharges.get(ctx, params.surcharge_id));
  registerEndpoint(app, host, surchargeEndpoints.create, async ({ ctx, body }) => surcharges.create(ctx, body));
  registerEndpoint(app, host, surchargeEndpoints.update, async ({ ctx, params, body }) => surcharges.update(ctx, params.surcharge_id, body));
  registerEndpoint(app, host, surchargeEndpoints.archive, async ({ ctx, params }) => surcharges.archive(ctx, params.surcharge_id));
  registerEndpoint(app, host, surchargeEndpoints.unarchive, async ({ ctx, params }) => surcharges.unarchive(ctx, params.surcharge_id));
}
