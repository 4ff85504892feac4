import { afterEach, describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { businessEndpoints } from '@merchant/business';
import { overviewEndpoints } from '@merchant/payments';
import { overviewQuery } from '../features/payments/overview/api/overview-api';
import { call, clearCsrfToken } from '../lib/api-client';
import { onboardingProgressQuery } from '../lib/onboarding-progress';
import { applyPageBootstrap, unmaskToken } from '../lib/page-bootstrap';
import { businessQuery, userQuery } from '../lib/session';
import { stubApi } from '../test';

/** A page as the server sends it to someone signed in: a data block in the head. */
function pageWith(data: unknown): Document {
  const doc = document.implementation.createHTMLDocument('page');
  const block = doc.createElement('script');
  block.type = 'application/json';
  block.id = 'bootstrap';
  block.textContent = typeof data === 'string' ? data : JSON.stringify(data);
  doc.head.append(block);
  return doc;
}

/** The token as the server's maskToken sends it: XORed with a random pad, both base64url. */
function masked(token: string): { csrf_pad: string; csrf_masked: string } {
  const bytes = new TextEncoder().encode(token);
  const pad = crypto.getRandomValues(new Uint8Array(bytes.length));
  const b64url = (b: Uint8Array) =>
    btoa(String.fromCharCode(...b))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  return { csrf_pad: b64url(pad), csrf_masked: b64url(bytes.map((x, i) => x ^ (pad[i] as number))) };
}

const user = { id: 'u1', name: 'Olivia Owner', email: 'owner@example.com' };
const business = { id: 'b1', name: 'Demo Shop' };
const params = { business_id: 'b1' };

afterEach(() => clearCsrfToken());

describe('applyPageBootstrap', () => {
  it("caches each answer under the key the screen's own query asks with, and removes the block", () => {
    const client = new QueryClient();
    const doc = pageWith({
      ...masked('tok'),
      answers: [
        { id: 'user.me', input: {}, data: user },
        { id: 'business.get', input: { params }, data: business },
        { id: businessEndpoints.onboardingProgress.id, input: { params }, data: { progress: 40 } },
        { id: overviewEndpoints.get.id, input: { params, query: { period: '30d' } }, data: { figures: 1 } },
      ],
    });
    applyPageBootstrap(client, doc);
    expect(client.getQueryData(userQuery.queryKey)).toEqual(user);
    expect(client.getQueryData(businessQuery('b1').queryKey)).toEqual(business);
    expect(client.getQueryData(onboardingProgressQuery('b1').queryKey)).toEqual({ progress: 40 });
    expect(client.getQueryData(overviewQuery('b1', { period: '30d' }).queryKey)).toEqual({ figures: 1 });
    expect(client.getQueryData(overviewQuery('b1', { period: '7d' }).queryKey)).toBeUndefined();
    expect(doc.getElementById('bootstrap')).toBeNull();
  });

  it("sends the page's token with the first request instead of asking for one", async () => {
    const api = stubApi();
    api.on(businessEndpoints.onboardingProgress, () => ({ progress: 10, is_completed: false, steps: [] }));
    applyPageBootstrap(new QueryClient(), pageWith({ ...masked('Vv3-sESSion_t0ken'), answers: [] }));
    await call(businessEndpoints.onboardingProgress, { params }).catch(() => undefined);
    expect(api.all.map((r) => r.url.pathname)).toEqual(['/v1/business/b1/onboarding-progress']);
    expect(api.all[0]?.headers['x-csrf-token']).toBe('Vv3-sESSion_t0ken');
  });

  it('refuses a pad and masked token that do not match in length, or are not base64url', () => {
    expect(unmaskToken('AAAA', 'AAA')).toBeNull();
    expect(unmaskToken('', '')).toBeNull();
    expect(unmaskToken('%%%', '%%%')).toBeNull();
    const { csrf_pad, csrf_masked } = masked('a-token_with+odd/chars');
    expect(unmaskToken(csrf_pad, csrf_masked)).toBe('a-token_with+odd/chars');
  });

  it('changes nothing for a page without a block, or with one it cannot read', () => {
    for (const doc of [
      document.implementation.createHTMLDocument('plain'),
      pageWith('{not json'),
      pageWith([1, 2]),
      pageWith({ answers: [{ id: 'user.me' }, null, 'x'] }),
    ]) {
      const client = new QueryClient();
      applyPageBootstrap(client, doc);
      expect(client.getQueryCache().getAll()).toEqual([]);
    }
  });
});
