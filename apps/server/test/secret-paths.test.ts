import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointPath, fillPath, SCREEN_PATHS } from '@merchant/core';
import { authEndpoints, userEndpoints } from '@merchant/identity';
import { customerPortalEndpoints } from '@merchant/payments';
import { supportChatEndpoints } from '@merchant/business';
import { capturedLog } from './log-lines';
import { maskSecretPaths, SECRET_PARAMS, SECRET_PATHS } from '../src/lib/secret-paths';
import { createTestContext, type TestContext } from './harness';

/**
 * The tokens of reset, invitation and customer-portal links travel in URL paths; the request log masks them
 * (docs/security.md, "What is logged"), so the log never holds a live link.
 */
const TOKEN = 'tok3n-abcdefghijklmnopqrstuvwxyz0123456789';
const BUSINESS = '01a2c4bc-2f29-7326-92b8-0f7cebb7e3a8';
const invitationOf = (hash: string) => endpointPath(authEndpoints.invitationPreview, { params: { hash } });
/** The invitation call as the log shows it. */
const invitationShown = decodeURIComponent(invitationOf('[redacted]'));

describe('maskSecretPaths', () => {
  it('masks the secret segments of every secret path and of the calls below them, and keeps everything else', () => {
    expect(maskSecretPaths(fillPath(SCREEN_PATHS.passwordReset, { reset_token: TOKEN }))).toBe('/password/reset/[redacted]');
    expect(maskSecretPaths(fillPath(SCREEN_PATHS.registerComplete, { hash: TOKEN }))).toBe('/register-complete/[redacted]');
    expect(maskSecretPaths(invitationOf(TOKEN))).toBe(invitationShown);
    expect(maskSecretPaths(fillPath(SCREEN_PATHS.customerPortal, { business_id: BUSINESS, token: TOKEN }))).toBe(`/${BUSINESS}/portal/[redacted]`);
    const portalCall = endpointPath(customerPortalEndpoints.cancelAtPeriodEnd, { params: { business_id: BUSINESS, token: TOKEN, subscription_id: BUSINESS } });
    expect(maskSecretPaths(portalCall)).not.toContain(TOKEN);
    expect(maskSecretPaths(portalCall)).toContain(`/subscriptions/${BUSINESS}/cancel-at-period-end`);
    expect(maskSecretPaths(`${invitationOf(TOKEN)}?token=${TOKEN}&page=2`)).toBe(`${invitationShown}?token=%5Bredacted%5D&page=2`);
    // The support chat: the customer's calls below the conversation's token (its socket too: the same prefix), and the mailed link's `?t=`.
    const chatCall = endpointPath(supportChatEndpoints.post, { params: { business_id: BUSINESS, token: TOKEN } });
    expect(maskSecretPaths(chatCall)).toBe(
      decodeURIComponent(endpointPath(supportChatEndpoints.post, { params: { business_id: BUSINESS, token: '[redacted]' } })),
    );
    expect(maskSecretPaths(`${fillPath(SCREEN_PATHS.supportChat, { business_id: BUSINESS })}?t=${TOKEN}`)).not.toContain(TOKEN);
    // Paths without secrets are left as they are: the request log stays useful.
    for (const path of ['/password/reset', endpointPath(userEndpoints.me), `/business/${BUSINESS}/payments/transactions?q=abc`, '/'])
      expect(maskSecretPaths(path)).toBe(path);
  });
});

describe('the request log', () => {
  let t: TestContext;
  const { logger, lines } = capturedLog('info');
  beforeAll(async () => {
    t = await createTestContext({}, { logger });
  });
  afterAll(() => t.close());

  it('records requests to reset and invitation links without their tokens', async () => {
    await t.app.inject({ method: 'GET', url: fillPath(SCREEN_PATHS.passwordReset, { reset_token: TOKEN }) });
    await t.app.inject({ method: 'GET', url: invitationOf(TOKEN) });
    const log = lines.join('');
    expect(log).toContain('/password/reset/[redacted]');
    expect(log).toContain(invitationShown);
    expect(log).not.toContain(TOKEN);
  });

  it('covers every endpoint the app serves whose path has a secret parameter', () => {
    const secretEndpoints = t.app.endpoints.filter((e) => e.path.split('/').some((part) => part.startsWith(':') && SECRET_PARAMS.has(part.slice(1))));
    expect(secretEndpoints.length).toBeGreaterThan(0);
    for (const endpoint of secretEndpoints) {
      const params = Object.fromEntries([...endpoint.path.matchAll(/:([a-z_]+)/g)].map(([, name]) => [name!, SECRET_PARAMS.has(name!) ? TOKEN : BUSINESS]));
      expect(maskSecretPaths(fillPath(endpoint.path, params)), `${endpoint.id} ${endpoint.path}`).not.toContain(TOKEN);
    }
    expect(SECRET_PATHS.length).toBeGreaterThan(0);
  });
});
