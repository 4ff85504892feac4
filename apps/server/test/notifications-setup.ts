import { expect } from 'vitest';
import { NOTIFICATIONS_SOCKET_PATH, type NotificationServerFrame } from '@merchant/business';
import { fillPath } from '@merchant/core';
import type { ChargesService } from '@/modules/payments/charges/charges.service';
import { card } from './factories/charges';
import type { Agent, TestContext } from './harness';
import { cookieOf, framesOf } from './socket-frames';

export { cookieOf };

/** The set-up the bell's tests share (notifications.test.ts on either database, notifications.postgres.test.ts). */

/** A payment of `amount` by card through a static QR code: the bell tells the business of it. */
export async function payByCard(charges: ChargesService, businessId: string, amount: number) {
  const started = await charges.start({ businessId, source: { type: 'static_qr', id: null }, amount, currency: 'sgd' });
  const { payment } = await charges.confirm(started.publicId, card());
  expect(payment.status).toBe('succeeded');
  return payment;
}

export const bellSocketPath = (businessId: string) => fillPath(NOTIFICATIONS_SOCKET_PATH, { business_id: businessId });

/** The bell's socket of the agent's person in the business, on `app`, once it said it is ready. */
export async function openBell(app: TestContext['app'], agent: Agent, businessId: string) {
  let next: ReturnType<typeof framesOf<NotificationServerFrame>> | undefined;
  const socket = await app.injectWS(
    bellSocketPath(businessId),
    { headers: { cookie: cookieOf(agent) } },
    { onInit: (ws) => void (next = framesOf<NotificationServerFrame>(ws)) },
  );
  await next!((f) => f.type === 'ready');
  return { socket, next: next! };
}
