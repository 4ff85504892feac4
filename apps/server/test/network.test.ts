import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointPath } from '@merchant/core';
import { authEndpoints } from '@merchant/identity';
import type { LightMyRequestResponse } from 'fastify';
import { loadConfig } from '../src/config';
import { Agent, createTestContext, type TestContext } from './harness';
import { signUp } from './factories';

/**
 * Network exposure: by default the server listens on loopback only, the dev mailbox (which holds
 * password reset and invitation links) answers the machine itself only, and neither the mailbox nor the
 * demo logins exist when the server listens wider, unless a setting asks for them.
 */
describe('configuration', () => {
  it('listens on loopback by default, with the dev mailbox and the demo data', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ bindHost: 'localhost', loopbackOnly: true, devMailbox: true, demoData: true });
  });

  it('counts only loopback addresses and localhost as loopback', () => {
    for (const host of ['localhost', 'LOCALHOST', '127.0.0.1', '127.1.2.3', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1']) {
      expect(loadConfig({ BIND_HOST: host }).loopbackOnly, host).toBe(true);
    }
    for (const host of ['0.0.0.0', '::', '192.168.1.20', '10.0.0.1', '::ffff:10.0.0.1', 'dashboard.example.com', 'localhost.example.com']) {
      expect(loadConfig({ BIND_HOST: host }).loopbackOnly, host).toBe(false);
    }
  });

  it('turns the dev mailbox and the demo data off when listening beyond loopback', () => {
    expect(loadConfig({ BIND_HOST: '0.0.0.0' })).toMatchObject({ loopbackOnly: false, devMailbox: false, demoData: false });
    expect(loadConfig({ BIND_HOST: '192.168.1.20' })).toMatchObject({ devMailbox: false, demoData: false });
  });

  it('turns them on when listening wide only when a setting asks', () => {
    expect(loadConfig({ BIND_HOST: '0.0.0.0', DEV_MAILBOX: 'on' })).toMatchObject({ devMailbox: true, demoData: false });
    expect(loadConfig({ BIND_HOST: '0.0.0.0', DEMO_DATA: 'on' })).toMatchObject({ devMailbox: false, demoData: true });
  });

  it('keeps the dev mailbox off behind a proxy, with SMTP, in production, or when turned off', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).devMailbox).toBe(false);
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example.test:587' }).devMailbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).devMailbox).toBe(false);
    expect(loadConfig({ DEV_MAILBOX: 'off' }).devMailbox).toBe(false);
    expect(loadConfig({ DEMO_DATA: 'off' }).demoData).toBe(false);
  });

  it('refuses unknown values of the switches and an empty BIND_HOST', () => {
    expect(() => loadConfig({ DEV_MAILBOX: 'yes' })).toThrow(/DEV_MAILBOX/);
    expect(() => loadConfig({ DEMO_DATA: 'true' })).toThrow(/DEMO_DATA/);
    expect(() => loadConfig({ BIND_HOST: ' ' })).toThrow(/BIND_HOST/);
  });
});

function expectRefused(res: LightMyRequestResponse): void {
  expect(res.statusCode).toBe(403);
  expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining('this machine'), requestId: res.headers['x-request-id'] });
  expect(res.headers['content-security-policy']).toEqual(expect.any(String));
  expect(res.body).not.toContain('Reset your password');
}

describe('the dev mailbox on loopback (the default)', () => {
  let t: TestContext;
  let email: string;
  beforeAll(async () => {
    t = await createTestContext();
    ({ email } = (await signUp(t)).person);
    // A stranger asks for a password reset of someone else's account: the link lands in the mailbox.
    const stranger = new Agent(t.app);
    stranger.ip = '203.0.113.9';
    expect((await stranger.post(endpointPath(authEndpoints.requestPasswordReset), { email })).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  it('answers requests from the machine itself, on IPv4, IPv6 and IPv4-mapped loopback', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const json = await t.app.inject({ method: 'GET', url: '/_dev/mailbox.json', remoteAddress });
      expect(json.statusCode, remoteAddress).toBe(200);
      expect(json.json().data[0]).toMatchObject({ to: email, subject: 'Reset your password' });
      const page = await t.app.inject({ method: 'GET', url: '/_dev/mailbox', remoteAddress });
      expect(page.statusCode, remoteAddress).toBe(200);
      expect(page.body).toContain('Reset your password');
    }
  });

  it('refuses every other address, so nobody on the network reads reset links', async () => {
    for (const remoteAddress of ['203.0.113.9', '10.0.0.2', '192.168.1.20', '::ffff:10.0.0.2', '2001:db8::1']) {
      expectRefused(await t.app.inject({ method: 'GET', url: '/_dev/mailbox.json', remoteAddress }));
      expectRefused(await t.app.inject({ method: 'GET', url: '/_dev/mailbox', remoteAddress }));
    }
  });

  it('is not fooled by forwarding headers, and refuses what a local proxy forwards for someone else', async () => {
    for (const header of ['x-forwarded-for', 'x-real-ip', 'forwarded']) {
      const value = header === 'forwarded' ? 'for=127.0.0.1' : '127.0.0.1';
      expectRefused(await t.app.inject({ method: 'GET', url: '/_dev/mailbox.json', remoteAddress: '203.0.113.9', headers: { [header]: value } }));
      // The same header on a loopback connection means a proxy on this machine forwarded a request.
      expectRefused(await t.app.inject({ method: 'GET', url: '/_dev/mailbox.json', remoteAddress: '127.0.0.1', headers: { [header]: '203.0.113.9' } }));
    }
  });

  it('judges the socket, not the client address a trusted proxy reports', async () => {
    const proxied = await createTestContext({ ...loadConfig({ TRUST_PROXY: 'true', DEV_MAILBOX: 'on' }), webDist: '/nonexistent' });
    try {
      const res = await proxied.app.inject({
        method: 'GET',
        url: '/_dev/mailbox.json',
        remoteAddress: '203.0.113.9',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expectRefused(res);
    } finally {
      await proxied.close();
    }
  });
});

describe('listening beyond loopback', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ ...loadConfig({ BIND_HOST: '0.0.0.0' }), webDist: '/nonexistent' });
  });
  afterAll(() => t.close());

  it('has no dev mailbox at all, even for the machine itself', async () => {
    for (const url of ['/_dev/mailbox.json', '/_dev/mailbox']) {
      const res = await t.app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', requestId: res.headers['x-request-id'] });
    }
  });

  it('has the mailbox again with DEV_MAILBOX=on, still for this machine only', async () => {
    const on = await createTestContext({ ...loadConfig({ BIND_HOST: '0.0.0.0', DEV_MAILBOX: 'on' }), webDist: '/nonexistent' });
    try {
      expect((await on.app.inject({ method: 'GET', url: '/_dev/mailbox.json', remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
      expectRefused(await on.app.inject({ method: 'GET', url: '/_dev/mailbox.json', remoteAddress: '192.168.1.30' }));
    } finally {
      await on.close();
    }
  });
});
