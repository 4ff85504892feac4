import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startPostgres } from '../scripts/postgres.mjs';
import { freePort } from './global-setup';
import { DEMO_PASSWORD, expectAccessible, launch, signIn } from './support';

/**
 * The support chat across two app processes on one PostgreSQL database (issue 30's "Done means"): the customer's page
 * at 375 px is served by process A, the owner's inbox by process B; a message written through either reaches the
 * other's sockets through the database's change feed, both ways, without a reload. Its own database and processes,
 * started here from the built server (a PostgreSQL of its own unless E2E_PG_URL names one).
 */
const ROOT = new URL('..', import.meta.url).pathname;
const ENTRY = join(ROOT, 'apps/server/dist/server.mjs');
const RUN = Date.now().toString(36);

const children: ChildProcess[] = [];
const dirs: string[] = [];
let stopPostgres: (() => void) | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
let urlA = '';
let urlB = '';

async function healthy(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer ${url}/healthz`);
}

/** One app process on the shared database; the first one migrates it and seeds the demo business. */
async function startProcess(databaseUrl: string, demoData: boolean): Promise<string> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const dir = mkdtempSync(join(tmpdir(), 'md-chat-process-'));
  dirs.push(dir);
  const child = spawn(process.execPath, [ENTRY], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dir,
      DATABASE_URL: databaseUrl,
      DEMO_DATA: demoData ? 'on' : 'off',
      DEMO_HISTORY: 'off',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: url,
      BASE_DOMAIN: 'localhost',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(child);
  await healthy(url, child);
  return url;
}

beforeAll(async () => {
  let adminUrl = process.env.E2E_PG_URL;
  if (!adminUrl) {
    const server = await startPostgres();
    stopPostgres = () => server.stop();
    adminUrl = server.url;
  }
  const name = `md_chat_processes_${RUN}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  dropDatabase = async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  urlA = await startProcess(url.toString(), true);
  urlB = await startProcess(url.toString(), false);
}, 240_000);

afterAll(async () => {
  await Promise.all(
    children.map(async (child) => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }),
  );
  await dropDatabase?.();
  stopPostgres?.();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe('support chat on two app processes sharing one PostgreSQL', () => {
  it('carries the customer’s message (process A, 375 px) to the inbox (process B) and the answer back, live', async () => {
    const browser = await launch();
    const contexts: BrowserContext[] = [];
    const windowOn = async (baseURL: string, width: number) => {
      const context = await browser.newContext({ baseURL, viewport: { width, height: 800 } });
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      return page;
    };
    try {
      // The owner signs in on B and opens the inbox before the customer writes.
      const staff = await windowOn(urlB, 1280);
      await signIn(staff, 'owner@demo.test', DEMO_PASSWORD);
      await staff.waitForURL((u) => u.pathname !== '/login');
      const businessId = await staff.evaluate(async () => {
        const user = (await (await fetch('/v1/user', { headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' } })).json()) as {
          businesses: { owned: { id: string; identifier: string }[] };
        };
        return user.businesses.owned.find((b) => b.identifier === 'demo-coffee')!.id;
      });
      await staff.goto(`/business/${businessId}/payments/support`);
      await staff.getByRole('heading', { level: 1, name: 'Support' }).waitFor();

      const customer = await windowOn(urlA, 375);
      await customer.goto(`/public/${businessId}/support-chat`);
      await customer.getByRole('heading', { name: 'Chat with us' }).waitFor();
      const name = `Two-process customer ${RUN}`;
      await customer.getByLabel('Your name').fill(name);
      await customer.getByLabel('Your email').fill(`two-${RUN}@example.test`);
      await customer.getByLabel('Message').fill(`Written on A ${RUN}`);
      await customer.getByRole('button', { name: 'Start chat' }).click();
      const log = customer.getByRole('log');
      await log.getByText(`Written on A ${RUN}`).waitFor();

      // B's inbox shows the conversation without a reload.
      const row = staff.getByRole('button', { name: new RegExp(name) });
      await row.waitFor();
      await row.click();
      const thread = staff.getByRole('region', { name: `Conversation with ${name}` });
      await thread.getByText(`Written on A ${RUN}`).waitFor();
      await thread.getByLabel('Answer').fill(`Answered on B ${RUN}`);
      await thread.getByRole('button', { name: 'Send answer' }).click();

      // A's customer page shows the answer without a reload.
      await log.getByText(`Answered on B ${RUN}`).waitFor();
      await expectAccessible(customer);

      // And once more from A: it arrives in B's open thread.
      await customer.getByLabel('Your message').fill(`Thanks from A ${RUN}`);
      await customer.getByRole('button', { name: 'Send' }).click();
      await thread.getByText(`Thanks from A ${RUN}`).waitFor();
      await expectAccessible(staff);
    } finally {
      await Promise.all(contexts.map((c) => c.close()));
      await browser.close();
    }
  });
});
