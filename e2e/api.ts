import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { authenticator } from 'otplib';
import { endpointPath, hostOfKind, IDEMPOTENCY_KEY_HEADER } from '@merchant/core';
import { checkoutEndpoints, type CheckoutPayment, type CheckoutSourceKind } from '@merchant/payments';
import { baseURL, DEMO_PASSWORD, SAMPLE_PDF, SAMPLE_PNG, uniqueEmail } from './support';

/** A small API client for setting up browser tests (as another device of the same person would). */
export class ApiSession {
  private cookie = '';
  private token = '';

  private async send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}, form?: FormData): Promise<Response> {
    const res = await fetch(`${baseURL()}${path}`, {
      method,
      headers: {
        ...headers,
        cookie: this.cookie,
        'x-csrf-token': this.token,
        'x-requested-with': 'XMLHttpRequest',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : form ? { body: form } : {}),
    });
    const set = res.headers.get('set-cookie');
    if (set) this.cookie = set.split(';')[0]!;
    return res;
  }

  async call<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
    const res = await this.request(method, path, body, headers);
    if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as T;
  }

  private async ensureToken(): Promise<void> {
    if (this.token) return;
    const res = await this.send('POST', '/csrf-token');
    this.token = ((await res.json()) as { token: string }).token;
  }

  /** Any answer, refusals included, as status and parsed body. */
  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: unknown }> {
    await this.ensureToken();
    const res = await this.send(method, path, body, headers);
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
  }

  /** Registers a merchant whose onboarding is still at the questionnaire (a business in Singapore unless `where` says otherwise). */
  async register(email: string, name = 'E2E Person', business = 'E2E Shop', where = { country: 'sg', currency: 'sgd' }): Promise<{ business_id: string }> {
    return this.call('POST', '/register', { name, email, password: DEMO_PASSWORD, business: { name: business, ...where } });
  }

  /** Signs in with the demo password. */
  async signIn(email: string): Promise<void> {
    await this.call('POST', '/auth', { email, password: DEMO_PASSWORD });
  }

  /** Uploads a file as the browser's form does (multipart, one `file` part). */
  async upload<T>(path: string, file: { name: string; type: string; bytes: Buffer }): Promise<T> {
    await this.ensureToken();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
    const res = await this.send('POST', path, undefined, {}, form);
    if (res.status >= 400) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  /** Turns on two-factor for the signed-in user; answers the TOTP secret. */
  async enableTwoFactor(): Promise<string> {
    const { secret } = await this.call<{ secret: string }>('POST', '/v1/user/two-factor', { password: DEMO_PASSWORD });
    await this.call('POST', '/v1/user/two-factor/confirm', { code: authenticator.generate(secret) });
    return secret;
  }
}

/** The demo owner's session and the id of one of their businesses (the demo coffee shop by default). */
export async function demoBusiness(identifier = 'demo-coffee', email = 'owner@demo.test'): Promise<{ api: ApiSession; businessId: string }> {
  const api = new ApiSession();
  await api.signIn(email);
  const user = await api.call<{ businesses: { owned: { id: string; identifier: string }[] } }>('GET', '/v1/user');
  const business = user.businesses.owned.find((b) => b.identifier === identifier);
  if (!business) throw new Error(`${email} owns no business ${identifier}`);
  return { api, businessId: business.id };
}

/** The demo coffee shop's id, after its owner added `customer` to it (a customer of the test's own). */
export async function demoBusinessWithCustomer(customer: { name: string; email: string }): Promise<string> {
  const { api, businessId } = await demoBusiness();
  await api.call('POST', `/v1/business/${businessId}/customers`, customer);
  return businessId;
}

/**
 * A new merchant whose business is verified, as a person and the platform's staff get there: registered (in the
 * country and currency given), the questionnaire answered step by step, both documents uploaded and submitted,
 * then approved by a super admin. Answers the owner's email and the business's id; the owner's password is the demo one.
 */
export async function verifiedMerchant(
  name: string,
  business: string,
  where: { country: string; currency: string },
): Promise<{ email: string; businessId: string }> {
  const { email, businessId } = await submittedMerchant(name, business, where);
  await approveVerification(businessId);
  return { email, businessId };
}

/**
 * A new merchant whose verification waits for the platform: registered, the questionnaire answered step by step, both
 * documents uploaded and submitted. Answers the owner's email and API session and the business's id.
 */
export async function submittedMerchant(
  name: string,
  business: string,
  where: { country: string; currency: string },
): Promise<{ email: string; businessId: string; owner: ApiSession }> {
  const email = uniqueEmail(`verified-${where.country}`);
  const owner = new ApiSession();
  const { business_id: businessId } = await owner.register(email, name, business, where);
  await submitVerification(owner, businessId, name, business, where);
  return { email, businessId, owner };
}

/** A sign-up in Singapore through `path` (a merchant's or a partner's): the person's email and API session, the business's id. */
async function signUp(path: '/register' | '/register-partner', name: string, business: string, prefix: string, extra: Record<string, string> = {}) {
  const email = uniqueEmail(prefix);
  const api = new ApiSession();
  const { business_id: businessId } = await api.call<{ business_id: string }>('POST', path, {
    name,
    email,
    password: DEMO_PASSWORD,
    business: { name: business, country: 'sg', currency: 'sgd' },
    ...extra,
  });
  return { api, email, businessId };
}

/** A new merchant registered in Singapore (with `referralCode` when given). */
export const registerMerchant = (name: string, business: string, prefix: string, referralCode?: string) =>
  signUp('/register', name, business, prefix, referralCode ? { referral_code: referralCode } : {});

