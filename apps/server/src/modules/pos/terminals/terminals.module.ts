import { defineModule, type Platform } from '@/modules/module';
import type { CatalogueService } from '@/modules/catalogue/products/products.module';
import type { ChargesService } from '@/modules/payments/charges/charges.service';
import type { Processor } from '@/modules/payments/processor/processor.module';
import { createTerminalOrdersService } from './orders.service';
import { createQrPaymentsService } from './qr-payments.service';
import { createReaderPaymentsService } from './reader-payments.service';
import { createReadersService } from './readers.service';
import { terminalsRoutes } from './terminals.routes';

/**
 * Card terminals of the point of sale (docs/pos.md, "Card terminals"): orders of readers, pairing and managing
 * readers at the catalogue's locations, and card payments taken on a reader through the charges service.
 */
export const terminalsModule = defineModule({
  name: 'terminals',
  create: ({
    db,
    clock,
    audit,
    catalogue,
    charges,
    processor,
  }: Pick<Platform, 'db' | 'clock' | 'audit'> & {
    catalogue: Pick<CatalogueService, 'locations'>;
    charges: ChargesService;
    processor: Pick<Processor, 'testMode'>;
  }) => {
    const testMode = () => processor.testMode();
    const readers = createReadersService({ db, clock, audit, locations: catalogue.locations, testMode });
    return {
      readers,
      payments: createReaderPaymentsService({ db, clock, audit, charges, readers }),
      orders: createTerminalOrdersService({ db, clock, audit, testMode }),
      qrPayments: createQrPaymentsService({ charges, testMode }),
    };
  },
  routes: terminalsRoutes,
});

export type TerminalsService = ReturnType<typeof terminalsModule.create>;
