import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointPath } from '@merchant/core';
import { and, eq, sql } from 'drizzle-orm';
import {
  IMPORT_TEMPLATE_HEADER,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ROWS,
  customerEndpoints,
  invoiceEndpoints,
  invoiceImportEndpoints,
  type InvoiceImport,
} from '@merchant/payments';
import { auditLogs, invoiceImportRows } from '../src/db/schema';
import { parseCsv } from '../src/lib/csv';
import { createBusiness, createCustomer, uniqueEmail } from './factories';
import { type Agent, type TestContext, createTestContext, failure } from './harness';
import { PNG_BYTES, multipart } from './upload-helpers';

/** Invoices from a CSV upload: reading and checking every row, the confirm, the job, and never creating twice. */
let t: TestContext;
let owner: Agent;
let businessId: string;

beforeAll(async () => {
  t = await createTestContext();
  const business = await createBusiness(t);
  owner = business.people.owner.agent;
  businessId = business.id;
});
afterAll(() => t.close());

const HEADER = 'customer_email,customer_name,description,quantity,unit_price,currency,issue_date,due_date,discount_percent,tax_name,tax_percent,notes';

/** Uploads bytes as the agent, as the browser's form does. */
async function upload(agent: Agent, bytes: Buffer | string, name = 'invoices.csv', business = businessId) {
  if (agent.csrf === null) await agent.token();
  const { payload, contentType } = multipart({ name, type: 'text/csv', bytes: typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes });
  const res = await t.app.inject({
    method: 'POST',
    url: endpointPath(invoiceImportEndpoints.upload, { params: { business_id: business } }),
    remoteAddress: agent.ip,
    headers: {
      cookie: [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-requested-with': 'XMLHttpRequest',
      'x-csrf-token': agent.csrf ?? '',
      'content-type': contentType,
    },
    payload,
  });
  return {
    status: res.statusCode,
    body: res.json<{ import: InvoiceImport; already_uploaded: boolean } & { code: string; issues?: { path: string; message: string }[] }>(),
  };
}

async function uploaded(bytes: Buffer | string, name?: string): Promise<InvoiceImport> {
  const res = await upload(owner, bytes, name);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.import;
}

const at = (imported: { id: string }) => ({ params: { business_id: businessId, import_id: imported.id } });
const rowsOf = async (imported: { id: string }) => (await owner.ok(invoiceImportEndpoints.rows, { ...at(imported), query: { limit: 200 } })).data;
const invoiceCount = async () => (await owner.ok(invoiceEndpoints.list, { params: { business_id: businessId }, query: { limit: 100 } })).data.length;
const csvOf = (...rows: string[]) => [HEADER, ...rows].join('\r\n') + '\r\n';

describe('the template', () => {
  it('is a CSV download of the header row, in the order the screen documents', async () => {
    const res = await owner.get(endpointPath(invoiceImportEndpoints.template, { params: { business_id: businessId } }));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('invoices-template.csv');
    expect(parseCsv(res.body.replace(/^\uFEFF/, ''))).toEqual([[...IMPORT_TEMPLATE_HEADER]]);
    expect(HEADER.split(',')).toEqual([...IMPORT_TEMPLATE_HEADER]);
  });
});

describe('a file of good and bad rows', () => {
  it('checks every row, creates only the good ones after the confirm, and reports the bad ones', async () => {
    const known = await createCustomer(owner, businessId, { name: 'Known Customer' });
    const newEmail = uniqueEmail('bulk');
    const before = await invoiceCount();
    const imported = await uploaded(
      csvOf(
        `${known.email!.toUpperCase()},,Design work,3,33.33,,2026-11-02,2026-11-30,10,GST,9,Thanks`,
        `${newEmail},New Person,Hosting,1,12.5,sgd,,2026-12-01,,,,`,
        `not-an-email,,Broken,0,abc,,2026-11-02,2026-10-01,,,,`,
      ),
      'november.csv',
    );
    expect(imported).toMatchObject({
      file_name: 'november.csv',
      status: 'validated',
      delimiter: ',',
      counts: { rows: 3, valid: 2, invalid: 1, created: 0, failed: 0, pending: 2 },
    });
    expect(imported.columns.every((c) => c.column !== null)).toBe(true);
    const rows = await rowsOf(imported);
    expect(rows.map((r) => [r.row, r.state])).toEqual([
      [2, 'valid'],
      [3, 'valid'],
      [4, 'invalid'],
    ]);
    // 3 x 33.33 = 99.99, 10 % off is 10.00 -> 89.99; 9 % GST of 89.99 is 8.10 -> 98.09.
    expect(rows[0]!.total).toEqual({ amount: 9809, currency: 'sgd' });
    const columns = rows[2]!.problems.map((p) => p.column);
    expect(columns).toEqual(expect.arrayContaining(['customer_email', 'unit_price', 'quantity', 'due_date']));
    expect(rows[2]!.problems.find((p) => p.column === 'due_date')!.message).toBe('The due date cannot be before the issue date');
    // Nothing is created before the confirm.
    await t.app.jobs.runDue();
    expect(await invoiceCount()).toBe(before);

    const confirmed = await owner.ok(invoiceImportEndpoints.confirm, at(imported));
    expect(confirmed.status).toBe('confirmed');
    expect(await t.app.jobs.runDue()).toBe(1);
    const done = await owner.ok(invoiceImportEndpoints.get, at(imported));
    expect(done).toMatchObject({ status: 'completed', counts: { created: 2, failed: 0, pending: 0, invalid: 1 } });
    expect(done.completed_at).not.toBeNull();
    expect(await invoiceCount()).toBe(before + 2);

    const created = (await rowsOf(imported)).filter((r) => r.state === 'created');
    expect(created.map((r) => r.row)).toEqual([2, 3]);
    const first = await owner.ok(invoiceEndpoints.get, { params: { business_id: businessId, invoice_id: created[0]!.invoice!.id } });
    expect(first).toMatchObject({
      status: 'draft',
      number: created[0]!.invoice!.number,
      customer: { id: known.id },
      issue_date: '2026-11-02',
      due_date: '2026-11-30',
      total: 9809,
      taxes: [{ name: 'GST', rate_bps: 900, amount: 810 }],
      notes: 'Thanks',
    });
    const second = await owner.ok(invoiceEndpoints.get, { params: { business_id: businessId, invoice_id: created[1]!.invoice!.id } });
    // The upload day fills a blank issue date; a new customer is added with the row's name.
    expect(second).toMatchObject({ issue_date: '2026-11-01', total: 1250, customer: { name: 'New Person', email: newEmail } });

    const actions = await t.database.db
      .select({ action: auditLogs.action, actor: auditLogs.actorUserId, meta: auditLogs.meta })
      .from(auditLogs)
      .where(and(eq(auditLogs.businessId, businessId), sql`${auditLogs.action} like 'invoice_import.%' and ${auditLogs.objectId} = ${imported.id}`));
    expect(actions.map((a) => a.action).sort()).toEqual(['invoice_import.completed', 'invoice_import.confirmed', 'invoice_import.uploaded']);
    // The job's entry is the confirming owner's, with the role they hold.
    const completed = actions.find((a) => a.action === 'invoice_import.completed')!;
    expect(completed.actor).toBe(actions.find((a) => a.action === 'invoice_import.confirmed')!.actor);
    expect(completed.meta).toMatchObject({ actor_role: 'owner', created: 2, failed: 0 });
    const [createdEntry] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'invoice.created'), eq(auditLogs.objectId, first.id)));
    expect(createdEntry!.description).toBe(`Created the draft invoice ${first.number} from row 2 of november.csv`);
    expect(createdEntry!.actorUserId).not.toBeNull();

    // The problems report: the bad row with why, in the template's columns.
    const report = await owner.get(endpointPath(invoiceImportEndpoints.problems, { params: { business_id: businessId, import_id: imported.id } }));
    expect(report.statusCode).toBe(200);
    const [head, ...bad] = parseCsv(report.body.replace(/^\uFEFF/, ''));
    expect(head).toEqual(['Row', ...IMPORT_TEMPLATE_HEADER, 'Problems']);
    expect(bad).toHaveLength(1);
    expect(bad[0]![0]).toBe('4');
    expect(bad[0]![1]).toBe('not-an-email');
    expect(bad[0]!.at(-1)).toContain('due_date: The due date cannot be before the issue date');

    // Confirming again and uploading the same file again create nothing.
    expect(await owner.ok(invoiceImportEndpoints.confirm, at(imported))).toMatchObject({ status: 'completed' });
    expect(await t.app.jobs.runDue()).toBe(0);
    const again = await upload(
      owner,
      csvOf(
        `${known.email!.toUpperCase()},,Design work,3,33.33,,2026-11-02,2026-11-30,10,GST,9,Thanks`,
        `${newEmail},New Person,Hosting,1,12.5,sgd,,2026-12-01,,,,`,
        `not-an-email,,Broken,0,abc,,2026-11-02,2026-10-01,,,,`,
      ),
      'renamed.csv',
    );
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ already_uploaded: true, import: { id: imported.id, status: 'completed', file_name: 'november.csv' } });
    expect(await invoiceCount()).toBe(before + 2);
    const customers = await owner.ok(customerEndpoints.list, { params: { business_id: businessId }, query: { q: newEmail } });
    expect(customers.data).toHaveLength(1);
  });

  it("lists the uploads newest first with their counts, in cursor pages, only the business's own", async () => {
    t.clock.advance(1000);
    const a = await uploaded(csvOf(`${uniqueEmail('list')},,First,1,5,,,2026-12-01,,,,`), 'first.csv');
    t.clock.advance(1000);
    const b = await uploaded(csvOf(`${uniqueEmail('list')},,Second,1,5,,,2026-12-01,,,,`, `bad,,Second,1,5,,,2026-12-01,,,,`), 'second.csv');
    const page = await owner.ok(invoiceImportEndpoints.list, { params: { business_id: businessId }, query: { limit: 1 } });
    expect(page.data.map((i) => i.id)).toEqual([b.id]);
    expect(page.data[0]!.counts).toMatchObject({ rows: 2, valid: 1, invalid: 1 });
    const next = await owner.ok(invoiceImportEndpoints.list, { params: { business_id: businessId }, query: { limit: 1, cursor: page.next_cursor! } });
    expect(next.data.map((i) => i.id)).toEqual([a.id]);
    const other = await createBusiness(t);
    const theirs = await other.people.owner.agent.ok(invoiceImportEndpoints.list, { params: { business_id: other.id }, query: {} });
    expect(theirs.data).toEqual([]);
  });

  it('refuses to confirm a file with no good row, and answers another business 404', async () => {
    const imported = await uploaded(csvOf(`${uniqueEmail('x')},,Nothing,1,-5,,,2026-12-01,,,,`));
    expect(imported.counts).toMatchObject({ valid: 0, invalid: 1 });
    const refused = await owner.call(invoiceImportEndpoints.confirm, at(imported));
    expect(refused.status).toBe(409);
    expect(failure(refused).code).toBe('INVOICE_IMPORT_NOTHING_TO_CREATE');

    const other = await createBusiness(t);
    const hidden = await other.people.owner.agent.call(invoiceImportEndpoints.get, { params: { business_id: other.id, import_id: imported.id } });
    expect(failure(hidden).code).toBe('INVOICE_IMPORT_NOT_FOUND');
    expect((await other.people.owner.agent.call(invoiceImportEndpoints.confirm, { params: { business_id: other.id, import_id: imported.id } })).status).toBe(
      404,
    );
  });
});

