import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogEndpoints } from '@merchant/business';
import { posOrderEndpoints } from '@merchant/catalogue';
import { endpointPath } from '@merchant/core';
import { mallGtoEndpoints as e, type CreateMallIntegrationBody, type MallIntegration } from '@merchant/pos';
import { mallGtoRepository } from '../src/modules/pos/mall-gto/mall-gto.repository';
import { Agent, createTestContext, failure, mailbox, type TestContext } from './harness';
import { createBusiness, createLocation, openDrawer, sell, type FactoryBusiness } from './factories';
import { makePayment } from './factories/payments';
import { startSftpServer, type TestSftpServer } from './sftp-server';

/**
 * Mall sales reporting (docs/pos.md, "Mall sales reporting") against a real SFTP server on 127.0.0.1: set-up and its
 * rules, the daily schedule's upload of yesterday's file (orders near midnight in the business's zone), resend,
 * download, the retries of a refused upload ending in a failed run and a mail to the owners.
 */
let t: TestContext;
let sftp: TestSftpServer;
let owner: Agent;
let business: FactoryBusiness<'owner' | 'manager' | 'cashier'>;
let shopId: string;
let csv: MallIntegration;

const DAY = '2026-11-03';
const inBusiness = () => ({ params: { business_id: business.id } });
const integration = (id: string) => ({ params: { business_id: business.id, integration_id: id } });
const body = (over: Partial<CreateMallIntegrationBody> = {}): CreateMallIntegrationBody => ({
  name: 'Harbour Point Mall',
  format: 'generic_csv',
  location_id: shopId,
  tenant_id: 'T001',
  machine_id: 'M01',
  sftp_host: sftp.host,
  sftp_port: sftp.port,
  sftp_username: sftp.username,
  auth_kind: 'password',
  password: sftp.password,
  remote_directory: 'inbox',
  ...over,
});
const at = (iso: string) => t.clock.set(new Date(iso));

beforeAll(async () => {
  t = await createTestContext({ sessionIdleMinutes: 60 * 24 * 365 });
  sftp = await startSftpServer();
  mkdirSync(join(sftp.root, 'inbox'));
  mkdirSync(join(sftp.root, 'hp'));
  at('2026-11-02T08:00:00Z');
  business = await createBusiness(t, { staff: ['manager', 'cashier'], timeZone: 'Asia/Singapore' });
  owner = business.people.owner.agent;
  shopId = (await createLocation(owner, business.id, { name: 'Mall shop' })).id;
});
afterAll(async () => {
  await sftp.close();
  await t.close();
});

describe('integrations', () => {
  it('sets up an integration, keeping the password sealed and answering only that it is set', async () => {
    csv = await owner.ok(e.create, { ...inBusiness(), body: body() });
    expect(csv).toMatchObject({
      name: 'Harbour Point Mall',
      format: 'generic_csv',
      format_label: 'Generic daily sales CSV',
      location_name: 'Mall shop',
      sftp_port: sftp.port,
      auth_kind: 'password',
      secret_set: true,
      remote_directory: 'inbox',
      active: true,
      last_run: null,
    });
    expect(JSON.stringify(csv)).not.toContain(sftp.password);
    const stored = await mallGtoRepository.findIntegration(t.database.db, business.id, csv.id);
    expect(stored!.secretSealed).toMatch(/^v1\./);
    expect(stored!.secretSealed).not.toContain(sftp.password);
    await owner.ok(e.create, { ...inBusiness(), body: body({ name: 'Orchid pipe', format: 'harbour_point_pipe', remote_directory: 'hp' }) });
    const audit = await owner.ok(auditLogEndpoints.list, { ...inBusiness(), query: { action: 'mall_integration.created' } });
    expect(audit.data.map((a) => a.description)).toContain('Set up mall sales reporting for Harbour Point Mall (Generic daily sales CSV)');
    const list = await owner.ok(e.list, inBusiness());
    expect(list.data.map((i) => i.name)).toEqual(['Harbour Point Mall', 'Orchid pipe']);
  });

  it('refuses a missing password, a bad port, a bad key and a location of another business, field by field', async () => {
    const paths = async (b: CreateMallIntegrationBody) => {
      const answer = await owner.call(e.create, { ...inBusiness(), body: b });
      return [answer.status, (failure(answer).issues ?? []).map((i) => i.path).sort()];
    };
    expect(await paths(body({ password: '' }))).toEqual([422, ['password']]);
    expect(await paths(body({ sftp_port: 70000 }))).toEqual([422, ['sftp_port']]);
    expect(await paths(body({ auth_kind: 'private_key', private_key: 'not a key' }))).toEqual([422, ['private_key']]);
    expect(await paths(body({ tenant_id: 'T 1', name: '' }))).toEqual([422, ['name', 'tenant_id']]);
    const other = await createBusiness(t);
    const elsewhere = await createLocation(other.people.owner.agent, other.id, { name: 'Elsewhere' });
    expect(await paths(body({ location_id: elsewhere.id }))).toEqual([422, ['location_id']]);
    // Another business's owner does not see this one's integration.
    const foreign = await other.people.owner.agent.call(e.get, { params: { business_id: other.id, integration_id: csv.id } });
    expect([foreign.status, failure(foreign).code]).toEqual([404, 'MALL_INTEGRATION_NOT_FOUND']);
  });

  it('needs pos:manage: a cashier is refused, a manager may', async () => {
    const refused = await business.people.cashier.agent.call(e.list, inBusiness());
    expect(refused.status).toBe(403);
    const runs = await business.people.cashier.agent.call(e.runs, { ...inBusiness(), query: {} });
    expect(runs.status).toBe(403);
    expect((await business.people.manager.agent.ok(e.list, inBusiness())).data).toHaveLength(2);
  });

  it('edits an integration: a blank password keeps the stored one; the change is audited without the secret', async () => {
    const edited = await owner.ok(e.update, { ...integration(csv.id), body: { machine_id: 'M02', password: '' } });
    expect(edited).toMatchObject({ machine_id: 'M02', secret_set: true });
    expect((await owner.ok(e.testConnection, integration(csv.id))).ok).toBe(true);
    csv = await owner.ok(e.update, { ...integration(csv.id), body: { machine_id: 'M01' } });
    const audit = await owner.ok(auditLogEndpoints.list, { ...inBusiness(), query: { action: 'mall_integration.updated' } });
    expect(audit.data[0]!.description).toBe('Changed mall sales reporting for Harbour Point Mall (machine_id)');
    const toKey = await owner.call(e.update, { ...integration(csv.id), body: { auth_kind: 'private_key' } });
    expect([toKey.status, failure(toKey).issues?.[0]?.path]).toEqual([422, 'private_key']);
  });

  it('tests the connection with the stored credentials', async () => {
    const good = await owner.ok(e.testConnection, integration(csv.id));
    expect(good).toEqual({ ok: true, message: `Connected to 127.0.0.1: the folder holds 0 entries.` });
    const wrong = await owner.ok(e.create, { ...inBusiness(), body: body({ name: 'Wrong password', password: 'nope', active: false }) });
    expect(await owner.ok(e.testConnection, integration(wrong.id))).toEqual({
      ok: false,
      message: 'The SFTP server refused the user name and password or key.',
    });
  });
});

