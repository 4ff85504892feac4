import { checkoutEndpoints as endpoints } from '@merchant/payments';
import { registerEndpoint } from '@/http/endpoint';
import { SESSION_COOKIE, setSessionCookie } from '@/http/session-cookie';
import type { RouteHost } from '@/modules/module';
import type { CheckoutService } from './checkout.service';

export function checkoutRoutes(host: RouteHost, service: CheckoutService): void {
  const { app } = host;
  // As on the dashboard host (docs/security.md): a guest's token is signed for their cookie value.
  registerEndpoint(app, host, endpoints.csrfToken, async ({ ctx, req, reply }) => {
    if (ctx.session) return { token: ctx.session.csrfToken };
    const cookie = host.guestTokens.cookieValue(req.cookies[SESSION_COOKIE]);
    if (cookie.fresh) setSessionCookie(reply, cookie.value, host.secureCookies);
    return { token: host.guestTokens.tokenFor(cookie.value) };
  });
  // The page, start and confirm are built by presenters that write exactly the contract's keys (http/presented-answers.ts).
  const presented = { presented: true };
  registerEndpoint(app, host, endpoints.get, async ({ params }) => service.view(params.kind, params.public_id), presented);
  registerEndpoint(app, host, endpoints.start, async ({ params, body, ctx }) => service.start(params.kind, params.public_id, body, ctx), presented);
  registerEndpoint(app, host, endpoints.payment, async ({ params }) => service.payment(params.public_id));
  registerEndpoint(app, host, endpoints.confirm, async ({ params, body, ctx }) => service.confirm(params.public_id, body, ctx), presented);
  registerEndpoint(app, host, endpoints.challenge, async ({ params, body, ctx }) => service.challenge(params.public_id, body.decision, ctx));
  registerEndpoint(app, host, endpoints.qrScan, async ({ params, ctx }) => service.qrScan(params.public_id, ctx));
  registerEndpoint(app, host, endpoints.wallet, async ({ params, body, ctx }) => service.wallet(params.public_id, body.decision, ctx));
  registerEndpoint(app, host, endpoints.receipt, async ({ params }) => service.receipt(params.public_id));
}
