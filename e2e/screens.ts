/**
 * Every real screen of the app, as URLs with real ids of the demo data: the list the screenshot set
 * (e2e/screenshots.mjs) shoots and the browser test screens.e2e.ts checks at 1280 and 375 px. The screens come from
 * the route table: each route that is not a placeholder is here, or in LEFT_OUT with why, and a route the table
 * gains makes `screens()` throw until it is placed. No vitest here: the script loads this file too.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { endpointPath, hostOfKind } from '@merchant/core';
import {
  customerEndpoints,
  customerPortalEndpoints,
  invoiceEndpoints,
  paymentLinkEndpoints,
  planEndpoints,
  repeatingInvoiceEndpoints,
  staticQrEndpoints,
  subscriptionEndpoints,
  bankAccountEndpoints,
  beneficiaryEndpoints,
  payoutEndpoints,
  transactionEndpoints,
  transferEndpoints,
} from '@merchant/payments';
import { businessEndpoints } from '@merchant/business';
import { productEndpoints, storeThemeEndpoints } from '@merchant/catalogue';
import { userEndpoints } from '@merchant/identity';
import type { Page } from 'playwright-core';
import { href, routeTable } from '../apps/web/src/app/route-table';
import { pageIsStill } from './page-still';

/** Who looks at a screen: a demo person signed in, or nobody (public pages). */
export type Viewer = 'owner' | 'new' | 'pending' | 'partner' | 'super' | 'guest';
export const VIEWER_EMAILS: Record<Exclude<Viewer, 'guest'>, string> = {
  owner: 'owner@demo.test',
  new: 'new@demo.test',
  pending: 'pending@demo.test',
  partner: 'partner@demo.test',
  super: 'super@demo.test',
};

export interface Screen {
  /** File-name friendly: the route id. */
  name: string;
  route: string;
  viewer: Viewer;
  /** A path on the dashboard, or a full URL on the checkout or invoice host. */
  url: string;
  /** A page reached only by pressing through another (the direct debit's pages): done after opening `url`. */
  reach?: (page: Page) => Promise<void>;
}

/** Real routes no screen is made of, and why. */
export const LEFT_OUT: Record<string, string> = {
  'auth.root': 'the sign-in page again, at /',
  'auth.checkpoint': 'needs a sign-in that waits for its second factor',
  'auth.password-reset': 'needs a mailed reset token',
  'auth.register-complete': 'needs a mailed invitation token',
  'auth.register-completed': 'shown once, right after registration',
  'auth.pending-invitations': 'only while the person has invitations',
  'onboarding.blocked': 'no demo business was refused',
  'partner.bank-accounts-edit': 'the bank account form shot as payments.bank-accounts-edit, in the partner area (its add form is shot there)',
  'business.two-factor-setup': 'only for a business that requires two-factor',
  'payments.overview-root': 'the Overview again, at the business root',
  'payments.payouts': 'the payment methods screen again, at its old path',
  'payments.integrations-edit': 'the demo business has no plugin integration yet; e2e/integrations.e2e.ts opens one it adds',
  'payments.developers-webhook': 'the demo business has no webhook endpoint yet; e2e/webhooks.e2e.ts opens one it adds',
  'online-store.pages-edit': 'the demo store has no page yet; e2e/store-pages.e2e.ts opens one it adds',
  'payments.balance-card': 'only for businesses with a card balance (not the demo one)',
  'payments.balance-card-provider': 'only for businesses with a card provider balance (not the demo one)',
  'checkout.payment': 'a payment under way: the link page becomes it',
};

/** The real ids and public URLs the screens are filled with. */
export interface DemoIds {
  business: string;
  newBusiness: string;
  pendingBusiness: string;
  partnerBusiness: string;
  payment: string;
  payout: string;
  beneficiary: string;
  transfer: string;
  customer: string;
  link: string;
  qr: string;
  invoice: string;
  repeatingInvoice: string;
  product: string;
  /** The demo store's live theme (the theme designer). */
  theme: string;
  plan: string;
  subscription: string;
  staff: string;
  bankAccount: string;
  linkUrl: string;
  qrUrl: string;
  receiptUrl: string;
  invoiceUrl: string;
  portalUrl: string;
  setupUrl: string;
}

type Fill = (ids: DemoIds) => { viewer?: Viewer; params?: Record<string, string>; url?: string; reach?: Screen['reach'] };

