import { expect } from 'vitest';
import { NOTIFICATIONS_SOCKET_PATH, type NotificationServerFrame } from '@merchant/business';
import { fillPath } from '@merchant/core';
import type { ChargesService } from '@/modules/payments/charges/charges.service';
import { card } from './factories/charges';
import type { Agent, TestContext } from './harness';

/** The set-up the bell's tests share (notifications.test.ts on either database, notifications.postgres.test.ts). */

/** A payment of `amount` by card through a static QR code: the bell tells the business of it. */
export async function payByCard(charges: ChargesService, businessId: string, amount: number) {
  const started = await charges.start({ businessId, source: { type: 'static_qr', id: null }, amount, currency: 'sgd' });
  const { payment } = await charges.confirm(started.publicId, card());
  expect(payment.status).toBe('succeeded');
  return payment;
}

/** The frames a socket receives; `next(match)` takes the first that matches, waiting for it. */
function framesOf(socket: { on(event: 'message', listener: (data: Buffer) => void): unknown }) {
  const frames: NotificationServerFrame[] = [];
  const waiting: (() => void)[] = [];
  socket.on('message', (data) => {
    frames.push(JSON.parse(data.toString()) as NotificationServerFrame);
    for (const wake of waiting.splice(0)) wake();
  });
  return async function next(match: (f: NotificationServerFrame) => boolean): Promise<NotificationServerFrame> {
    for (;;) {
      const index = frames.findIndex(match);
      if (index >= 0) return frames.splice(index, 1)[0]!;
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
  };
}

/** The agent's cookies as a request's `cookie` header. */
export const cookieOf = (agent: Agent) => [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

export const bellSocketPath = (businessId: string) => fillPath(NOTIFICATIONS_SOCKET_PATH, { business_id: businessId });

/** The bell's socket of the agent's person in the business, on `app`, once it said it is ready. */
export async function openBell(app: TestContext['app'], agent: Agent, businessId: string) {
  let next: ReturnType<typeof framesOf> | undefined;
  const socket = await app.injectWS(bellSocketPath(businessId), { headers: { cookie: cookieOf(agent) } }, { onInit: (ws) => void (next = framesOf(ws)) });
  await next!((f) => f.type === 'ready');
  return { socket, next: next! };
}
