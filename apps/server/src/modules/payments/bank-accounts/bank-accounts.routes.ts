import { bankAccountEndpoints } from '@merchant/payments';
import { registerEndpoint } from '@/http/endpoint';
import type { RouteHost } from '@/modules/module';
import type { BankAccountsService } from './bank-accounts.service';

export function bankAccountsRoutes(host: RouteHost, service: BankAccountsService): void {
  const { app } = host;
  const e = bankAccountEndpoints;

  registerEndpoint(app, host, e.list, async ({ ctx }) => service.list(ctx.business.row.id));
  registerEndpoint(app, host, e.get, async ({ ctx, params }) => service.get(ctx.business.row.id, params.bank_account_id));
  registerEndpoint(app, host, e.create, async ({ ctx, body }) => service.create(ctx, body));
  registerEndpoint(app, host, e.update, async ({ ctx, params, body }) => service.update(ctx, params.bank_account_id, body));
  registerEndpoint(app, host, e.setDefault, async ({ ctx, params }) => service.setDefault(ctx, params.bank_account_id));
  registerEndpoint(app, host, e.remove, async ({ ctx, params, body }) => {
    await service.remove(ctx, params.bank_account_id, body);
    return { removed: true as const };
  });
}
