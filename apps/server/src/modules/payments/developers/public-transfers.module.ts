import { defineModule, type Platform } from '@/modules/module';
import type { StaffService } from '@/modules/business/staff/staff.service';
import type { BeneficiariesService } from '@/modules/payments/send-money/beneficiaries.service';
import type { TransferViewsService } from '@/modules/payments/send-money/transfer-views.service';
import type { TransfersService } from '@/modules/payments/send-money/transfers.service';
import type { PublicApiService } from './public-api.service';
import { publicTransfersPaths } from './public-transfers.openapi';
import { publicTransfersRoutes } from './public-transfers.routes';
import { createPublicTransfersApi } from './public-transfers.service';

type Deps = Pick<Platform, 'config'> & {
  publicApi: PublicApiService;
  staff: StaffService;
  sendMoney: { beneficiaries: BeneficiariesService; transfers: TransfersService; views: TransferViewsService };
};

/** The API host's origin (`https://api.<BASE_DOMAIN>`), where the public API's lists point their pages. */
export function apiOrigin(config: { publicUrl: string; baseDomain: string }): string {
  const url = new URL(config.publicUrl);
  url.hostname = `api.${config.baseDomain}`;
  return url.origin;
}

/** HitPay's beneficiaries and transfers, and the 404s of virtual accounts and remitters (docs/developers.md, "Public API: money out"). */
export const publicTransfersApiModule = defineModule({
  name: 'publicTransfersApi',
  create: ({ config, publicApi, staff, sendMoney }: Deps) => ({
    publicApi,
    ...createPublicTransfersApi({ ...sendMoney, staff, origin: () => apiOrigin(config) }),
  }),
  routes: (host, service) => {
    service.publicApi.describe(publicTransfersPaths());
    publicTransfersRoutes(host, service.publicApi, service);
  },
});