describe('files as spreadsheets save them', () => {
  const row = (email: string, sep = ',') => [email, 'Zoë Café', 'Lunch', '2', '7.50', '', '', '2026-12-01', '', '', '', ''].join(sep);

  it('reads semicolons, tabs, UTF-8 with a byte-order mark, UTF-16 and Windows-1252, headers in any order and by other names', async () => {
    const semicolon = await uploaded(`${HEADER.replaceAll(',', ';')}\n${row(uniqueEmail('semi'), ';')}\n`);
    expect(semicolon).toMatchObject({ delimiter: ';', counts: { valid: 1 } });

    const tabbed = `${HEADER.replaceAll(',', '\t')}\r\n${row(uniqueEmail('tab'), '\t')}\r\n`;
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(tabbed, 'utf16le')]);
    const fromUtf16 = await uploaded(utf16);
    expect(fromUtf16).toMatchObject({ delimiter: '\t', counts: { valid: 1 } });
    expect((await rowsOf(fromUtf16))[0]!.cells.customer_name).toBe('Zoë Café');

    const bom = await uploaded(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csvOf(row(uniqueEmail('bom'))), 'utf8')]));
    expect(bom.counts.valid).toBe(1);
    expect(bom.columns[0]).toEqual({ header: 'customer_email', column: 'customer_email' });

    const latin = await uploaded(Buffer.from(csvOf(row(uniqueEmail('latin'))), 'latin1'));
    expect((await rowsOf(latin))[0]!.cells.customer_name).toBe('Zoë Café');

    const feed = await uploaded(`Invoice Date,Email,Item,Qty,Price,Due Date,Reference\n2026-11-05,${uniqueEmail('feed')},Widgets,4,2.25,2026-11-20,PO-1\n`);
    expect(feed.columns).toEqual([
      { header: 'Invoice Date', column: 'issue_date' },
      { header: 'Email', column: 'customer_email' },
      { header: 'Item', column: 'description' },
      { header: 'Qty', column: 'quantity' },
      { header: 'Price', column: 'unit_price' },
      { header: 'Due Date', column: 'due_date' },
      { header: 'Reference', column: null },
    ]);
    expect((await rowsOf(feed))[0]).toMatchObject({ state: 'valid', total: { amount: 900, currency: 'sgd' } });
  });

  it('keeps a formula cell out as a problem of its row, and the report writes it back guarded', async () => {
    const imported = await uploaded(csvOf(`${uniqueEmail('formula')},"=HYPERLINK(""http://evil.test"")",Lunch,1,5,,,2026-12-01,,,,`, row(uniqueEmail('fine'))));
    expect(imported.counts).toMatchObject({ valid: 1, invalid: 1 });
    const [bad] = await rowsOf(imported);
    expect(bad!.problems).toEqual([{ column: 'customer_name', message: 'Remove the formula: a cell may not start with =, +, - or @.' }]);
    const report = await owner.get(endpointPath(invoiceImportEndpoints.problems, { params: { business_id: businessId, import_id: imported.id } }));
    const cells = parseCsv(report.body.replace(/^\uFEFF/, ''))[1]!;
    expect(cells[2]).toBe(`'=HYPERLINK("http://evil.test")`);
  });
});