const payNowByDirectDebit = async (page: Page) => {
  await page.getByRole('button', { name: 'Pay by direct debit' }).click();
  await page.waitForURL(/\/direct-debit\/mdt_[A-Za-z0-9]+$/);
  await page.getByRole('heading', { level: 1, name: 'Pay by direct debit' }).waitFor();
};
const toTestBank = async (page: Page) => {
  await payNowByDirectDebit(page);
  await page.getByRole('textbox', { name: /^Name on the account/ }).fill('Dee Debit');
  await page.getByRole('textbox', { name: /^Bank/ }).fill('Test Bank');
  await page.getByRole('textbox', { name: /^Account number/ }).fill('000123456');
  await page.getByRole('button', { name: 'Continue to your bank' }).click();
  await page.waitForURL(/\/direct-debit\/mdt_[A-Za-z0-9]+\/bank$/);
  await page.getByRole('heading', { level: 1, name: 'Authorise a direct debit' }).waitFor();
};

/** How each route with more than the business's id is filled (and who sees the screens not the owner's). */
const FILL: Record<string, Fill> = {
  'auth.login': () => ({ viewer: 'guest' }),
  'auth.password-request': () => ({ viewer: 'guest' }),
  'auth.register': () => ({ viewer: 'guest' }),
  'auth.register-partner': () => ({ viewer: 'guest' }),
  'onboarding.questionnaire': (ids) => ({ viewer: 'new', params: { business_id: ids.newBusiness } }),
  'onboarding.pending': (ids) => ({ viewer: 'pending', params: { business_id: ids.pendingBusiness } }),
  'admin.business': (ids) => ({ viewer: 'super', params: { business_id: ids.pendingBusiness } }),
  'admin.verifications': () => ({ viewer: 'super' }),
  'partner.overview': (ids) => ({ viewer: 'partner', params: { business_id: ids.partnerBusiness } }),
  'partner.commissions': (ids) => ({ viewer: 'partner', params: { business_id: ids.partnerBusiness } }),
  'partner.linked-businesses': (ids) => ({ viewer: 'partner', params: { business_id: ids.partnerBusiness } }),
  'partner.referral-contest': (ids) => ({ viewer: 'partner', params: { business_id: ids.partnerBusiness } }),
  'partner.payouts': (ids) => ({ viewer: 'partner', params: { business_id: ids.partnerBusiness } }),
  'partner.bank-accounts-create': (ids) => ({ viewer: 'partner', params: { business_id: ids.partnerBusiness } }),
  'payments.transactions-detail': (ids) => ({ params: { b_charge: ids.payment } }),
  'payments.balance-payouts-detail': (ids) => ({ params: { payout: ids.payout } }),
  'payments.beneficiaries-detail': (ids) => ({ params: { beneficiaryId: ids.beneficiary } }),
  'payments.transfer-history-detail': (ids) => ({ params: { transfer: ids.transfer } }),
  'payments.customers-detail': (ids) => ({ params: { customer: ids.customer } }),
  'payments.links-edit': (ids) => ({ params: { payment_request_id: ids.link } }),
  'payments.links-detail': (ids) => ({ params: { payment_request_id: ids.link } }),
  'payments.static-qr-edit': (ids) => ({ params: { static_qr_code_id: ids.qr } }),
  'payments.static-qr-detail': (ids) => ({ params: { static_qr_code_id: ids.qr } }),
  'payments.invoices-detail': (ids) => ({ params: { invoice: ids.invoice } }),
  'payments.invoices-edit': (ids) => ({ params: { invoice: ids.invoice } }),
  'payments.invoices-repeating-detail': (ids) => ({ params: { invoice: ids.repeatingInvoice } }),
  'payments.invoices-repeating-edit': (ids) => ({ params: { invoice: ids.repeatingInvoice } }),
  'payments.products-edit': (ids) => ({ params: { product: ids.product } }),
  'online-store.store-design-theme': (ids) => ({ params: { theme_id: ids.theme, page: 'home' } }),
  'payments.connections-tool': () => ({ params: { tool: 'xero' } }),
  'payments.recurring-plans-detail': (ids) => ({ params: { id: ids.plan } }),
  'payments.subscriptions-detail': (ids) => ({ params: { recurring_billing: ids.subscription } }),
  'payments.settings-users-detail': (ids) => ({ params: { id: ids.staff } }),
  'payments.payment-methods-provider': () => ({ params: { slug: 'xendit' } }),
  'payments.bank-accounts-edit': (ids) => ({ params: { bank_account: ids.bankAccount, isCrossBorder: 'false' } }),
  'public.invoice': (ids) => ({ viewer: 'guest', url: ids.invoiceUrl }),
  'public.customer-portal': (ids) => ({ viewer: 'guest', url: ids.portalUrl }),
  'app.not-found': () => ({ viewer: 'guest' }),
  'checkout.link': (ids) => ({ viewer: 'guest', url: ids.linkUrl }),
  'checkout.qr': (ids) => ({ viewer: 'guest', url: ids.qrUrl }),
  'checkout.receipt': (ids) => ({ viewer: 'guest', url: ids.receiptUrl }),
  'checkout.subscription-setup': (ids) => ({ viewer: 'guest', url: ids.setupUrl }),
  'checkout.direct-debit': (ids) => ({ viewer: 'guest', url: ids.setupUrl, reach: payNowByDirectDebit }),
  'checkout.direct-debit-bank': (ids) => ({ viewer: 'guest', url: ids.setupUrl, reach: toTestBank }),
  'checkout.direct-debit-return': (ids) => ({
    viewer: 'guest',
    url: ids.setupUrl,
    reach: async (page) => {
      await toTestBank(page);
      await page.getByRole('button', { name: 'Authorise' }).click();
      await page.waitForURL(/\/direct-debit\/return\?mandate=mdt_/);
      await page.getByText('Direct debit set up').waitFor();
    },
  }),
};

