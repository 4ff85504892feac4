import { invoiceReminderEndpoints } from '@merchant/payments';
import { registerEndpoint } from '@/http/endpoint';
import type { RouteHost } from '@/modules/module';
import type { InvoiceRemindersService } from './invoice-reminders.service';

export function invoiceRemindersRoutes(host: RouteHost, service: InvoiceRemindersService): void {
  const { app } = host;
  registerEndpoint(app, host, invoiceReminderEndpoints.get, async ({ ctx }) => service.get(ctx.business.row.id));
  registerEndpoint(app, host, invoiceReminderEndpoints.save, async ({ ctx, body }) => service.save(ctx, body));
}
