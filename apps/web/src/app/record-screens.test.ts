import { describe, expect, it } from 'vitest';
import { recordScreen } from './record-screens';

const BID = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const ID = '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e';

/** One map of record kinds to screens for the audit log's links and the statement's sources (they kept one each). */
describe('recordScreen', () => {
  it("opens a record's screen with the permission of its route", () => {
    expect(recordScreen('payment', BID, ID)).toEqual({
      to: `/business/${BID}/payments/transactions/${ID}`,
      permission: 'payments:view',
      label: 'View payment',
    });
    expect(recordScreen('payout', BID, ID)).toEqual({
      to: `/business/${BID}/payments/balance/payouts/${ID}`,
      permission: 'wallets:manage',
      label: 'View payout',
    });
    expect(recordScreen('transfer', BID, ID)).toMatchObject({ to: `/business/${BID}/payments/transfer-history/${ID}`, permission: 'transfers:manage' });
  });

  it("shows a refund on its payment's page, and knows no screen of other kinds", () => {
    expect(recordScreen('refund', BID, ID)).toEqual(recordScreen('payment', BID, ID));
    for (const kind of ['business', 'onboarding_step', 'toString', '']) expect(recordScreen(kind, BID, ID)).toBeNull();
  });
});
