import { defineModule, type Platform } from '@/modules/module';
import { createPricingSettingsService } from './pricing-settings.service';
import { pricingRoutes } from './pricing.routes';
import { createPricingService } from './pricing.service';

/**
 * The catalogue's money settings and what prices a sale with them (docs/catalogue.md, "Built (part 3)"): taxes and
 * the tax settings, discounts with their usage counters, surcharges; `prepareOrder` and `redeemDiscounts`, which the
 * register and the store call inside their own transaction.
 */
export const pricingModule = defineModule({
  name: 'pricing',
  create: ({ db, clock, audit }: Pick<Platform, 'db' | 'clock' | 'audit'>) => ({
    ...createPricingSettingsService({ db, clock, audit }),
    ...createPricingService(),
  }),
  routes: (host, service) => pricingRoutes(host, service),
});

export type PricingModuleService = ReturnType<typeof pricingModule.create>;
