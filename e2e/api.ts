import { authenticator } from 'otplib';
import { baseURL, DEMO_PASSWORD } from './support';

/** A small API client for setting up browser tests (as another device of the same person would). */
export class ApiSession {
  private cookie = '';
  private token = '';

  private async send(method: string, path: string, body?: unknown): Promise<Response> {
    const res = await fetch(`${baseURL()}${path}`, {
      method,
      headers: {
        cookie: this.cookie,
        'x-csrf-token': this.token,
        'x-requested-with': 'XMLHttpRequest',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const set = res.headers.get('set-cookie');
    if (set) this.cookie = set.split(';')[0]!;
    return res;
  }

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    if (!this.token) {
      const res = await this.send('POST', '/csrf-token');
      this.token = ((await res.json()) as { token: string }).token;
    }
    const res = await this.send(method, path, body);
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  /** Registers a merchant whose onboarding is still at the questionnaire. */
  async register(email: string, name = 'E2E Person', business = 'E2E Shop'): Promise<{ business_id: string }> {
    return this.call('POST', '/register', { name, email, password: DEMO_PASSWORD, business: { name: business, country: 'sg', currency: 'sgd' } });
  }

  /** Turns on two-factor for the signed-in user; answers the TOTP secret. */
  async enableTwoFactor(): Promise<string> {
    const { secret } = await this.call<{ secret: string }>('POST', '/v1/user/two-factor', { password: DEMO_PASSWORD });
    await this.call('POST', '/v1/user/two-factor/confirm', { code: authenticator.generate(secret) });
    return secret;
  }
}

/** A code of the next time step, so it differs from the one used at set-up (codes are single-use). */
export function nextCode(secret: string): string {
  return authenticator.clone({ epoch: Date.now() + 30_000 }).generate(secret);
}
