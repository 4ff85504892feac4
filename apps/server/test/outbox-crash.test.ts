import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '@merchant/core';
import { payoutEndpoints } from '@merchant/payments';
import { fixedClock } from '../src/lib/clock';
import { TEST_CRASH_HEADER } from '../src/http/idempotency';
import { appOn, rows } from './app-processes';
import { addBankAccount, availableMoney, createBusiness } from './factories';
import { fakeSmtp } from './fake-smtp';
import { Browser, killServers, startServer, stopServer } from './server-process';
import { restartableDatabase } from './restartable-database';

/**
 * The outbox (issue 24): a mail is written in the transaction of the change it tells of, so a process killed
 * (kill -9) right after that commit, before anything else ran, still delivers it once it runs again. A payout's
 * request asks its server to die at the first statement after the payout's commit (TEST_FAULTS=on, X-Test-Crash:
 * after-commit); the server starts again on the same database with SMTP, and the payout's mail arrives exactly
 * once, its Message-ID the mail's id. Both databases.
 */
let store: Awaited<ReturnType<typeof restartableDatabase>>;
let smtp: Awaited<ReturnType<typeof fakeSmtp>>;
let uploads: string;
let ownerEmail: string;
let businessId: string;

const serverEnv = () => ({ DATA_DIR: uploads, ...store.serverEnv, SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Merchant <mail@merchant.test>' });

beforeAll(async () => {
  uploads = mkdtempSync(join(tmpdir(), 'md-outbox-crash-'));
  smtp = await fakeSmtp();
  store = await restartableDatabase();
  // The verified business, its available money and bank account are made by an app in this process, closed before the servers start.
  const database = await store.open();
  const t = await appOn(database, fixedClock(new Date()));
  const business = await createBusiness(t, {});
  ownerEmail = business.people.owner.email;
  businessId = business.id;
  await availableMoney(t, businessId, 100_00);
  await addBankAccount(t, business, business.people.owner);
  // Mail made so far (the bank account's notice) is delivered by its own jobs here; only the payout's is the test's.
  await t.app.jobs.runDue();
  await t.close();
  await database.close();
}, 120_000);

afterAll(async () => {
  killServers();
  await smtp.close();
  await store.dispose();
  rmSync(uploads, { recursive: true, force: true });
});

const payoutMails = () => smtp.received.filter((m) => /^Subject: Payout of /m.test(m));
const messageIdOf = (mail: string) => /^Message-ID: (.+)$/im.exec(mail)?.[1]?.trim();

describe('a mail whose server is killed (kill -9) right after the commit of the change it tells of', () => {
  it('is delivered once the server runs again, exactly once, with its id as Message-ID', { timeout: 300_000 }, async () => {
    const first = await startServer(serverEnv());
    const browser = await new Browser().signIn(first.base, ownerEmail);
    const payout = (base: string, headers: Record<string, string> = {}) =>
      browser.call(
        base,
        payoutEndpoints.create,
        { params: { business_id: businessId }, body: { currency: 'sgd', amount: 50_00 } },
        { [IDEMPOTENCY_KEY_HEADER]: 'payout-cut-after-commit', ...headers },
      );
    await expect(payout(first.base, { [TEST_CRASH_HEADER]: 'after-commit' })).rejects.toThrow();
    expect(await first.ended).toBe('SIGKILL');
    expect(payoutMails()).toEqual([]);

    // The same database, a new process: the payout committed, and its mail leaves without anyone asking.
    const second = await startServer(serverEnv());
    await vi.waitFor(() => expect(payoutMails()).toHaveLength(1), { timeout: 30_000, interval: 100 });
    const retried = await payout(second.base);
    expect([retried.status, retried.headers.get(IDEMPOTENT_REPLAYED_HEADER)]).toEqual([201, 'true']);
    // Nothing more leaves: the replay sends no mail, the sweep finds the mail sent.
    await new Promise((r) => setTimeout(r, 3_000));
    await stopServer(second);
    expect(payoutMails()).toHaveLength(1);

    const database = await store.open();
    try {
      const kept = await rows<{ id: string; sent_at: Date | null }>(database, sql`select id, sent_at from mail_outbox where subject like 'Payout of %'`);
      expect(kept).toHaveLength(1);
      expect(kept[0]!.sent_at).not.toBeNull();
      expect(messageIdOf(payoutMails()[0]!)).toBe(`<${kept[0]!.id}@merchant.test>`);
    } finally {
      await database.close();
    }
  });
});
