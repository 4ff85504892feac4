import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { businessEndpoints } from '@merchant/business';
import { userEndpoints } from '@merchant/identity';
import { DEFAULT_METHOD_SETTINGS, PAYMENT_PROVIDERS, paymentMethodsEndpoints, type PaymentMethods, type ProviderConnection } from '@merchant/payments';
import { OWNER_BUSINESS_ID, ownerBusiness, ownerUser, renderApp, stubApi } from '@/test';

const BID = OWNER_BUSINESS_ID;

/** Every method on, Stripe connected with test keys, the other providers never connected. */
const answer: PaymentMethods = {
  methods: [...DEFAULT_METHOD_SETTINGS],
  providers: PAYMENT_PROVIDERS.map((provider): ProviderConnection => ({
    provider,
    status: provider === 'stripe' ? 'connected' : 'not_connected',
    account_id: provider === 'stripe' ? 'acct_1Nv0FGQ9RKHgCVdK' : null,
    publishable_key: provider === 'stripe' ? 'pk_test_51Nv0FGQ9RKHgCVdKabc' : null,
    secret_key_last4: provider === 'stripe' ? 'wxyz' : null,
    updated_at: null,
  })),
};

function render(testMode: boolean, page = 'payment-methods') {
  stubApi()
    .on(userEndpoints.me, () => ownerUser)
    .on(businessEndpoints.get, () => ownerBusiness({ test_mode: testMode }))
    .on(paymentMethodsEndpoints.get, () => answer);
  renderApp(`/business/${BID}/payments/${page}`);
}

describe('the payment methods screen', () => {
  it('writes the card fee with its currency', async () => {
    render(true);
    await screen.findByRole('heading', { level: 1, name: 'Payment methods' }, { timeout: 15_000 });
    const methods = await screen.findByRole('list', { name: 'Payment methods in checkout order' }, { timeout: 15_000 });
    expect(within(methods).getByText('Fee 3.4% + SGD 0.50')).toBeTruthy();
    expect(within(methods).queryByText(/\+ 0\.50/)).toBeNull();
  });

  it('says in test mode that the test processor takes the methods that are on, not "Not connected" beside them', async () => {
    render(true);
    const processor = await screen.findByRole('region', { name: 'Test processor' }, { timeout: 15_000 });
    expect(within(processor).getByText('Connected in test mode')).toBeTruthy();
    expect(screen.queryByText('Not connected')).toBeNull();
    expect(screen.getAllByText('Not needed in test mode')).toHaveLength(PAYMENT_PROVIDERS.length - 1);
    expect(screen.getByText('Connected')).toBeTruthy();
  });

  it('keeps "Not connected" for an own account outside test mode, with no test processor', async () => {
    render(false);
    await screen.findByRole('heading', { level: 1, name: 'Payment methods' }, { timeout: 15_000 });
    await screen.findAllByText('Not connected', {}, { timeout: 15_000 });
    expect(screen.queryByRole('region', { name: 'Test processor' })).toBeNull();
  });

  it('words a provider\'s status on its own page as the list does (issue 25: Xendit was "Not connected" there)', async () => {
    render(true, 'payment-methods/xendit');
    await screen.findByText('Not needed in test mode', {}, { timeout: 15_000 });
    expect(screen.queryByText('Not connected')).toBeNull();
  });
});
