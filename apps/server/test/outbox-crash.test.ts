import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '@merchant/core';
import { payoutEndpoints } from '@merchant/payments';
import { TEST_CRASH_HEADER } from '../src/http/idempotency';
import { rows } from './app-processes';
import { addBankAccount, availableMoney } from './factories';
import { killableServers } from './killed-servers';
import { fakeSmtp } from './fake-smtp';
import { Browser, startServer, stopServer } from './server-process';

/**
 * The outbox (issue 24): a mail is written in the transaction of the change it tells of, so a process killed
 * (kill -9) right after that commit, before anything else ran, still delivers it once it runs again. A payout's
 * request asks its server to die at the first statement after the payout's commit (TEST_FAULTS=on, X-Test-Crash:
 * after-commit); the server starts again on the same database with SMTP, and the payout's mail arrives exactly
 * once, its Message-ID the mail's id. Both databases.
 */
let setup: Awaited<ReturnType<typeof killableServers<void>>>;
let smtp: Awaited<ReturnType<typeof fakeSmtp>>;
let ownerEmail: string;
let businessId: string;

const serverEnv = () => setup.serverEnv({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Merchant <mail@merchant.test>' });

beforeAll(async () => {
  smtp = await fakeSmtp();
  // Its available money and bank account; mail made so far (the bank account's notice) is delivered by its own jobs
  // here: only the payout's is the test's.
  setup = await killableServers('outbox-crash', async (t, business) => {
    await availableMoney(t, business.id, 100_00);
    await addBankAccount(t, business, business.people.owner);
    await t.app.jobs.runDue();
  });
  ({ ownerEmail, businessId } = setup);
}, 120_000);

afterAll(async () => {
  await setup.dispose();
  await smtp.close();
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

    const database = await setup.store.open();
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
