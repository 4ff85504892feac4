import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentMethodDetailsSchema } from '@merchant/payments';
import { capturedLog } from './log-lines';
import { createBusiness } from './factories';
import { createTestContext, type TestContext } from './harness';

/**
 * Card numbers and CVCs never reach the log (docs/payments.md, "The processor"): the app's logger, at its
 * most talkative, through a confirm call that succeeds, one refused for its number, and one whose handler
 * fails with the body attached to the error and logs the body itself.
 */
const NUMBER = '4242424242424242';
const CVC = '737';
let t: TestContext;
const { logger, lines } = capturedLog('trace');

beforeAll(async () => {
  t = await createTestContext({}, { logger });
  const { charges } = t.services;
  let businessId = '';
  // The shape of the checkout's confirm call: the card details in the body, once.
  t.app.post('/confirm-probe/:mode', async (req, reply) => {
    const mode = (req.params as { mode: string }).mode;
    req.log.info({ body: req.body }, 'confirm called');
    const details = PaymentMethodDetailsSchema.parse((req.body as { details: unknown }).details);
    if (mode === 'crash') throw Object.assign(new Error('provider unreachable'), { body: req.body, details });
    const payment = await charges.start({ businessId, source: { type: 'static_qr', id: null }, amount: 10_00, currency: 'sgd' });
    const result = await charges.confirm(payment.publicId, details);
    return reply.send({ status: result.payment.status, last4: result.payment.cardLast4 });
  });
  businessId = (await createBusiness(t, { name: 'Card Logging Shop' })).id;
});
afterAll(() => t.close());

const body = (number: string) => ({ details: { method: 'card', card: { number, exp_month: 12, exp_year: 2030, cvc: CVC } } });

describe('the request log', () => {
  it('never carries a card number or a CVC', async () => {
    const ok = await t.app.inject({ method: 'POST', url: '/confirm-probe/pay', payload: body(NUMBER) });
    expect(ok.json()).toEqual({ status: 'succeeded', last4: '4242' });
    const refused = await t.app.inject({ method: 'POST', url: '/confirm-probe/pay', payload: body('4242424242424241') });
    expect(refused.statusCode).toBe(422);
    const crashed = await t.app.inject({ method: 'POST', url: '/confirm-probe/crash', payload: body(NUMBER) });
    expect(crashed.statusCode).toBe(500);

    const log = lines.join('');
    // The log did record these requests, their bodies and the error, censored.
    expect(log).toContain('confirm called');
    expect(log).toContain('provider unreachable');
    expect(log).toContain('[redacted]');
    expect(log).not.toContain(NUMBER);
    expect(log).not.toContain('4242424242424241');
    expect(log).not.toContain(`"${CVC}"`);
  });
});
