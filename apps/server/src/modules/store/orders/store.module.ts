import { originOfKind } from '@merchant/core';
import type { BusinessService } from '@/modules/business/business/business.service';
import type { CatalogueService } from '@/modules/catalogue/products/products.module';
import type { WebhooksService } from '@/modules/payments/developers/webhooks.service';
import { defineModule, type Platform } from '@/modules/module';
import type { PricingModuleService } from '@/modules/catalogue/pricing/pricing.module';
import type { CouponsService } from '@/modules/store/coupons/coupons.service';
import type { ShippingService } from '@/modules/store/shipping/shipping.service';
import { minutes } from '@/modules/platform/jobs/jobs.service';
import type { ChargesService } from '@/modules/payments/charges/charges.service';
import type { NotificationSettingsService } from '@/modules/business/notification-settings/notification-settings.service';
import type { StoreSettingsService } from '@/modules/store/settings/store-settings.service';
import type { StorePagesService } from '@/modules/store/pages/store-pages.service';
import type { StoreThemesService } from '@/modules/store/themes/store-themes.service';
import type { BookingModuleService } from '@/modules/store/booking/booking.service';
import { storeOrdersRoutes } from './store-orders.routes';
import { createStoreOrdersService } from './store-orders.service';
import { createAbandonedCartsService } from './abandoned-carts.service';
import { createStorefrontService } from './storefront.service';
import type { StoreService } from './store.types';

export type { StoreService };

/**
 * The online store (docs/online-store.md): the storefront on each business's shop host, the orders it places (a
 * source of checkout payments) and their fulfilment in the dashboard.
 */
export const storeModule = defineModule({
  name: 'store',
  create: ({
    db,
    clock,
    config,
    mailer,
    audit,
    charges,
    catalogue,
    business,
    pricing,
    shipping,
    coupons,
    storeSettings,
    storePages,
    storeThemes,
    booking,
    notificationSettings,
    webhooks,
    changes,
  }: Pick<Platform, 'db' | 'clock' | 'config' | 'mailer' | 'audit' | 'changes'> & {
    charges: ChargesService;
    catalogue: Pick<CatalogueService, 'stock'>;
    business: Pick<BusinessService, 'purgeStorefront'>;
    pricing: Pick<PricingModuleService, 'prepareOrder' | 'redeemDiscounts' | 'releaseDiscounts'>;
    shipping: Pick<ShippingService, 'quoteDelivery' | 'listPickups'>;
    coupons: Pick<CouponsService, 'redeemCoupon' | 'releaseCoupon'>;
    storeSettings: Pick<StoreSettingsService, 'storefrontUrl'>;
    storePages: Pick<StorePagesService, 'published' | 'publishedLinks' | 'countView'>;
    storeThemes: Pick<StoreThemesService, 'liveContent' | 'draftOf'>;
    booking: BookingModuleService;
    notificationSettings: Pick<NotificationSettingsService, 'recipients'>;
    webhooks?: WebhooksService;
  }): StoreService => {
    const checkoutOrigin = originOfKind(config.publicUrl, 'checkout', config.baseDomain);
    // The verified custom domain once there is one (canonical URLs, mails, the status page), else the shop host.
    const storeOrigin = (business: { identifier: string; domain: string | null }) =>
      storeSettings.storefrontUrl({ identifier: business.identifier, customDomain: business.domain, customDomainVerified: business.domain !== null });
    const storefront = createStorefrontService({
      db,
      clock,
      catalogue,
      pricing,
      shipping,
      coupons,
      pages: storePages,
      themes: storeThemes,
      booking,
      purge: async (id, kind) => void (await business.purgeStorefront(id, kind)),
      storeOrigin,
      webhooks,
      changes,
    });
    const orders = createStoreOrdersService({
      db,
      clock,
      mailer,
      audit,
      charges,
      catalogue,
      coupons,
      pricing,
      checkoutOrigin,
      storeOrigin,
      dashboardOrigin: new URL(config.publicUrl).origin,
      recipients: (businessId, event, executor) => notificationSettings.recipients(businessId, event, executor),
      onStockChanged: (businessId) => storefront.purge(businessId, 'products').catch(() => undefined),
      webhooks,
    });
    // Every payment of a store order goes through this adapter: it locks the order and marks it paid once.
    charges.registerSource(orders.paymentSource);
    const abandoned = createAbandonedCartsService({ db, clock, mailer, storeOrigin });
    return { storefront, orders, abandoned, checkoutOrigin, themes: storeThemes, booking };
  },
  routes: storeOrdersRoutes,
  jobs: (jobs, service) => {
    jobs.schedule('store.release-unpaid', { every: minutes(15) }, async () => {
      await service.orders.releaseExpired();
    });
    // Abandoned carts' one recovery mail (docs/online-store.md, "Abandoned carts"): claimed per cart, so concurrent runs mail once.
    jobs.schedule('store.recover-carts', { every: minutes(10) }, async ({ data }) => {
      await service.abandoned.sendRecoveryMails(new Date(data.tick));
    });
  },
});
