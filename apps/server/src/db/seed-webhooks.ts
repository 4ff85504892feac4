import { PaymentMethodDetailsSchema } from '@merchant/payments';
import type { AppConfig } from '../config';
import { fixedClock } from '../lib/clock';
import { newTimeOrderedId } from '../lib/crypto';
import { webhooksRepository } from '../modules/payments/developers/webhooks.repository';
import { buildServices, quietSideEffects } from '../services';
import type { Executor } from './client';
import { seedMember } from './seed-context';

const CARD = PaymentMethodDetailsSchema.parse({ method: 'card', card: { number: '4242424242424242', exp_month: 12, exp_year: 2031, cvc: '123' } });
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** The demo's two event webhook endpoints (docs/developers.md, "Event webhooks", "Demo"). */
export const DEMO_WEBHOOKS = {
  /** A `.invalid` name (RFC 6761: it never resolves): every attempt fails, retried, and three days on it is disabled. */
  failing: 'https://hooks.demo-coffee-roasters.invalid/hitpay/events',
  /** The shop's order system (a `.example` name): its history shows deliveries answered 2xx, one after a retry. */
  working: 'https://erp.demo-coffee-roasters.example/hitpay/events',
} as const;

/**
 * The demo business's two webhook endpoints with a history of deliveries, made after the demo history (so its
 * hundreds of payments make no deliveries): four days ago three card payments were taken, whose `charge.created`
 * went to both endpoints.
 *
 * - The failing endpoint's deliveries go through the delivery job's own code (`webhooks.deliver`, the outbound guard,
 *   the attempt log): they fail (the name never resolves), are retried after 30 s and 2 min, and 72 hours after the
 *   first failure the next attempt disables the endpoint (audited; the owners' mail is not sent by the seed) and
 *   gives its other deliveries up.
 * - The working endpoint's answers cannot come from the network here (no receiver exists at that name, and the dev
 *   machine may have no network at all): its attempts are written through the repository the delivery job writes
 *   with (`insertAttempt`, `setDeliveryStatus`), as the job would after a 200 (one after a 503 first), plus a test
 *   event sent from the Developers screen.
 */
export async function seedDemoWebhooks(db: Executor, businessId: string, ownerId: string, now: Date, config: AppConfig): Promise<{ deliveries: number }> {
  const start = new Date(now.getTime() - 4 * 24 * HOUR_MS);
  const clock = fixedClock(start);
  // Jobs are kept nowhere: the seed makes each attempt itself, through the job's code.
  const { services } = buildServices({ db, clock, config, ...quietSideEffects });
  const { webhooks, charges } = services;
  const owner = await seedMember(db, services, businessId, ownerId);
  const failing = await webhooks.create(owner, { url: DEMO_WEBHOOKS.failing, events: ['charge.created', 'charge.updated', 'payment_request.completed'] });
  const working = await webhooks.create(owner, {
    url: DEMO_WEBHOOKS.working,
    events: ['charge.created', 'charge.updated', 'order.created', 'order.updated', 'transfer.paid'],
  });

  for (const [i, amount] of [18_50, 42_00, 7_80].entries()) {
    clock.set(new Date(start.getTime() + i * 20 * MINUTE_MS));
    const started = await charges.start({
      businessId,
      source: { type: 'static_qr', id: null },
      amount,
      currency: 'sgd',
      customer: { name: 'Walk-in customer', email: null },
    });
    await charges.confirm(started.publicId, CARD);
  }
  const deliveriesOf = async (id: string) => (await webhooks.deliveries(businessId, id, { limit: 100 })).data.slice().reverse();

  // The failing endpoint: three attempts of each delivery through the job's code, then the disable.
  const attempt = async (deliveryId: string, at: Date) => {
    clock.set(at);
    await webhooks.deliver({ business_id: businessId, delivery_id: deliveryId }).catch(() => undefined);
  };
  const failed = await deliveriesOf(failing.id);
  for (const d of failed) {
    const first = new Date(d.created_at).getTime();
    for (const wait of [0, 30_000, 150_000]) await attempt(d.id, new Date(first + wait + 200));
  }
  const disableAt = new Date(start.getTime() + 73 * HOUR_MS);
  for (const d of failed) await attempt(d.id, disableAt);

  // The working endpoint: answered 200 (the second after a 503 first, retried 30 s later), and a test event.
  clock.set(new Date(start.getTime() + 2 * HOUR_MS));
  await webhooks.sendTest(owner, working.id);
  const answered = await deliveriesOf(working.id);
  for (const [i, d] of answered.entries()) {
    const at = new Date(d.created_at).getTime() + 350;
    const answers = i === 1 ? [503, 200] : [200];
    await db.transaction(async (tx) => {
      for (const [n, status] of answers.entries()) {
        const ok = status === 200;
        await webhooksRepository.insertAttempt(tx, {
          businessId,
          id: newTimeOrderedId(at + n * 30_000),
          deliveryId: d.id,
          endpointId: working.id,
          attempt: n + 1,
          responseStatus: status,
          responseExcerpt: ok ? '{"received":true}' : 'Service Unavailable',
          error: ok ? null : `The endpoint answered ${status}`,
          durationMs: ok ? 140 + i * 12 : 2_010,
          succeeded: ok,
          createdAt: new Date(at + n * 30_000),
        });
      }
      await webhooksRepository.setDeliveryStatus(tx, businessId, d.id, 'succeeded');
    });
  }
  return { deliveries: failed.length + answered.length };
}
