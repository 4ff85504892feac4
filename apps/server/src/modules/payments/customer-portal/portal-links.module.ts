import { originOfKind } from '@merchant/core';
import { defineModule, type Platform } from '@/modules/module';
import { createPortalLinks } from './portal-links.service';

/** Signed portal links, before the modules whose mails carry them (subscriptions); the portal itself checks them. */
export const portalLinksModule = defineModule({
  name: 'portalLinks',
  create: ({ db, clock, config }: Pick<Platform, 'db' | 'clock' | 'config'>) =>
    createPortalLinks({ db, clock, invoiceOrigin: originOfKind(config.publicUrl, 'invoice', config.baseDomain) }),
});