/** The point of sale and the online store show only the shared screens (staff, settings), shot in Payments. */
const REPEATED_SECTIONS = new Set(['pos', 'online-store']);

/** Why a real route is not shot, or undefined when it is. */
export function leftOutBecause(route: { id: string; section?: string }): string | undefined {
  if (route.section && REPEATED_SECTIONS.has(route.section)) return 'a shared screen shot in Payments, again in another section';
  return LEFT_OUT[route.id];
}

/** The route ids of the screens `screens()` answers, in the same order (known before any id is looked up). */
export function screenRoutes(): string[] {
  return routeTable.filter((r) => r.screen !== 'planned' && !leftOutBecause(r)).map((r) => r.id);
}

/** Every real screen of the route table with its URL (routes left out aside). */
export function screens(ids: DemoIds): Screen[] {
  const list: Screen[] = [];
  for (const route of routeTable) {
    if (route.screen === 'planned' || leftOutBecause(route)) continue;
    const fill = FILL[route.id]?.(ids) ?? {};
    let url = fill.url;
    if (!url) {
      try {
        url = href(route.id, { business_id: ids.business, ...fill.params });
      } catch {
        url = undefined;
      }
      if (!url || url.includes('/:'))
        throw new Error(`The screen list cannot fill route ${route.id} (${route.path}): add it to FILL or LEFT_OUT in e2e/screens.ts`);
    }
    list.push({ name: route.id, route: route.id, viewer: fill.viewer ?? 'owner', url, ...(fill.reach ? { reach: fill.reach } : {}) });
  }
  return list;
}

