import type { WebhooksService } from '@/modules/payments/developers/webhooks.service';
import { defineModule, type Platform } from '@/modules/module';
import type { PricingModuleService } from '@/modules/catalogue/pricing/pricing.module';
import type { CatalogueService } from '@/modules/catalogue/products/products.module';
import type { ChargesService } from '@/modules/payments/charges/charges.service';
import type { CustomersService } from '@/modules/payments/customers/customers.service';
import type { LedgerService } from '@/modules/payments/ledger/ledger.service';
import { createDevicesService } from './devices.service';
import { createDraftOrdersService } from './draft-orders.service';
import { createDrawersService } from './drawers.service';
import { createRegisterDraftsService } from './register-drafts.service';
import { createReceiptsService } from './receipts.service';
import { createOrdersService } from './orders.service';
import { createPinsService } from './pins.service';
import { posRoutes } from './pos.routes';
import { createSalesService } from './sales.service';

/**
 * The point of sale's orders (docs/pos.md): cash drawer sessions, register sales, orders and their refunds, the
 * order form's settings and each person's POS PIN. One module: a sale and a refund write the drawer's cash, the
 * order and its lines in one transaction.
 */
export const posOrdersModule = defineModule({
  name: 'pos',
  create: ({
    db,
    clock,
    audit,
    limiter,
    mailer,
    ledger,
    catalogue,
    charges,
    customers,
    pricing,
    webhooks,
  }: Pick<Platform, 'db' | 'clock' | 'audit' | 'limiter' | 'mailer'> & {
    ledger: LedgerService;
    catalogue: CatalogueService;
    charges: ChargesService;
    customers: CustomersService;
    pricing: PricingModuleService;
    webhooks?: WebhooksService;
  }) => {
    const pins = createPinsService({ db, clock, audit, limiter });
    return {
      pins,
      drawers: createDrawersService({ db, clock, audit, ledger, locations: catalogue.locations }),
      sales: createSalesService({ db, clock, audit, ledger, stock: catalogue.stock, charges, customers, pricing, locations: catalogue.locations, webhooks }),
      orders: createOrdersService({ db, clock, audit, ledger, stock: catalogue.stock, pins, charges, pricing, webhooks }),
      receipts: createReceiptsService({ db, audit, mailer, limiter, customers, locations: catalogue.locations }),
      devices: createDevicesService({ db, clock, audit, locations: catalogue.locations }),
      registerDrafts: createRegisterDraftsService({ db, clock, audit, locations: catalogue.locations, customers }),
      drafts: createDraftOrdersService({ db, clock, audit, products: catalogue.products, locations: catalogue.locations, customers }),
    };
  },
  routes: posRoutes,
});

export type PosService = ReturnType<typeof posOrdersModule.create>;
