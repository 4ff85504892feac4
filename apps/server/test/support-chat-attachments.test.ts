import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_LAUNCHER_PATH, CHAT_SOCKET_PATHS, supportChatEndpoints as chat, type ChatMessage, type ChatServerFrame } from '@merchant/business';
import { endpointPath, fillPath } from '@merchant/core';
import { CHAT_LIMITS } from '../src/modules/business/support-chat/support-chat.service';
import { createBusiness, type FactoryBusiness, type Person } from './factories';
import { Agent, createTestContext, type TestContext } from './harness';
import { multipart, PDF_BYTES, PNG_BYTES, type UploadFile } from './upload-helpers';

/**
 * Support chat attachments, the launcher script and the framing of the public chat page (docs/decisions.md,
 * "Support chat"): files are known by their bytes, capped at 5 MB, and read only through the conversation's token or
 * by the business's staff who read the inbox.
 */
let t: TestContext;
let business: FactoryBusiness<'owner' | 'cashier'>;
let owner: Person;
let other: FactoryBusiness<'owner'>;
let dataDir: string;
let webDist: string;
let JPEG_BYTES: Buffer;
let WEBP_BYTES: Buffer;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'chat-files-'));
  // A built page, so the public chat page's own headers can be read (the page is the app's index.html).
  webDist = mkdtempSync(join(tmpdir(), 'chat-web-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><html><head><title>App</title></head><body></body></html>');
  t = await createTestContext({ dataDir, webDist });
  business = await createBusiness(t, { staff: ['cashier'] });
  owner = business.people.owner;
  other = await createBusiness(t);
  const picture = sharp({ create: { width: 4, height: 3, channels: 3, background: '#3366cc' } });
  JPEG_BYTES = await picture.clone().jpeg().toBuffer();
  WEBP_BYTES = await picture.clone().webp().toBuffer();
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(webDist, { recursive: true, force: true });
});

let customerCount = 0;
async function startChat(businessId = business.id) {
  customerCount++;
  const agent = new Agent(t.app);
  const started = await agent.ok(chat.start, {
    params: { business_id: businessId },
    body: { name: `Customer ${customerCount}`, email: `files${customerCount}@example.com`, message: 'I have a question' },
  });
  return { ...started, agent };
}

