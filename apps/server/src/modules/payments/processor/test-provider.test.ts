import { describe, expect, it } from 'vitest';
import { CardDetailsSchema, TEST_CARDS, type PaymentMethodDetails } from '@merchant/payments';
import { crc16 } from './paynow-qr';
import { ProcessorUnavailableError } from './provider';
import { cardBrand, createTestProvider, memoryStore, queuedFaults, TEST_PAYNOW_UEN } from './test-provider';

const provider = createTestProvider();
const now = new Date('2026-11-01T09:00:00Z');
let keys = 0;
/** A new idempotency key (each call below is a call of its own). */
const key = () => `key_${++keys}`;

async function intent(amount = 12_34, currency = 'sgd') {
  return provider.createIntent({ paymentPublicId: 'pay_TEST', amount, currency, merchantName: 'Demo Coffee Roasters' });
}

function card(number: string, overrides: Partial<{ exp_month: number; exp_year: number; cvc: string }> = {}): PaymentMethodDetails {
  return { method: 'card', card: CardDetailsSchema.parse({ number, exp_month: 12, exp_year: 2030, cvc: '123', ...overrides }) };
}

describe('the test-mode provider', () => {
  it('succeeds with 4242 4242 4242 4242 and keeps only a token, the brand, the last 4 and the expiry', async () => {
    const outcome = await provider.confirm(await intent(), card('4242 4242 4242 4242'), now, key());
    expect(outcome.status).toBe('succeeded');
    if (outcome.status !== 'succeeded') return;
    expect(outcome.card).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 });
    expect(outcome.card?.token).toMatch(/^tok_/);
    expect(JSON.stringify(outcome)).not.toContain('4242424242424242');
    expect(JSON.stringify(outcome)).not.toContain('123"');
  });

  it('declines 4000 0000 0000 0002 and fails 4000 0000 0000 9995 for insufficient funds', async () => {
    expect(await provider.confirm(await intent(), card('4000000000000002'), now, key())).toMatchObject({ status: 'failed', failure: 'card_declined' });
    expect(await provider.confirm(await intent(), card('4000000000009995'), now, key())).toMatchObject({ status: 'failed', failure: 'insufficient_funds' });
  });

  it('asks 4000 0000 0000 3220 for a 3-D Secure challenge, which approve passes and fail fails', async () => {
    const i = await intent();
    expect(await provider.confirm(i, card('4000000000003220'), now, key())).toMatchObject({ status: 'requires_action', action: { kind: 'three_d_secure' } });
    expect(await provider.completeAction(i, 'card', 'approve', key())).toEqual({ status: 'succeeded' });
    expect(await provider.completeAction(i, 'card', 'fail', key())).toEqual({ status: 'failed', failure: 'authentication_failed' });
  });

  it('documents every test card it knows, and lets any other Luhn-valid number succeed', async () => {
    for (const { number } of TEST_CARDS) {
      expect((await provider.confirm(await intent(), card(number), now, key())).status).not.toBe('refused');
    }
    expect(await provider.confirm(await intent(), card('5555555555554444'), now, key())).toMatchObject({
      status: 'succeeded',
      card: { brand: 'mastercard', last4: '4444' },
    });
  });

  it('refuses a number failing Luhn before any charge', async () => {
    expect(await provider.confirm(await intent(), card('4242424242424241'), now, key())).toEqual({
      status: 'refused',
      failure: 'invalid_number',
      path: 'card.number',
    });
  });

  it('fails an expired card: the expiry month is the last month it works', async () => {
    expect(await provider.confirm(await intent(), card('4242424242424242', { exp_month: 10, exp_year: 2026 }), now, key())).toMatchObject({
      status: 'failed',
      failure: 'expired_card',
    });
    expect(await provider.confirm(await intent(), card('4242424242424242', { exp_month: 11, exp_year: 2026 }), now, key())).toMatchObject({
      status: 'succeeded',
    });
    expect(await provider.confirm(await intent(), card('4242424242424242', { exp_month: 12, exp_year: 25 }), now, key())).toMatchObject({
      status: 'failed',
      failure: 'expired_card',
    });
  });

  it('wants 3 CVC digits, 4 for American Express', async () => {
    expect(await provider.confirm(await intent(), card('4242424242424242', { cvc: '1234' }), now, key())).toMatchObject({
      status: 'failed',
      failure: 'incorrect_cvc',
    });
    expect(await provider.confirm(await intent(), card('378282246310005', { cvc: '123' }), now, key())).toMatchObject({
      status: 'failed',
      failure: 'incorrect_cvc',
    });
    expect(await provider.confirm(await intent(), card('378282246310005', { cvc: '1234' }), now, key())).toMatchObject({
      status: 'succeeded',
      card: { brand: 'amex' },
    });
  });

  it('names card brands by their number', () => {
    expect(
      [
        '4111111111111111',
        '5105105105105100',
        '2223003122003222',
        '371449635398431',
        '6011111111111117',
        '3566002020360505',
        '6200000000000005',
        '9999999999999995',
      ].map(cardBrand),
    ).toEqual(['visa', 'mastercard', 'mastercard', 'amex', 'discover', 'jcb', 'unionpay', 'unknown']);
  });

  it('shows a PayNow QR with an EMVCo payload (amount, UEN, reference, checksum), completed by a simulated scan', async () => {
    const i = await intent(12_34);
    const outcome = await provider.confirm(i, { method: 'paynow' }, now, key());
    expect(outcome.status).toBe('requires_action');
    if (outcome.status !== 'requires_action' || outcome.action.kind !== 'paynow_qr') throw new Error('expected a PayNow QR');
    const payload = outcome.action.payload;
    expect(payload.startsWith('000201010212')).toBe(true);
    expect(payload).toContain('SG.PAYNOW');
    expect(payload).toContain(TEST_PAYNOW_UEN);
    expect(payload).toContain('540512.34');
    expect(payload).toContain('pay_TEST');
    expect(payload.slice(-8, -4)).toBe('6304');
    expect(payload.slice(-4)).toBe(crc16(payload.slice(0, -4)));
    expect(await provider.completeAction(i, 'paynow', 'approve', key())).toEqual({ status: 'succeeded' });
    expect(await provider.completeAction(i, 'paynow', 'fail', key())).toEqual({ status: 'failed', failure: 'qr_expired' });
  });

  it('computes the EMVCo checksum (CRC-16/CCITT-FALSE) of the standard check string', () => {
    expect(crc16('123456789')).toBe('29B1');
  });

  it('offers PayNow in Singapore dollars only', () => {
    expect(provider.methods('sgd')).toEqual(['card', 'paynow', 'ewallet']);
    expect(provider.methods('usd')).toEqual(['card', 'ewallet']);
  });

  it('sends e-wallet payments to an approval page: approve succeeds, cancel fails', async () => {
    const i = await intent();
    expect(await provider.confirm(i, { method: 'ewallet' }, now, key())).toEqual({ status: 'requires_action', action: { kind: 'ewallet_redirect' } });
    expect(await provider.completeAction(i, 'ewallet', 'approve', key())).toEqual({ status: 'succeeded' });
    expect(await provider.completeAction(i, 'ewallet', 'fail', key())).toEqual({ status: 'failed', failure: 'wallet_cancelled' });
  });

  it('charges the documented fees and keeps to the method limits', async () => {
    expect(provider.fee(100_00, 'card', 'sgd')).toBe(3_90);
    expect(provider.fee(100_00, 'paynow', 'sgd')).toBe(90);
    expect(provider.limits('ewallet', 'sgd')).toEqual({ min: 1_00, max: 5_000_00 });
    expect((await provider.refund(await intent(), 1_00, key())).ref).toMatch(/^tr_/);
  });

  it('saves a card as a token that remembers how its later charges go, off-session', async () => {
    const details = (number: string, over = {}) => CardDetailsSchema.parse({ number, exp_month: 12, exp_year: 2030, cvc: '123', ...over });
    const ok = await provider.saveCard(details('4242424242424242'), now);
    const nsf = await provider.saveCard(details('4000000000009995'), now);
    expect(ok).toMatchObject({ status: 'saved', card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 } });
    expect(nsf).toMatchObject({ status: 'saved', card: { last4: '9995' } });
    if (ok.status !== 'saved' || nsf.status !== 'saved') throw new Error('not saved');
    expect(JSON.stringify([ok, nsf])).not.toContain('4242424242424242');
    const saved = (c: { token: string; expMonth: number; expYear: number }) => ({ token: c.token, expMonth: c.expMonth, expYear: c.expYear });
    expect(await provider.chargeSaved(await intent(), saved(ok.card), now, key())).toEqual({ status: 'succeeded' });
    expect(await provider.chargeSaved(await intent(), saved(nsf.card), now, key())).toEqual({ status: 'failed', failure: 'insufficient_funds' });
    expect(await provider.chargeSaved(await intent(), saved(ok.card), new Date('2031-01-01T00:00:00Z'), key())).toEqual({
      status: 'failed',
      failure: 'expired_card',
    });
    expect(await provider.saveCard(details('4000000000000002'), now)).toEqual({ status: 'failed', failure: 'card_declined' });
    expect(await provider.saveCard(details('4242424242424241'), now)).toEqual({ status: 'refused', failure: 'invalid_number', path: 'card.number' });
    expect(await provider.saveCard(details('4242424242424242', { exp_year: 2025 }), now)).toEqual({ status: 'failed', failure: 'expired_card' });
  });

  describe('honours the idempotency key', () => {
    it('answers a second call with the same key with the first outcome and moves nothing again', async () => {
      const store = memoryStore();
      const p = createTestProvider({ store });
      const i = await intent();
      const first = await p.confirm(i, card('4242424242424242'), now, 'k-charge');
      const again = await p.confirm(i, card('4242424242424242'), now, 'k-charge');
      expect(again).toEqual(first);
      const refund = await p.refund(i, 5_00, 'k-refund');
      expect(await p.refund(i, 5_00, 'k-refund')).toEqual(refund);
      expect((await p.refund(i, 5_00, 'k-other')).ref).not.toBe(refund.ref);
      expect(await p.completeAction(i, 'card', 'approve', 'k-action')).toEqual({ status: 'succeeded' });
      const saved = await p.saveCard(CardDetailsSchema.parse({ number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' }), now);
      if (saved.status !== 'saved') throw new Error('not saved');
      const token = { token: saved.card.token, expMonth: 12, expYear: 2030 };
      expect(await p.chargeSaved(i, token, now, 'k-saved')).toEqual({ status: 'succeeded' });
      // The same key answers the first charge's outcome (an expired card now would fail a new one), and lookup finds it.
      expect(await p.chargeSaved(i, token, new Date('2031-01-01T00:00:00Z'), 'k-saved')).toEqual({ status: 'succeeded' });
      expect(await p.lookup('k-saved')).toEqual({ kind: 'charge', outcome: { status: 'succeeded' } });
      // A key answers only the call it was made for.
      await expect(p.refund(i, 5_00, 'k-charge')).rejects.toThrow(/another call/);
    });

    it('looks a call up by its key; a key it never saw is closed, so a late call with it is refused', async () => {
      const p = createTestProvider();
      const i = await intent();
      const outcome = await p.confirm(i, card('4000000000000002'), now, 'k-seen');
      expect(await p.lookup('k-seen')).toEqual({ kind: 'charge', outcome });
      expect(await p.lookup('k-never')).toBeNull();
      expect(await p.lookup('k-never')).toBeNull();
      await expect(p.refund(i, 1_00, 'k-never')).rejects.toThrow(/closed/);
    });

    it('test faults: an unreachable processor does nothing; a timeout acts and loses its answer, which the lookup finds', async () => {
      const faults = queuedFaults();
      const p = createTestProvider({ faults });
      const i = await intent();
      faults.next('refund', 'unreachable');
      await expect(p.refund(i, 1_00, 'k-down')).rejects.toBeInstanceOf(ProcessorUnavailableError);
      expect(await p.lookup('k-down')).toBeNull();
      faults.next('charge', 'timeout');
      await expect(p.confirm(i, card('4242424242424242'), now, 'k-slow')).rejects.toBeInstanceOf(ProcessorUnavailableError);
      const found = await p.lookup('k-slow');
      expect(found).toMatchObject({ kind: 'charge', outcome: { status: 'succeeded' } });
      // The retry with the same key answers what the processor did, once.
      expect(await p.confirm(i, card('4242424242424242'), now, 'k-slow')).toEqual(found!.kind === 'charge' ? found!.outcome : null);
    });
  });
});