describe('the daily file', () => {
  it('uploads yesterday’s file: the day’s orders in the business’s zone, refunds, discounts, tips and the tender split', async () => {
    await openDrawer(owner, business.id, shopId, 50_00);
    // 23:59 the day before (Singapore, UTC+8): not in the day.
    at('2026-11-02T15:59:00Z');
    await sell(owner, business.id, shopId, { quick_sale: { amount: 5_00, description: 'Before' }, tenders: [{ kind: 'cash', amount: 5_00 }] });
    // 00:00 sharp: the day's first sale, with a tip, paid 20.00 in cash (7.00 change).
    at('2026-11-02T16:00:00Z');
    const first = await sell(owner, business.id, shopId, {
      quick_sale: { amount: 12_00, description: 'Lunch' },
      tip: 1_00,
      tenders: [{ kind: 'cash', amount: 13_00, tendered: 20_00 }],
    });
    at('2026-11-03T02:30:00Z');
    const card = await makePayment(t, business.id, { amount: 15_00 });
    await sell(owner, business.id, shopId, {
      quick_sale: { amount: 30_00, description: 'Dinner' },
      order_discount: { type: 'fixed', amount: 5_00 },
      tenders: [
        { kind: 'cash', amount: 10_00 },
        { kind: 'card', amount: 15_00, payment_id: card.id },
      ],
    });
    at('2026-11-03T03:00:00Z');
    await owner.ok(posOrderEndpoints.refund, { params: { business_id: business.id, order_id: first.id }, body: { whole: true, reason: 'Wrong order' } });
    // 23:59:59: the day's last sale; 00:00 the next day: not in the day.
    at('2026-11-03T15:59:59Z');
    await sell(owner, business.id, shopId, { quick_sale: { amount: 8_00, description: 'Late' }, tenders: [{ kind: 'cash', amount: 8_00 }] });
    at('2026-11-03T16:00:00Z');
    await sell(owner, business.id, shopId, { quick_sale: { amount: 100_00, description: 'Next day' }, tenders: [{ kind: 'cash', amount: 100_00 }] });

    // Ten past midnight: the schedule sends yesterday's files.
    at('2026-11-03T16:10:00Z');
    await t.app.jobs.runDue();
    expect(sftp.files('inbox')).toEqual({
      'T001_M01_20261103.csv':
        'date,tenant_id,machine_id,currency,order_count,gross_sales,discounts,tax,tips,total,refund_count,refunds,net_sales,cash,card\r\n' +
        '2026-11-03,T001,M01,SGD,3,50.00,5.00,0.00,1.00,46.00,1,13.00,33.00,31.00,15.00\r\n',
    });
    expect(sftp.files('hp')).toEqual({
      'T001_M01_20261103.txt':
        'H|T001|M01|20261103|SGD\r\n' +
        'D|00|1|13.00|0.00|0.00\r\n' +
        'D|10|1|25.00|0.00|0.00\r\n' +
        'D|11|0|0.00|0.00|13.00\r\n' +
        'D|23|1|8.00|0.00|0.00\r\n' +
        'T|3|50.00|5.00|0.00|1.00|46.00|1|13.00|33.00|31.00|15.00\r\n',
    });
    const runs = await owner.ok(e.runs, { ...inBusiness(), query: { integration_id: csv.id } });
    expect(runs.data).toHaveLength(1);
    expect(runs.data[0]).toMatchObject({
      business_date: DAY,
      status: 'succeeded',
      trigger: 'schedule',
      attempts: 1,
      file_name: 'T001_M01_20261103.csv',
      error: null,
      totals: {
        order_count: 3,
        gross_sales: { amount: 50_00 },
        refunds: { amount: 13_00 },
        net: { amount: 33_00 },
        cash: { amount: 31_00 },
        card: { amount: 15_00 },
      },
    });
    // The schedule's next ticks make no second run of the day.
    t.clock.advance(10 * 60_000);
    await t.app.jobs.runDue();
    expect((await owner.ok(e.runs, { ...inBusiness(), query: { integration_id: csv.id } })).data).toHaveLength(1);
    expect((await owner.ok(e.get, integration(csv.id))).last_run).toMatchObject({ business_date: DAY, status: 'succeeded' });

    // The file as sent, for download.
    const file = await owner.get(endpointPath(e.runFile, { params: { business_id: business.id, run_id: runs.data[0]!.id } }));
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(file.headers['content-disposition']).toBe('attachment; filename="T001_M01_20261103.csv"');
    expect(file.body).toBe(sftp.files('inbox')['T001_M01_20261103.csv']);
  });

  it('resends a day from the log: a new run replaces the file on the server', async () => {
    const resent = await owner.ok(e.sendDay, { ...integration(csv.id), body: { business_date: DAY } });
    expect(resent).toMatchObject({ status: 'succeeded', trigger: 'resend', business_date: DAY, attempts: 1 });
    expect(Object.keys(sftp.files('inbox'))).toEqual(['T001_M01_20261103.csv']);
    expect((await owner.ok(e.runs, { ...inBusiness(), query: { integration_id: csv.id } })).data.map((r) => r.trigger)).toEqual(['resend', 'schedule']);
    const audit = await owner.ok(auditLogEndpoints.list, { ...inBusiness(), query: { action: 'mall_integration.day_sent' } });
    expect(audit.data[0]!.description).toBe(`Sent the sales file of ${DAY} to Harbour Point Mall`);
    const badDay = await owner.call(e.sendDay, { ...integration(csv.id), body: { business_date: '2026-13-01' } });
    expect([badDay.status, failure(badDay).issues?.[0]?.path]).toEqual([422, 'business_date']);
  });

  it('retries a refused upload with backoff, then fails the run and mails the owners', async () => {
    const wrong = (await owner.ok(e.list, inBusiness())).data.find((i) => i.name === 'Wrong password')!;
    const refusedBefore = sftp.refusedLogins();
    const first = await owner.ok(e.sendDay, { ...integration(wrong.id), body: { business_date: DAY } });
    expect(first).toMatchObject({ status: 'retrying', attempts: 1, error: 'The SFTP server refused the user name and password or key.' });
    expect(new Date(first.next_attempt_at!).getTime() - t.clock.now().getTime()).toBe(60_000);
    const runOf = async () => (await owner.ok(e.runs, { ...inBusiness(), query: { integration_id: wrong.id } })).data[0]!;

    // Not due yet: nothing happens.
    await t.app.jobs.runDue();
    expect((await runOf()).attempts).toBe(1);
    for (const [wait, attempts, status] of [
      [5, 2, 'retrying'],
      [5, 3, 'retrying'],
      [20, 4, 'failed'],
    ] as const) {
      t.clock.advance(wait * 60_000);
      await t.app.jobs.runDue();
      expect(await runOf()).toMatchObject({ attempts, status });
    }
    const failed = await runOf();
    expect(failed).toMatchObject({ next_attempt_at: null, error: 'The SFTP server refused the user name and password or key.' });
    expect(failed.finished_at).not.toBeNull();
    expect(sftp.refusedLogins() - refusedBefore).toBeGreaterThanOrEqual(4);
    // No more attempts once failed.
    t.clock.advance(60 * 60_000);
    await t.app.jobs.runDue();
    expect((await runOf()).attempts).toBe(4);

    const mails = (await mailbox(t.app)).filter((m) => m.subject === `Mall sales file for ${DAY} not sent: Wrong password`);
    expect(mails.map((m) => m.to)).toEqual([business.people.owner.email]);
    expect(mails[0]!.text).toContain('after 4 attempts');
    expect(mails[0]!.text).toContain('Reason: The SFTP server refused the user name and password or key.');
    expect(mails[0]!.text).not.toContain('nope');
  });
});