describe('hostile files', () => {
  it('answers 4xx with the reason on `file`, storing nothing', async () => {
    const cases: [string, Buffer | string, number, string][] = [
      ['binary (an image)', PNG_BYTES, 422, 'INVOICE_IMPORT_FILE_INVALID'],
      ['NUL bytes in a CSV', Buffer.from(csvOf(`${uniqueEmail('nul')},A\u0000B,Lunch,1,5,,,2026-12-01,,,,`), 'utf8'), 422, 'INVOICE_IMPORT_FILE_INVALID'],
      ['larger than the cap', Buffer.alloc(MAX_IMPORT_BYTES + 1, 'a'), 413, 'INVOICE_IMPORT_FILE_TOO_LARGE'],
      ['wrong columns', 'name,amount\nAnn,5\n', 422, 'INVOICE_IMPORT_COLUMNS_INVALID'],
      ['two headers for one column', `${HEADER},Email\n`, 422, 'INVOICE_IMPORT_COLUMNS_INVALID'],
      ['empty', '', 422, 'INVOICE_IMPORT_FILE_INVALID'],
      ['a header and no rows', `${HEADER}\r\n,,,,\r\n`, 422, 'INVOICE_IMPORT_FILE_INVALID'],
      [
        'too many rows',
        csvOf(...Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => `r${i}@example.com,,Row,1,1,,,2026-12-01,,,,`)),
        422,
        'INVOICE_IMPORT_TOO_MANY_ROWS',
      ],
    ];
    const [{ count: before }] = (await t.database.db.select({ count: sql<number>`count(*)::int` }).from(invoiceImportRows)) as [{ count: number }];
    for (const [what, bytes, status, code] of cases) {
      const res = await upload(owner, bytes);
      expect(res.status, what).toBe(status);
      expect(res.body.code, what).toBe(code);
      expect(res.body.issues?.[0]?.path, what).toBe('file');
    }
    const wrong = await upload(owner, 'name,amount\nAnn,5\n');
    expect(wrong.body.issues!.map((i) => i.message)).toEqual(
      expect.arrayContaining(['The column customer_email is missing.', 'The column description is missing.', 'The column due_date is missing.']),
    );
    const [{ count: after }] = (await t.database.db.select({ count: sql<number>`count(*)::int` }).from(invoiceImportRows)) as [{ count: number }];
    expect(Number(after)).toBe(Number(before));
  });

  it('takes exactly the row cap, blank lines not counted', async () => {
    const rows = Array.from({ length: MAX_IMPORT_ROWS }, (_, i) => `cap${i}-${Date.now()}@example.com,,Row ${i},1,1,,,2026-12-01,,,,`);
    const imported = await uploaded(csvOf(...rows, '', ',,,,,,,,,,,'));
    expect(imported.counts).toMatchObject({ rows: MAX_IMPORT_ROWS, valid: MAX_IMPORT_ROWS });
    const first = await owner.ok(invoiceImportEndpoints.rows, { ...at(imported), query: { limit: 200 } });
    expect(first.data).toHaveLength(200);
    const next = await owner.ok(invoiceImportEndpoints.rows, { ...at(imported), query: { limit: 200, cursor: first.next_cursor! } });
    expect(next.data[0]!.row).toBe(202);
  });

  it('refuses a request that is not a multipart upload of one `file` part', async () => {
    const json = await owner.post(endpointPath(invoiceImportEndpoints.upload, { params: { business_id: businessId } }), { file: HEADER });
    expect(json.statusCode).toBe(422);
    expect(json.json()).toMatchObject({ code: 'INVOICE_IMPORT_FILE_INVALID' });
  });
});