/** A new partner registered in Singapore. */
export const registerPartner = (name: string, business: string, prefix: string) => signUp('/register-partner', name, business, prefix);

/**
 * Verification as people do it, through the owner's API session: the questionnaire answered step by step (for the
 * owner `name` of the business `business`), both documents uploaded, and submitted.
 */
export async function submitVerification(owner: ApiSession, businessId: string, name: string, business: string, where = { country: 'sg', currency: 'sgd' }) {
  const onboarding = `/v1/business/${businessId}/onboarding`;
  await owner.call('PUT', `${onboarding}/business`, {
    legal_name: `${business} Inc.`,
    legal_type: 'company',
    registration_number: `CS${Date.now().toString().slice(-9)}`,
    industry: 'retail',
  });
  await owner.call('PUT', `${onboarding}/owner`, {
    full_name: name,
    date_of_birth: '1988-05-20',
    nationality: where.country,
    id_type: 'passport',
    id_number: 'P1234567A',
  });
  await owner.call('PUT', `${onboarding}/address`, { line1: '12 Market Street', city: 'Capital City', postal_code: '1000' });
  await owner.call('PUT', `${onboarding}/sales`, {
    monthly_volume: '10k_50k',
    average_ticket: { amount: 25_00, currency: where.currency },
    description: 'Boxes of fresh fruit, delivered every week.',
  });
  await owner.upload(`${onboarding}/documents?kind=business_registration`, { name: 'registration.pdf', type: 'application/pdf', bytes: SAMPLE_PDF });
  await owner.upload(`${onboarding}/documents?kind=owner_id`, { name: 'passport.png', type: 'image/png', bytes: SAMPLE_PNG });
  await owner.call('POST', `${onboarding}/submit`);
}

/** The platform's approval of a submitted verification, by the demo's super admin. */
export async function approveVerification(businessId: string) {
  const admin = new ApiSession();
  await admin.signIn('super@demo.test');
  await admin.call('POST', `/v1/admin/businesses/${businessId}/approve`);
}

/** Verification submitted through the owner's API session (`submitVerification`) and approved (`approveVerification`). */
export async function verify(owner: ApiSession, businessId: string, name: string, business: string) {
  await submitVerification(owner, businessId, name, business);
  await approveVerification(businessId);
}

/** A code of the next time step, so it differs from the one used at set-up (codes are single-use). */
export function nextCode(secret: string): string {
  return authenticator.clone({ epoch: Date.now() + 30_000 }).generate(secret);
}

/** A Luhn-valid test card number ending in `last4`: the test provider charges any such number successfully. */
export function cardEndingIn(last4: string): string {
  const luhn = (n: string) =>
    [...n].reverse().reduce((sum, ch, i) => {
      const d = Number(ch) * (i % 2 === 1 ? 2 : 1);
      return sum + (d > 9 ? d - 9 : d);
    }, 0) %
      10 ===
    0;
  for (let d = 0; d < 10; d++) {
    const number = `41111111111${d}${last4}`;
    if (luhn(number)) return number;
  }
  throw new Error('unreachable: one digit always completes the Luhn sum');
}

export type CheckoutDetails = { method: 'card'; number: string } | { method: 'paynow' };

/**
 * A customer paying on the hosted checkout through its public API, as the checkout page does: over HTTP to the
 * app with the checkout host's Host header, its own cookie and anti-forgery token, an Idempotency-Key per call.
 */
export class CheckoutCustomer {
  private cookie = '';
  private token = '';

  private send(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
    const base = new URL(baseURL());
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = request(
        {
          hostname: base.hostname,
          port: base.port,
          method,
          path,
          headers: {
            host: `${hostOfKind('checkout', base.hostname)}:${base.port}`,
            cookie: this.cookie,
            'x-csrf-token': this.token,
            'x-requested-with': 'XMLHttpRequest',
            ...(path !== endpointPath(checkoutEndpoints.csrfToken) && method === 'POST' ? { [IDEMPOTENCY_KEY_HEADER]: randomUUID() } : {}),
            ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
          },
        },
        (res) => {
          const set = res.headers['set-cookie']?.[0];
          if (set) this.cookie = set.split(';')[0]!;
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? (JSON.parse(text) as unknown) : null }));
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  private async ok<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await this.send(method, path, body);
    if (res.status >= 400) throw new Error(`checkout ${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as T;
  }

  /** Starts a payment of a link or QR code and pays it: a card (the 3-D Secure card is not for here) or a PayNow scan. */
  async pay(kind: CheckoutSourceKind, publicId: string, details: CheckoutDetails, start: { email?: string; amount?: number } = {}): Promise<CheckoutPayment> {
    if (!this.token) this.token = (await this.ok<{ token: string }>('POST', endpointPath(checkoutEndpoints.csrfToken))).token;
    const started = await this.ok<CheckoutPayment>('POST', endpointPath(checkoutEndpoints.start, { params: { kind, public_id: publicId } }), start);
    const params = { public_id: started.public_id };
    if (details.method === 'paynow') {
      await this.ok('POST', endpointPath(checkoutEndpoints.confirm, { params }), { method: 'paynow' });
      return this.ok<CheckoutPayment>('POST', endpointPath(checkoutEndpoints.qrScan, { params }));
    }
    const card = { number: details.number, exp_month: 12, exp_year: new Date().getFullYear() + 3, cvc: '123' };
    return this.ok<CheckoutPayment>('POST', endpointPath(checkoutEndpoints.confirm, { params }), { method: 'card', card });
  }
}