const cookieOf = (agent: Agent) => [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

/** Sends a multipart upload as the browser does (cookies and anti-forgery token when the agent has them). */
async function send(agent: Agent, url: string, file: UploadFile, body?: string): Promise<LightMyRequestResponse> {
  const { payload, contentType } = multipart(file);
  const withBody = body === undefined ? payload : withTextPart(payload, contentType, body);
  return agent.app.inject({
    method: 'POST',
    url,
    remoteAddress: agent.ip,
    headers: {
      cookie: cookieOf(agent),
      'x-requested-with': 'XMLHttpRequest',
      ...(agent.csrf ? { 'x-csrf-token': agent.csrf } : {}),
      'content-type': contentType,
    },
    payload: withBody,
  });
}

/** Puts a `body` text part before the file part of a one-file multipart body. */
function withTextPart(payload: Buffer, contentType: string, text: string): Buffer {
  const boundary = contentType.split('boundary=')[1]!;
  return Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="body"\r\n\r\n${text}\r\n`, 'utf8'), payload]);
}

const customerUpload = (started: { token: string }, file: UploadFile, body?: string, agent = new Agent(t.app)) =>
  send(agent, endpointPath(chat.postAttachment, { params: { business_id: business.id, token: started.token } }), file, body);

async function staffUpload(agent: Agent, conversationId: string, file: UploadFile, businessId = business.id) {
  if (agent.csrf === null) await agent.token();
  return send(agent, endpointPath(chat.answerAttachment, { params: { business_id: businessId, id: conversationId } }), file);
}

const staffFile = (agent: Agent, conversationId: string, messageId: string, businessId = business.id) =>
  agent.get(endpointPath(chat.staffAttachment, { params: { business_id: businessId, id: conversationId, message_id: messageId } }));
const customerFile = (token: string, messageId: string, businessId = business.id) =>
  new Agent(t.app).get(endpointPath(chat.readAttachment, { params: { business_id: businessId, token, message_id: messageId } }));

describe('attachments', () => {
  it('takes a PNG with text from the customer, shows it on both sides and serves it inline to the token and the staff', async () => {
    const started = await startChat();
    const res = await customerUpload(started, { name: 'receipt.png', type: 'image/png', bytes: PNG_BYTES }, 'Here is my receipt');
    expect(res.statusCode).toBe(201);
    const message = res.json<ChatMessage>();
    expect(message).toMatchObject({
      side: 'customer',
      body: 'Here is my receipt',
      attachment: { name: 'receipt.png', content_type: 'image/png', size_bytes: PNG_BYTES.length },
    });
    const thread = await owner.agent.ok(chat.thread, { params: { business_id: business.id, id: started.conversation.id } });
    expect(thread.messages.at(-1)).toMatchObject({ id: message.id, attachment: { name: 'receipt.png' } });
    expect(thread.conversation.last_message?.body).toBe('Here is my receipt (attachment: receipt.png)');

    for (const file of [await staffFile(owner.agent, started.conversation.id, message.id), await customerFile(started.token, message.id)]) {
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.headers['content-disposition']).toMatch(/^inline; filename="receipt.png"/);
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(file.rawPayload.equals(PNG_BYTES)).toBe(true);
    }
  });

  it('takes a PDF answer from the staff, served as a download; JPEG and WebP pass too', async () => {
    const started = await startChat();
    const res = await staffUpload(owner.agent, started.conversation.id, { name: 'invoice.pdf', type: 'application/octet-stream', bytes: PDF_BYTES });
    expect(res.statusCode).toBe(201);
    const message = res.json<ChatMessage>();
    expect(message).toMatchObject({ side: 'staff', body: '', attachment: { name: 'invoice.pdf', content_type: 'application/pdf' } });
    const read = await started.agent.ok(chat.read, { params: { business_id: business.id, token: started.token } });
    expect(read.messages.at(-1)?.attachment?.content_type).toBe('application/pdf');
    const file = await customerFile(started.token, message.id);
    expect([file.statusCode, file.headers['content-type']]).toEqual([200, 'application/pdf']);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="invoice.pdf"/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');

    const jpeg = await customerUpload(started, { name: 'photo.JPG', type: 'image/jpeg', bytes: JPEG_BYTES });
    const webp = await customerUpload(started, { name: 'photo.webp', type: '', bytes: WEBP_BYTES });
    expect([jpeg.statusCode, webp.statusCode]).toEqual([201, 201]);
    expect([jpeg.json<ChatMessage>().attachment?.content_type, webp.json<ChatMessage>().attachment?.content_type]).toEqual(['image/jpeg', 'image/webp']);
  });

  it('refuses a PNG named .pdf (422), HTML named .png (415) and a 6 MB file (413), with field errors, and keeps none of them', async () => {
    const started = await startChat();
    const before = readdirSync(join(dataDir, 'uploads', business.id)).length;
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>', 'utf8');
    const big = Buffer.concat([PNG_BYTES, Buffer.alloc(6 * 1024 * 1024)]);
    const cases: [UploadFile, number, string][] = [
      [{ name: 'invoice.pdf', type: 'application/pdf', bytes: PNG_BYTES }, 422, 'CHAT_ATTACHMENT_MISMATCH'],
      [{ name: 'cat.png', type: 'image/png', bytes: html }, 415, 'CHAT_ATTACHMENT_TYPE'],
      [{ name: 'huge.png', type: 'image/png', bytes: big }, 413, 'CHAT_ATTACHMENT_TOO_LARGE'],
      [{ name: 'empty.png', type: 'image/png', bytes: Buffer.alloc(0) }, 422, 'CHAT_ATTACHMENT_INVALID'],
      [{ name: 'broken.png', type: 'image/png', bytes: PNG_BYTES.subarray(0, 12) }, 415, 'CHAT_ATTACHMENT_TYPE'],
    ];
    for (const [file, status, code] of cases) {
      for (const res of [await customerUpload(started, file), await staffUpload(owner.agent, started.conversation.id, file)]) {
        expect([file.name, res.statusCode, res.json<{ code: string }>().code]).toEqual([file.name, status, code]);
        expect(res.json<{ issues: { path: string }[] }>().issues.map((i) => i.path)).toEqual(['file']);
      }
    }
    const wrongPart = await customerUpload(started, { name: 'a.png', type: 'image/png', bytes: PNG_BYTES, field: 'picture' });
    expect([wrongPart.statusCode, wrongPart.json<{ code: string }>().code]).toEqual([422, 'CHAT_ATTACHMENT_INVALID']);
    expect(readdirSync(join(dataDir, 'uploads', business.id)).length).toBe(before);
    const read = await started.agent.ok(chat.read, { params: { business_id: business.id, token: started.token } });
    expect(read.messages).toHaveLength(1);
  });

  it('is read only through its conversation: another token, another business, a cashier or no session are refused', async () => {
    const started = await startChat();
    const second = await startChat();
    const message = (await customerUpload(started, { name: 'id.png', type: 'image/png', bytes: PNG_BYTES })).json<ChatMessage>();
    // Another conversation's token, and this token under another business.
    expect((await customerFile(second.token, message.id)).statusCode).toBe(404);
    expect((await customerFile(started.token, message.id, other.id)).statusCode).toBe(404);
    // Another business's owner: neither under their business nor under this one.
    const stranger = other.people.owner.agent;
    expect((await staffFile(stranger, started.conversation.id, message.id, other.id)).statusCode).toBe(404);
    expect((await staffFile(stranger, started.conversation.id, message.id)).statusCode).toBe(404);
    // The message under another conversation of the same business.
    expect((await staffFile(owner.agent, second.conversation.id, message.id)).statusCode).toBe(404);
    expect((await staffFile(business.people.cashier.agent, started.conversation.id, message.id)).statusCode).toBe(403);
    expect((await staffFile(new Agent(t.app), started.conversation.id, message.id)).statusCode).toBe(401);
    // A cashier cannot answer with a file either, nor can another business's staff.
    expect((await staffUpload(business.people.cashier.agent, started.conversation.id, { name: 'a.png', type: 'image/png', bytes: PNG_BYTES })).statusCode).toBe(
      403,
    );
    expect((await staffUpload(stranger, started.conversation.id, { name: 'a.png', type: 'image/png', bytes: PNG_BYTES }, other.id)).statusCode).toBe(404);
    // A text message has no file.
    const text = await owner.agent.ok(chat.answer, { params: { business_id: business.id, id: started.conversation.id }, body: { body: 'Thanks' } });
    expect((await customerFile(started.token, text.id)).statusCode).toBe(404);
  });

  it('reaches the staff socket live, and is limited as messages (429)', async () => {
    const started = await startChat();
    const frames: ChatServerFrame[] = [];
    const socket = await t.app.injectWS(
      fillPath(CHAT_SOCKET_PATHS.staff, { business_id: business.id }),
      { headers: { cookie: cookieOf(owner.agent) } },
      { onInit: (ws) => void ws.on('message', (data: Buffer) => frames.push(JSON.parse(data.toString()) as ChatServerFrame)) },
    );
    socket.send(JSON.stringify({ type: 'follow', conversation_id: started.conversation.id, after: 0 }));
    const message = (await customerUpload(started, { name: 'shot.png', type: 'image/png', bytes: PNG_BYTES })).json<ChatMessage>();
    await expect
      .poll(() => frames.find((f) => f.type === 'message' && f.message.id === message.id))
      .toMatchObject({ message: { attachment: { name: 'shot.png', content_type: 'image/png' } } });
    socket.terminate();

    const agent = new Agent(t.app);
    for (let i = 1; i < CHAT_LIMITS.perConversation.max; i++) {
      await agent.ok(chat.post, { params: { business_id: business.id, token: started.token }, body: { body: `message ${i}` } });
    }
    const over = await customerUpload(started, { name: 'one-more.png', type: 'image/png', bytes: PNG_BYTES });
    expect([over.statusCode, over.json<{ code: string }>().code]).toEqual([429, 'RATE_LIMITED']);
    expect(Number(over.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it("limits a staff member's files (429 with Retry-After) and keeps no file of a refused upload", async () => {
    const { id: businessId, people } = await createBusiness(t);
    const started = await startChat(businessId);
    const agent = people.owner.agent;
    for (let i = 0; i < CHAT_LIMITS.staffFiles.max; i++) {
      const sent = await staffUpload(agent, started.conversation.id, { name: `page-${i}.pdf`, type: 'application/pdf', bytes: PDF_BYTES }, businessId);
      expect(sent.statusCode).toBe(201);
    }
    const stored = readdirSync(join(dataDir, 'uploads', businessId)).length;
    const over = await staffUpload(agent, started.conversation.id, { name: 'one-more.pdf', type: 'application/pdf', bytes: PDF_BYTES }, businessId);
    expect([over.statusCode, over.json<{ code: string }>().code]).toEqual([429, 'RATE_LIMITED']);
    const retryAfter = Number(over.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(CHAT_LIMITS.staffFiles.windowMs / 1000);
    expect(readdirSync(join(dataDir, 'uploads', businessId))).toHaveLength(stored);
    // Text answers have their own, larger limit: the member still answers in words.
    await agent.ok(chat.answer, { params: { business_id: businessId, id: started.conversation.id }, body: { body: 'The rest by text' } });
  });
});

describe('the launcher', () => {
  it('serves a small script that names the business, for any site to load', async () => {
    const res = await t.app.inject({ method: 'GET', url: CHAT_LAUNCHER_PATH.replace(':business_id', business.id) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body.length).toBeLessThan(6 * 1024);
    expect(res.body).toContain(JSON.stringify(`Chat with ${business.name}`).slice(1, -1));
    expect(res.body).toContain(`'/public/' + c.id + '/support-chat'`);
    const unknown = await t.app.inject({ method: 'GET', url: CHAT_LAUNCHER_PATH.replace(':business_id', '00000000-0000-4000-8000-000000000000') });
    expect(unknown.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: CHAT_LAUNCHER_PATH.replace(':business_id', 'nope') })).statusCode).toBe(404);
  });

  it('lets any site frame the public chat page, and that page only', async () => {
    const page = await t.app.inject({ method: 'GET', url: `/public/${business.id}/support-chat` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(page.headers['content-security-policy']).not.toContain("frame-ancestors 'none'");
    expect(page.headers['x-frame-options']).toBeUndefined();
    const withToken = await t.app.inject({ method: 'GET', url: `/public/${business.id}/support-chat?t=abc` });
    expect(withToken.headers['x-frame-options']).toBeUndefined();
    for (const url of ['/login', `/public/${business.id}/support-chat/other`, `/public/${business.id}/invoice`, `/b/${business.id}/payments/support`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect([url, res.headers['x-frame-options']]).toEqual([url, 'DENY']);
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
  });

  it("takes the public chat's writes without the anti-forgery cookie (a page framed on another site sends none)", async () => {
    const bare = await t.app.inject({
      method: 'POST',
      url: endpointPath(chat.start, { params: { business_id: business.id } }),
      headers: { 'content-type': 'application/json' },
      payload: { name: 'Framed', email: 'framed@example.com', message: 'Hello from your site' },
    });
    expect(bare.statusCode).toBe(201);
    const token = bare.json<{ token: string }>().token;
    const post = await t.app.inject({
      method: 'POST',
      url: endpointPath(chat.post, { params: { business_id: business.id, token } }),
      headers: { 'content-type': 'application/json' },
      payload: { body: 'Still me' },
    });
    expect(post.statusCode).toBe(201);
    // The staff's side still needs it.
    const answer = await t.app.inject({
      method: 'POST',
      url: endpointPath(chat.answer, { params: { business_id: business.id, id: bare.json<{ conversation: { id: string } }>().conversation.id } }),
      headers: { 'content-type': 'application/json', cookie: cookieOf(owner.agent) },
      payload: { body: 'Hi' },
    });
    expect(answer.statusCode).toBe(419);
  });
});