describe('the job', () => {
  it('interrupted halfway and run again, creates each row once', async () => {
    const emails = [1, 2, 3, 4].map((n) => uniqueEmail(`job${n}`));
    const imported = await uploaded(
      csvOf(...emails.map((email, i) => `${email},,${i === 2 ? 'Interrupt here' : `Line ${i}`},1,10,,,2026-12-01,,,,`)),
      'interrupted.csv',
    );
    const before = await invoiceCount();
    // A failure the rules do not know (as a crash or a lost connection would be) in the third row's transaction.
    await t.database.db.execute(
      sql.raw(`create function invoice_import_crash() returns trigger language plpgsql as $$
      begin if new.lines->0->>'description' = 'Interrupt here' then raise exception 'simulated crash'; end if; return new; end $$`),
    );
    await t.database.db.execute(sql.raw('create trigger invoice_import_crash before insert on invoices for each row execute function invoice_import_crash()'));
    try {
      await owner.ok(invoiceImportEndpoints.confirm, at(imported));
      await t.app.jobs.runDue();
      const halfway = await owner.ok(invoiceImportEndpoints.get, at(imported));
      expect(halfway).toMatchObject({ status: 'confirmed', counts: { created: 2, pending: 2, failed: 0 } });
    } finally {
      await t.database.db.execute(sql.raw('drop trigger invoice_import_crash on invoices'));
      await t.database.db.execute(sql.raw('drop function invoice_import_crash()'));
    }
    // pg-boss retries the failed attempt; it goes on from the rows not yet created.
    await t.app.jobs.runDue({ ignoreDelays: true });
    const done = await owner.ok(invoiceImportEndpoints.get, at(imported));
    expect(done).toMatchObject({ status: 'completed', counts: { created: 4, pending: 0, failed: 0 } });
    expect(await invoiceCount()).toBe(before + 4);

    // Run once more as if the queue had lost track of the end: nothing is pending, nothing is created.
    await t.database.db.execute(sql`update invoice_imports set status = 'confirmed' where id = ${imported.id}`);
    await t.app.jobs.send(t.database.db, 'invoice-imports.create', { businessId, importId: imported.id }, { singletonKey: `${imported.id}-again` });
    await t.app.jobs.runDue();
    expect(await invoiceCount()).toBe(before + 4);
    const ids = (await rowsOf(imported)).map((r) => r.invoice?.id);
    expect(new Set(ids).size).toBe(4);
  });

  it('run twice at once (a job delivered again while the first still runs), creates each row once', async () => {
    const emails = [1, 2, 3, 4, 5, 6].map((n) => uniqueEmail(`twice${n}`));
    const imported = await uploaded(csvOf(...emails.map((email, i) => `${email},,Line ${i},1,10,,,2026-12-01,,,,`)), 'twice.csv');
    const before = await invoiceCount();
    await owner.ok(invoiceImportEndpoints.confirm, at(imported));
    await t.app.jobs.send(t.database.db, 'invoice-imports.create', { businessId, importId: imported.id }, { singletonKey: `${imported.id}-second` });
    await Promise.all([t.app.jobs.runDue(), t.app.jobs.runDue()]);
    expect(await owner.ok(invoiceImportEndpoints.get, at(imported))).toMatchObject({ status: 'completed', counts: { created: 6, pending: 0 } });
    expect(await invoiceCount()).toBe(before + 6);
    const customers = await Promise.all(emails.map((q) => owner.ok(customerEndpoints.list, { params: { business_id: businessId }, query: { q } })));
    expect(customers.map((c) => c.data.length)).toEqual([1, 1, 1, 1, 1, 1]);
  });
});
