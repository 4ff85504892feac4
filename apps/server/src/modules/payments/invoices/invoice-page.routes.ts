import { invoicePageEndpoints as endpoints } from '@merchant/payments';
import { registerEndpoint } from '@/http/endpoint';
import { SESSION_COOKIE, setSessionCookie } from '@/http/session-cookie';
import type { RouteHost } from '@/modules/module';
import type { InvoicePageService } from './invoice-page.service';

/** The customer's invoice page on the invoice host: no sign-in, the invoice's public id is the key. */
export function invoicePageRoutes(host: RouteHost, service: InvoicePageService): void {
  const { app } = host;
  // As on the checkout host: a guest's token is signed for their cookie value on this host.
  registerEndpoint(app, host, endpoints.csrfToken, async ({ ctx, req, reply }) => {
    if (ctx.session) return { token: ctx.session.csrfToken };
    const cookie = host.guestTokens.cookieValue(req.cookies[SESSION_COOKIE]);
    if (cookie.fresh) setSessionCookie(reply, cookie.value, host.secureCookies);
    return { token: host.guestTokens.tokenFor(cookie.value) };
  });
  registerEndpoint(app, host, endpoints.get, async ({ params }) => service.view(params.business_id, params.invoice));
  registerEndpoint(app, host, endpoints.pay, async ({ params, body, ctx }) => service.pay(params.business_id, params.invoice, body, ctx));
}
