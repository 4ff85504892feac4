import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREEN_PATHS, endpointPath } from '@merchant/core';
import { staffEndpoints } from '@merchant/business';
import { authEndpoints } from '@merchant/identity';
import { Agent, createTestContext, mailbox, type TestContext } from './harness';
import { createBusiness, uniqueEmail } from './factories';

/**
 * Mailed links open the screens the web places at SCREEN_PATHS (the web's route table test proves which
 * screen each path is): each link is on the public origin, its path fills one screen path, and the token it
 * carries works on the screen's endpoint.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** The values of a screen path's `:params` in a URL path, or null when the path is another screen's. */
function matchScreen(pattern: string, path: string): Record<string, string> | null {
  const names: string[] = [];
  const source = pattern.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const found = new RegExp(`^${source}$`).exec(path);
  return found ? Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(found[i + 1] ?? '')])) : null;
}

/** Every link of the newest mail to an address, parsed. */
async function mailedLinks(to: string): Promise<URL[]> {
  const mail = (await mailbox(t.app)).find((m) => m.to === to);
  expect(mail, `a mail to ${to}`).toBeDefined();
  return [...mail!.text.matchAll(/https?:\/\/\S+/g)].map((m) => new URL(m[0].replace(/[.,]$/, '')));
}

describe('mail links', () => {
  it('a password reset mail links the reset screen with its token and email', async () => {
    const { people } = await createBusiness(t, { staff: ['cashier'] });
    const cashier = people.cashier.email;
    expect((await new Agent(t.app).post(endpointPath(authEndpoints.requestPasswordReset), { email: cashier })).statusCode).toBe(200);
    const [link] = await mailedLinks(cashier);
    expect(link!.origin).toBe(new URL(t.config.publicUrl).origin);
    const params = matchScreen(SCREEN_PATHS.passwordReset, link!.pathname);
    expect(params).not.toBeNull();
    const email = link!.searchParams.get('email');
    expect(email).toBe(cashier);
    const password = 'a reset passphrase';
    const reset = await new Agent(t.app).post(endpointPath(authEndpoints.resetPassword), {
      token: params!.reset_token,
      email,
      password,
      password_confirmation: password,
    });
    expect(reset.statusCode).toBe(200);
  });

  it('an invitation mail links the join screen with its token, and the pending invitations screen', async () => {
    const business = await createBusiness(t);
    const owner = business.people.owner.agent;
    const invited = uniqueEmail('hire');
    await owner.ok(staffEndpoints.invite, { params: { business_id: business.id }, body: { email: invited, role: 'cashier' } });
    const links = await mailedLinks(invited);
    expect(links.map((l) => l.origin)).toEqual([new URL(t.config.publicUrl).origin, new URL(t.config.publicUrl).origin]);
    const join = matchScreen(SCREEN_PATHS.registerComplete, links[0]!.pathname);
    expect(join).not.toBeNull();
    expect(matchScreen(SCREEN_PATHS.pendingInvitations, links[1]!.pathname)).toEqual({});
    const preview = await new Agent(t.app).ok(authEndpoints.invitationPreview, { params: { hash: join!.hash! } });
    expect(preview).toMatchObject({ email: invited });
  });
});
