import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { ROLE_PERMISSIONS } from '@merchant/core';
import type { Business } from '@merchant/business';
import type { User } from '@merchant/identity';
import { businessEndpoints } from '@merchant/business';
import { userEndpoints } from '@merchant/identity';
import { bookingEndpoints } from '@merchant/catalogue';
import { call } from '../lib/api-client';
import { OWNER_BUSINESS_ID, apiError, ownerBusiness, ownerUser, renderApp, stubApi } from '../test';
import { COMING_SOON } from './screens/coming-soon';

/**
 * How long a screen may take to appear: the first visit to a lazy screen transforms and loads its module, over 5 s for
 * the settings screens on two busy cores. A guard against a hang, not a measure of speed.
 */
const SCREEN_WAIT = 15_000;
const BID = OWNER_BUSINESS_ID;
const OTHER = '11111111-2222-4333-8444-555555555555';
const user = ownerUser;
const business = (overrides: Partial<Business> = {}): Business =>
  ownerBusiness({
    warnings: [{ id: 'kyc', style: 'danger', title: 'Verify your account', body: 'Payouts are paused.', cta_title: null, cta_url: null, cta_permission: null }],
    ...overrides,
  });

/** The API of one signed-in user (or none) and one business, `BID`; any other business is not found. */
function serve(answers: { user: User | null; business?: Business }) {
  const notFound = () => apiError(404, 'NOT_FOUND', 'Business not found.');
  return stubApi()
    .otherwise(notFound)
    .on(userEndpoints.me, () => answers.user ?? apiError(401, 'UNAUTHENTICATED', 'Unauthenticated.'))
    .on(businessEndpoints.get, ({ params }) => (params.business_id === BID && answers.business ? answers.business : notFound()))
    .on(businessEndpoints.onboardingProgress, ({ params }) => (params.business_id === BID ? { is_completed: false, progress: 40 } : notFound()));
}

const renderAt = (path: string) => renderApp(path).router;

beforeEach(() => {
  window.localStorage.clear();
});

describe('router', () => {
  it('sends a signed-out person to login', async () => {
    serve({ user: null });
    const router = renderAt(`/business/${BID}/payments`);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: SCREEN_WAIT });
  });

  it('renders the business shell: header, section menu, banners and the overview', async () => {
    serve({ user, business: business() });
    renderAt(`/business/${BID}/payments`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' }, { timeout: SCREEN_WAIT })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Payments menu' });
    expect(within(nav).getByRole('link', { name: 'Transactions' })).toBeTruthy();
    expect(within(nav).queryByText('Send payments')).toBeNull();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByText('Verify your account')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Switch to (dark|light) mode/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Search screens' })).toBeTruthy();
    await vi.waitFor(() => expect(document.title).toBe('Overview · Merchant Dashboard'));
  });

  it('opens booking, the last screen that was coming soon, with its bookings, services and availability', async () => {
    serve({ user, business: business() }).on(bookingEndpoints.listBookings, () => ({ data: [], next_cursor: null }));
    renderAt(`/business/${BID}/online-store/booking`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Booking' }, { timeout: SCREEN_WAIT })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Coming soon' })).toBeNull();
    expect(screen.queryByText(COMING_SOON.booking)).toBeNull();
    expect(screen.getByRole('tab', { name: 'Bookings' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Services' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Availability' })).toBeTruthy();
    expect(await screen.findByText('No upcoming bookings', {}, { timeout: SCREEN_WAIT })).toBeTruthy();
  });

  it('shows a business to someone who may only read it without the controls that would change it', async () => {
    serve({ user: { ...user, is_super_admin: true }, business: business({ role: null, read_only: true }) });
    renderAt(`/business/${BID}/payments/settings/business-details`);
    const name = await screen.findByRole('textbox', { name: /^Business name/ }, { timeout: SCREEN_WAIT });
    expect(name.matches(':disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('region', { name: /changes/ })).toBeNull();
    expect(screen.getByText(/only its team can change them/)).toBeTruthy();
  });

  it('shows the same screen with its controls to a member who may change it', async () => {
    serve({ user, business: business() });
    renderAt(`/business/${BID}/payments/settings/business-details`);
    const name = await screen.findByRole('textbox', { name: /^Business name/ }, { timeout: SCREEN_WAIT });
    expect(name.matches(':disabled')).toBe(false);
    // The bar with Save comes with the first change (issue 25: an untouched form says nothing about saving).
    expect(screen.queryByRole('region', { name: /changes/ })).toBeNull();
    fireEvent.change(name, { target: { value: 'Demo Coffee Plus' } });
    const bar = await screen.findByRole('region', { name: 'Unsaved changes' });
    expect(within(bar).getByRole('button', { name: 'Save' })).toBeTruthy();
    expect(within(bar).getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it("shows the no-access page when the role lacks the route's permission", async () => {
    serve({ user, business: business({ permissions: [...ROLE_PERMISSIONS.cashier] }) });
    renderAt(`/business/${BID}/online-store/pages`);
    expect(await screen.findByRole('heading', { name: "You don't have access" }, { timeout: SCREEN_WAIT })).toBeTruthy();
  });

  it('shows the 404 page for a business the user cannot see, and for unknown paths', async () => {
    serve({ user, business: business() });
    renderAt(`/business/${OTHER}/payments`);
    expect(await screen.findByRole('heading', { name: 'Page not found' }, { timeout: SCREEN_WAIT })).toBeTruthy();
    cleanup();
    renderAt('/no/such/page/here');
    expect(await screen.findByRole('heading', { name: 'Page not found' }, { timeout: SCREEN_WAIT })).toBeTruthy();
  });

  it('sends a business in questionnaire to onboarding', async () => {
    serve({ user, business: business({ onboarding_status: 'questionnaire' }) });
    const router = renderAt(`/business/${BID}/payments/links`);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(`/business/${BID}/onboarding/questionnaire`), { timeout: SCREEN_WAIT });
  });

  it('on a 401 while signed in: signs out and shows login with the session message', async () => {
    serve({ user, business: business() });
    const router = renderAt(`/business/${BID}/payments`);
    await screen.findByRole('navigation', { name: 'Payments menu' }, { timeout: SCREEN_WAIT });
    serve({ user: null });
    await expect(call(userEndpoints.me)).rejects.toThrow();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: SCREEN_WAIT });
    expect(router.state.location.state).toEqual({ flash: 'Your session has been expired. Please login to continue' });
  });

  it('on a second 419 while signed in: asks to extend the session', async () => {
    serve({ user, business: business() });
    renderAt(`/business/${BID}/payments`);
    await screen.findByRole('navigation', { name: 'Payments menu' }, { timeout: SCREEN_WAIT });
    stubApi().otherwise(() => apiError(419, 'CSRF_TOKEN_MISMATCH', 'Expired.'));
    await expect(call(businessEndpoints.create, { body: { name: 'New', country: 'sg', currency: 'sgd' } })).rejects.toThrow();
    expect(await screen.findByText('Session Expired', {}, { timeout: SCREEN_WAIT })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Extend session' })).toBeTruthy();
  });
});