/** Signs the window's person in through the sign-in screen (guests stay signed out). */
export async function signInAs(page: Page, viewer: Viewer): Promise<void> {
  if (viewer === 'guest') return;
  await page.goto('/login');
  await page.getByLabel('Email').fill(VIEWER_EMAILS[viewer]);
  await page
    .getByLabel(/^Password/)
    .first()
    .fill('demo-password');
  await page.getByRole('button', { name: /sign in|log in/i }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/**
 * Opens a screen as a person would reach it, and waits until it has drawn (requests done, no transition running).
 * `inApp`: a dashboard path opened in a page already showing the app goes through the app's router, as a link inside
 * the app does (the address pushed, the router told), not a page load: a load compiles the app's JavaScript again
 * (about 3 CPU-s of Chromium) and starts a document without axe in it (e2e/support.ts, `expectAccessible`).
 */
export async function openScreen(page: Page, screen: Screen, options: { inApp?: boolean } = {}): Promise<void> {
  const current = page.url();
  const inApp =
    options.inApp && screen.url.startsWith('/') && !screen.reach && /^https?:/.test(current) && new URL(current).origin === new URL(screen.url, current).origin;
  if (inApp) {
    await page.evaluate((url) => {
      window.history.pushState(null, '', url);
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    }, screen.url);
  } else {
    await page.goto(screen.url);
  }
  if (screen.reach) await screen.reach(page);
  await page.waitForLoadState('networkidle');
  // A list or section still loading shows a spinner: wait for its content (a loading button is not waited for).
  // The whole-screen "Loading" (a lazy screen, the start-up frame) is a status without a spinner: wait for it too.
  // Twice, a moment apart: a query that starts when another ends (a list after its filters' data) shows its spinner
  // after a first quiet instant. A screen reached through the router: until the router has the next screen (its
  // code and data), the last one stays drawn under the bar "Loading the next page" (root-layout.tsx), with its title.
  const drawn = () =>
    page.waitForFunction(
      () =>
        [...document.querySelectorAll('.mantine-Loader-root')].every((el) => el.closest('button')) &&
        ![...document.querySelectorAll('[role="status"]')].some((el) => /^Loading\b/.test(el.textContent?.trim() ?? '')) &&
        !document.querySelector('[role="progressbar"][aria-label="Loading the next page"]'),
      undefined,
      { timeout: 20_000 },
    );
  await drawn();
  await page.waitForTimeout(250);
  await page.waitForLoadState('networkidle');
  await drawn();
  await page.waitForFunction(pageIsStill);
}

/** How much wider than the window the page is (0: no horizontal scrolling). */
export function overflowOf(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** A small HTTP client of the dashboard's API, signed in as one demo person (the script has no vitest). */
class Client {
  private cookie = '';
  private token = '';
  constructor(private readonly base: string) {}

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    if (!this.token) this.token = (await this.raw<{ token: string }>('POST', '/csrf-token')).token;
    return this.raw<T>(method, path, body);
  }

  private async raw<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.base}${path}`, {
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
    const text = await res.text();
    if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  }

  static async signedIn(base: string, email: string): Promise<Client> {
    const client = new Client(base);
    await client.call('POST', '/auth', { email, password: 'demo-password' });
    return client;
  }
}

type Listed<T = { id: string }> = { data: T[] };
const first = <T>(list: T[], what: string): T => {
  if (!list[0]) throw new Error(`The demo business has no ${what}`);
  return list[0];
};

async function firstBusiness(base: string, viewer: Exclude<Viewer, 'guest' | 'super'>): Promise<string> {
  const client = await Client.signedIn(base, VIEWER_EMAILS[viewer]);
  const user = await client.call<{ businesses: { owned: { id: string }[] } }>('GET', endpointPath(userEndpoints.me));
  return first(user.businesses.owned, `business of ${viewer}`).id;
}

/**
 * The ids of the screens: found in the demo business, and made where a kind has none or a page needs one of its own
 * (a paid link's receipt, a subscription's set-up link, the portal's mailed link, a product, a repeating invoice).
 */
export async function demoIds(base: string): Promise<DemoIds> {
  const api = await Client.signedIn(base, VIEWER_EMAILS.owner);
  const user = await api.call<{ businesses: { owned: { id: string; identifier: string }[] } }>('GET', endpointPath(userEndpoints.me));
  const business = first(
    user.businesses.owned.filter((b) => b.identifier === 'demo-coffee'),
    'demo coffee shop',
  ).id;
  const params = { business_id: business };
  const list = async <T = { id: string }>(endpoint: Parameters<typeof endpointPath>[0], what: string): Promise<T> =>
    first((await api.call<Listed<T>>('GET', endpointPath(endpoint, { params }))).data, what);
  const run = Date.now().toString(36);

  const customer = await api.call<{ id: string; email: string }>('POST', endpointPath(customerEndpoints.create, { params }), {
    name: 'Screens Customer',
    email: `screens-${run}@example.test`,
  });
  const link = await list<{ id: string; url: string }>(paymentLinkEndpoints.list, 'payment link');
  const qr = await list<{ id: string; url: string }>(staticQrEndpoints.list, 'static QR code');
  const invoice = await list<{ id: string; url: string; status: string }>(invoiceEndpoints.list, 'invoice');
  const sentInvoices = (await api.call<Listed<{ url: string; status: string }>>('GET', endpointPath(invoiceEndpoints.list, { params }))).data.filter(
    (i) => i.status !== 'draft',
  );
  const payments = (await api.call<Listed<{ id: string; status: string }>>('GET', endpointPath(transactionEndpoints.list, { params }))).data;
  const paid = await api.call<{ payment: { id: string }; receipt_url: string | null }>(
    'GET',
    endpointPath(transactionEndpoints.get, {
      params: {
        ...params,
        payment_id: first(
          payments.filter((p) => p.status === 'succeeded'),
          'paid payment',
        ).id,
      },
    }),
  );
  if (!paid.receipt_url) throw new Error('A paid payment has no receipt');
  const products = (await api.call<Listed>('GET', endpointPath(productEndpoints.list, { params }))).data;
  const product =
    products[0] ??
    (await api.call<{ id: string }>('POST', endpointPath(productEndpoints.create, { params }), {
      name: 'House blend, 1 kg',
      description: 'Whole beans, roasted this week',
      variants: [{ price: 42_00 }],
    }));
  const repeating = (await api.call<Listed>('GET', endpointPath(repeatingInvoiceEndpoints.list, { params }))).data;
  const repeatingInvoice =
    repeating[0] ??
    (await api.call<{ id: string }>('POST', endpointPath(repeatingInvoiceEndpoints.create, { params }), {
      customer_id: customer.id,
      lines: [{ description: 'Monthly beans', quantity: 1, unit_price: 60_00 }],
      due_days: 14,
      frequency: 'monthly',
      start_date: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
    }));
  const subscription = await api.call<{ id: string }>('POST', endpointPath(subscriptionEndpoints.create, { params }), {
    customer_id: customer.id,
    name: 'Screens club',
    amount: 15_00,
    currency: 'sgd',
    interval: 'monthly',
  });
  const setup = await api.call<{ url: string }>(
    'POST',
    endpointPath(subscriptionEndpoints.sendSetupLink, { params: { ...params, subscription_id: subscription.id } }),
  );
  await api.call('POST', endpointPath(customerPortalEndpoints.emailLink, { params: { ...params, customer_id: customer.id } }));
  const mail = (await (await fetch(`${base}/_dev/mailbox.json`)).json()) as { data: { to: string; text: string }[] };
  const portalHost = hostOfKind('invoice', new URL(base).hostname);
  const portalUrl = mail.data
    .filter((m) => m.to === customer.email)
    .map((m) => new RegExp(`https?://${portalHost.replace(/\./g, '\\.')}[^\\s]*/portal/[A-Za-z0-9._-]+`).exec(m.text)?.[0])
    .find(Boolean);
  if (!portalUrl) throw new Error('No portal link was mailed to the new customer');
  const members = (await api.call<{ data: { id: string; role: { title: string } }[] }>('GET', endpointPath(businessEndpoints.users, { params }))).data;

  return {
    business,
    newBusiness: await firstBusiness(base, 'new'),
    pendingBusiness: await firstBusiness(base, 'pending'),
    partnerBusiness: await firstBusiness(base, 'partner'),
    payment: paid.payment.id,
    payout: (await list(payoutEndpoints.list, 'payout')).id,
    beneficiary: (await list(beneficiaryEndpoints.list, 'beneficiary')).id,
    transfer: (await list(transferEndpoints.list, 'transfer')).id,
    customer: customer.id,
    link: link.id,
    qr: qr.id,
    invoice: invoice.id,
    repeatingInvoice: repeatingInvoice.id,
    product: product.id,
    theme: first((await api.call<Listed>('GET', endpointPath(storeThemeEndpoints.list, { params }))).data, 'store theme').id,
    plan: (await list(planEndpoints.list, 'plan')).id,
    subscription: subscription.id,
    staff: first(
      members.filter((m) => m.role.title !== 'owner'),
      'staff member',
    ).id,
    bankAccount: first(await api.call<{ id: string }[]>('GET', endpointPath(bankAccountEndpoints.list, { params })), 'bank account').id,
    linkUrl: link.url,
    qrUrl: qr.url,
    receiptUrl: paid.receipt_url!,
    invoiceUrl: first(sentInvoices, 'sent invoice').url,
    portalUrl,
    setupUrl: setup.url,
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * The built server (npm run build) on a free port with a fresh embedded database and the demo data, its
 * payment history included (payouts, transfers, paid payments: what the detail screens show); `stop` ends it.
 */
export async function startDemoServer(root: string): Promise<{ base: string; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'md-screens-'));
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const child = spawn(process.execPath, [join(root, 'apps/server/dist/server.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO_DATA: 'on',
      DEMO_HISTORY: 'on',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: base,
      BASE_DOMAIN: 'localhost',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  // Seeding 90 days of history takes a while on a busy machine.
  const deadline = Date.now() + 600_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`no answer from ${base}`);
    }
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { base, stop };
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}
