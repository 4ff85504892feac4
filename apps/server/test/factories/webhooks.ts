import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A merchant's event webhook receiver on a local port: it answers 503 while `down` says so of a request's parsed
 * body (all of them by default when `down` is true), 200 otherwise, `delayMs` after the request came, and keeps
 * every request as it came, raw body included, with the answer it got and when it came and was answered
 * (`performance.now()`).
 */
export async function webhookReceiver() {
  const received: (ReceivedWebhook & { answered: number; arrivedAt: number; answeredAt: number })[] = [];
  const state: { down: boolean | ((body: Record<string, unknown>) => boolean); delayMs: number } = { down: false, delayMs: 0 };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const arrivedAt = performance.now();
      const body = Buffer.concat(chunks).toString('utf8');
      const parsed = JSON.parse(body) as Record<string, unknown>;
      const down = typeof state.down === 'function' ? state.down(parsed) : state.down;
      const answer = () => {
        res.statusCode = down ? 503 : 200;
        received.push({ headers: req.headers, body, answered: res.statusCode, arrivedAt, answeredAt: performance.now() });
        res.end(down ? 'receiver is down' : 'thanks');
      };
      if (state.delayMs > 0) setTimeout(answer, state.delayMs);
      else answer();
    });
  });
  const url = await new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hitpay/events`)),
  );
  /** What the receiver took (answered 2xx), as `type object-id` in the order it came. */
  const accepted = () =>
    received.filter((r) => r.answered === 200).map((r) => `${String(r.headers['hitpay-event-type'])} ${String((JSON.parse(r.body) as { id: unknown }).id)}`);
  return { url, received, state, accepted, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
export type WebhookReceiver = Awaited<ReturnType<typeof webhookReceiver>>;

/** HitPay's documented check of an event webhook, written apart from the product's: HMAC-SHA256 of the raw body with the salt, hex. */
export const hitpaySignature = (salt: string, rawBody: string) =>
  createHmac('sha256', Buffer.from(salt, 'utf8')).update(Buffer.from(rawBody, 'utf8')).digest('hex');
