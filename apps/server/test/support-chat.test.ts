import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_SOCKET_PATHS, MAX_CHAT_MESSAGE_LENGTH, supportChatEndpoints as chat, type ChatServerFrame } from '@merchant/business';
import { fillPath } from '@merchant/core';
import { CHAT_LIMITS } from '../src/modules/business/support-chat/support-chat.service';
import { createBusiness, type FactoryBusiness, type Person } from './factories';
import { Agent, createTestContext, failure, mailbox, type TestContext } from './harness';
import { cookieOf, framesOf } from './socket-frames';

/** Live support chat (docs/decisions.md, "Support chat"): the public side's token, the inbox, permissions, limits, sockets. */
let t: TestContext;
let business: FactoryBusiness<'owner' | 'manager' | 'cashier'>;
let owner: Person;
let other: FactoryBusiness<'owner'>;

beforeAll(async () => {
  t = await createTestContext();
  business = await createBusiness(t, { staff: ['manager', 'cashier'] });
  owner = business.people.owner;
  other = await createBusiness(t);
});
afterAll(() => t.close());

let customerCount = 0;
async function startChat(businessId = business.id, message = 'Hello, is my order shipped?', agent = new Agent(t.app)) {
  customerCount++;
  const started = await agent.ok(chat.start, {
    params: { business_id: businessId },
    body: { name: `Customer ${customerCount}`, email: `customer${customerCount}@example.com`, message },
  });
  return { ...started, agent };
}

describe('the public side', () => {
  it('starts a conversation with a token that reads it, and the inbox shows it unread', async () => {
    const started = await startChat();
    expect(started.messages.map((m) => [m.side, m.body])).toEqual([['customer', 'Hello, is my order shipped?']]);
    const read = await new Agent(t.app).ok(chat.read, { params: { business_id: business.id, token: started.token } });
    expect(read.conversation.id).toBe(started.conversation.id);
    expect(read.business.name).toBeTruthy();
    const inbox = await owner.agent.ok(chat.inbox, { params: { business_id: business.id } });
    const row = inbox.conversations.find((c) => c.id === started.conversation.id)!;
    expect(row).toMatchObject({ status: 'open', unread_by_staff: 1, assignee: null, last_message: { side: 'customer', body: 'Hello, is my order shipped?' } });
    expect(inbox.unread_total).toBeGreaterThanOrEqual(1);
  });

  it('scopes a token to its conversation and business: another business, a changed signature or id is refused', async () => {
    const first = await startChat();
    const second = await startChat();
    const [id, signature] = first.token.split('.') as [string, string];
    const secondId = second.token.split('.')[0]!;
    for (const [businessId, token] of [
      [other.id, first.token],
      [business.id, `${secondId}.${signature}`],
      [business.id, `${id}.${signature.slice(0, -2)}xx`],
    ] as const) {
      const answer = await new Agent(t.app).call(chat.read, { params: { business_id: businessId, token } });
      expect([answer.status, failure(answer).code]).toEqual([404, 'CHAT_TOKEN_INVALID']);
      const post = await new Agent(t.app).call(chat.post, { params: { business_id: businessId, token }, body: { body: 'hi' } });
      expect(post.status).toBe(404);
    }
    // The second conversation's messages never show through the first's token.
    const read = await new Agent(t.app).ok(chat.read, { params: { business_id: business.id, token: first.token } });
    expect(read.messages.every((m) => m.conversation_id === first.conversation.id)).toBe(true);
  });

  it('stores HTML as the text it is', async () => {
    const html = '<img src=x onerror="alert(1)"><b>bold</b> & co';
    const started = await startChat(business.id, html);
    expect(started.messages[0]!.body).toBe(html);
    const thread = await owner.agent.ok(chat.thread, { params: { business_id: business.id, id: started.conversation.id } });
    expect(thread.messages[0]!.body).toBe(html);
  });

  it('refuses empty, too long and malformed input with field errors', async () => {
    const agent = new Agent(t.app);
    const bad = await agent.call(chat.start, {
      params: { business_id: business.id },
      body: { name: '', email: 'not-an-email', message: 'x'.repeat(MAX_CHAT_MESSAGE_LENGTH + 1) },
    });
    expect(bad.status).toBe(422);
    expect(
      failure(bad)
        .issues?.map((i) => i.path)
        .sort(),
    ).toEqual(['email', 'message', 'name']);
    const started = await startChat();
    const long = await started.agent.call(chat.post, {
      params: { business_id: business.id, token: started.token },
      body: { body: 'y'.repeat(MAX_CHAT_MESSAGE_LENGTH + 1) },
    });
    expect([long.status, failure(long).issues?.[0]?.path]).toEqual([422, 'body']);
    const blank = await started.agent.call(chat.post, { params: { business_id: business.id, token: started.token }, body: { body: '   ' } });
    expect(blank.status).toBe(422);
  });

  it('limits messages per conversation and per address (429)', async () => {
    const started = await startChat();
    const params = { business_id: business.id, token: started.token };
    for (let i = 0; i < CHAT_LIMITS.perConversation.max; i++) await started.agent.ok(chat.post, { params, body: { body: `message ${i}` } });
    const over = await started.agent.call(chat.post, { params, body: { body: 'one too many' } });
    expect([over.status, failure(over).code]).toEqual([429, 'RATE_LIMITED']);
    // Starting conversations from one address is limited too.
    const agent = new Agent(t.app);
    for (let i = 0; i < CHAT_LIMITS.startPerIp.max; i++) await startChat(business.id, 'hi', agent);
    const tooMany = await agent.call(chat.start, { params: { business_id: business.id }, body: { name: 'A', email: 'a@example.com', message: 'hi' } });
    expect(tooMany.status).toBe(429);
    // Both say when to try again: within the limit's window.
    for (const answer of [over, tooMany]) expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(CHAT_LIMITS.perConversation.windowMs / 1000);
    expect(Number(tooMany.headers['retry-after'])).toBeLessThanOrEqual(CHAT_LIMITS.startPerIp.windowMs / 1000);
  });
});

describe('the inbox', () => {
  it("limits a staff member's answers across conversations (429 with Retry-After); another member still answers", async () => {
    const { id: businessId, people } = await createBusiness(t, { staff: ['manager'] });
    const mine = people.owner;
    const conversations = [await startChat(businessId), await startChat(businessId)];
    for (let i = 0; i < CHAT_LIMITS.staffAnswers.max; i++) {
      const id = conversations[i % 2]!.conversation.id;
      await mine.agent.ok(chat.answer, { params: { business_id: businessId, id }, body: { body: `Answer ${i}` } });
    }
    const params = { business_id: businessId, id: conversations[0]!.conversation.id };
    const over = await mine.agent.call(chat.answer, { params, body: { body: 'One too many' } });
    expect([over.status, failure(over).code]).toEqual([429, 'RATE_LIMITED']);
    const retryAfter = Number(over.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(CHAT_LIMITS.staffAnswers.windowMs / 1000);
    // The refused answer was not written; the limit is the member's own.
    const thread = await mine.agent.ok(chat.thread, { params });
    expect(thread.messages.some((m) => m.body === 'One too many')).toBe(false);
    await people.manager.agent.ok(chat.answer, { params, body: { body: 'From the manager' } });
  });

  it('answers, marks read on both sides, assigns, filters, closes and reopens', async () => {
    const started = await startChat();
    const params = { business_id: business.id, id: started.conversation.id };
    const thread = await owner.agent.ok(chat.thread, { params });
    expect(thread.conversation.unread_by_staff).toBe(0);
    const answer = await owner.agent.ok(chat.answer, { params, body: { body: 'Yes, it left today.' } });
    expect(answer.side).toBe('staff');
    const customerView = await started.agent.ok(chat.read, { params: { business_id: business.id, token: started.token } });
    expect(customerView.messages.at(-1)).toMatchObject({ side: 'staff', body: 'Yes, it left today.' });
    const afterRead = await owner.agent.ok(chat.thread, { params });
    expect([afterRead.conversation.unread_by_customer, afterRead.conversation.customer_read_seq]).toEqual([0, answer.seq]);

    const manager = business.people.manager;
    const assigned = await owner.agent.ok(chat.assign, { params, body: { user_id: manager.id } });
    expect(assigned.assignee?.user_id).toBe(manager.id);
    const cashierAssign = await owner.agent.call(chat.assign, { params, body: { user_id: business.people.cashier.id } });
    expect([cashierAssign.status, failure(cashierAssign).code]).toEqual([422, 'CHAT_ASSIGNEE_NOT_ALLOWED']);
    const mine = await manager.agent.ok(chat.inbox, { params: { business_id: business.id }, query: { assigned: 'mine' } });
    expect(mine.conversations.map((c) => c.id)).toEqual([started.conversation.id]);
    const unassigned = await owner.agent.ok(chat.inbox, { params: { business_id: business.id }, query: { assigned: 'unassigned' } });
    expect(unassigned.conversations.some((c) => c.id === started.conversation.id)).toBe(false);

    expect((await owner.agent.ok(chat.setStatus, { params, body: { status: 'closed' } })).status).toBe('closed');
    const closed = await owner.agent.ok(chat.inbox, { params: { business_id: business.id }, query: { status: 'closed' } });
    expect(closed.conversations.map((c) => c.id)).toContain(started.conversation.id);
    // The customer writing again opens it again.
    await started.agent.ok(chat.post, { params: { business_id: business.id, token: started.token }, body: { body: 'Thanks!' } });
    expect((await owner.agent.ok(chat.thread, { params })).conversation.status).toBe('open');
  });

  it('keeps a conversation to its business: another business reads 404', async () => {
    const started = await startChat();
    const answer = await other.people.owner.agent.call(chat.thread, { params: { business_id: other.id, id: started.conversation.id } });
    expect([answer.status, failure(answer).code]).toEqual([404, 'CHAT_CONVERSATION_NOT_FOUND']);
  });

  it('is refused to a member without the chat permission (cashier: 403)', async () => {
    const started = await startChat();
    const cashier = business.people.cashier.agent;
    const params = { business_id: business.id, id: started.conversation.id };
    expect((await cashier.call(chat.inbox, { params: { business_id: business.id } })).status).toBe(403);
    expect((await cashier.call(chat.thread, { params })).status).toBe(403);
    expect((await cashier.call(chat.answer, { params, body: { body: 'hi' } })).status).toBe(403);
    expect((await cashier.call(chat.cannedList, { params: { business_id: business.id } })).status).toBe(403);
    // A manager holds it.
    expect((await business.people.manager.agent.call(chat.answer, { params, body: { body: 'hi' } })).status).toBe(201);
  });

  it('keeps canned replies: create, edit, list by title, delete', async () => {
    const params = { business_id: business.id };
    const created = await owner.agent.ok(chat.cannedCreate, { params, body: { title: 'Shipping', body: 'Orders ship in 2 days.' } });
    await owner.agent.ok(chat.cannedCreate, { params, body: { title: 'Address', body: 'We are at 1 Main St.' } });
    const edited = await owner.agent.ok(chat.cannedUpdate, {
      params: { ...params, id: created.id },
      body: { title: 'Shipping', body: 'Orders ship in 1 day.' },
    });
    expect(edited.body).toBe('Orders ship in 1 day.');
    expect((await owner.agent.ok(chat.cannedList, { params })).map((r) => r.title)).toEqual(['Address', 'Shipping']);
    await owner.agent.ok(chat.cannedDelete, { params: { ...params, id: created.id } });
    expect((await owner.agent.call(chat.cannedDelete, { params: { ...params, id: created.id } })).status).toBe(404);
    const bad = await owner.agent.call(chat.cannedCreate, { params, body: { title: '', body: '' } });
    expect(bad.status).toBe(422);
  });

  it('mails the customer an answer still unread after 10 minutes, once, with a link that continues the conversation', async () => {
    const started = await startChat();
    const params = { business_id: business.id, id: started.conversation.id };
    await owner.agent.ok(chat.answer, { params, body: { body: 'We will call you back.' } });
    await t.app.jobs.runDue();
    const email = started.conversation.customer_email;
    expect((await mailbox(t.app)).filter((m) => m.to === email)).toHaveLength(0);
    t.clock.set(new Date(t.clock.now().getTime() + 11 * 60_000));
    await t.app.jobs.runDue();
    const mails = (await mailbox(t.app)).filter((m) => m.to === email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('We will call you back.');
    expect(mails[0]!.text).toContain(`/public/${business.id}/support-chat?t=${encodeURIComponent(started.token)}`);
    // A read answer is not mailed.
    const read = await startChat();
    await owner.agent.ok(chat.answer, { params: { business_id: business.id, id: read.conversation.id }, body: { body: 'Seen?' } });
    await read.agent.ok(chat.read, { params: { business_id: business.id, token: read.token } });
    t.clock.set(new Date(t.clock.now().getTime() + 11 * 60_000));
    await t.app.jobs.runDue();
    expect((await mailbox(t.app)).filter((m) => m.to === read.conversation.customer_email)).toHaveLength(0);
  });
});

/** Opens a socket with its frames listened to from the start (the server's first frame comes at once). */
async function openSocket(path: string, headers: Record<string, string> = {}) {
  let next: ReturnType<typeof framesOf<ChatServerFrame>> | undefined;
  const socket = await t.app.injectWS(path, { headers }, { onInit: (ws) => void (next = framesOf<ChatServerFrame>(ws)) });
  return { socket, next: next! };
}

const staffSocketPath = (businessId: string) => fillPath(CHAT_SOCKET_PATHS.staff, { business_id: businessId });

describe('the sockets', () => {
  it('carry a customer message to the staff and the answer back, with typing and read marks, and replay what a socket missed', async () => {
    const started = await startChat();
    const conversationId = started.conversation.id;
    const { socket: staff, next: staffNext } = await openSocket(staffSocketPath(business.id), { cookie: cookieOf(owner.agent) });
    const { socket: customer, next: customerNext } = await openSocket(fillPath(CHAT_SOCKET_PATHS.customer, { business_id: business.id, token: started.token }));
    await staffNext((f) => f.type === 'ready');
    await customerNext((f) => f.type === 'ready');
    const firstSeq = started.messages[0]!.seq;
    staff.send(JSON.stringify({ type: 'follow', conversation_id: conversationId, after: 0 }));
    customer.send(JSON.stringify({ type: 'follow', after: firstSeq }));
    // The staff socket replays the message sent before it followed.
    expect(await staffNext((f) => f.type === 'message')).toMatchObject({ message: { body: 'Hello, is my order shipped?', side: 'customer' } });

    await started.agent.ok(chat.post, { params: { business_id: business.id, token: started.token }, body: { body: 'Any news?' } });
    expect(await staffNext((f) => f.type === 'message')).toMatchObject({ message: { body: 'Any news?', conversation_id: conversationId } });
    expect(await staffNext((f) => f.type === 'conversation')).toEqual({ type: 'conversation', conversation_id: conversationId });

    staff.send(JSON.stringify({ type: 'typing', conversation_id: conversationId }));
    expect(await customerNext((f) => f.type === 'typing')).toEqual({ type: 'typing', conversation_id: conversationId, side: 'staff' });

    const answer = await owner.agent.ok(chat.answer, { params: { business_id: business.id, id: conversationId }, body: { body: 'Out for delivery.' } });
    const received = await customerNext((f) => f.type === 'message' && f.message.side === 'staff');
    expect(received).toMatchObject({ message: { body: 'Out for delivery.', seq: answer.seq } });
    customer.send(JSON.stringify({ type: 'read', seq: answer.seq }));
    expect(await staffNext((f) => f.type === 'read' && f.side === 'customer')).toEqual({
      type: 'read',
      conversation_id: conversationId,
      side: 'customer',
      seq: answer.seq,
    });
    customer.terminate();

    // Reconnecting with the last seq seen replays only the messages after it.
    await owner.agent.ok(chat.answer, { params: { business_id: business.id, id: conversationId }, body: { body: 'Delivered.' } });
    const { socket: again, next: againNext } = await openSocket(fillPath(CHAT_SOCKET_PATHS.customer, { business_id: business.id, token: started.token }));
    again.send(JSON.stringify({ type: 'follow', after: answer.seq }));
    const replayed = await againNext((f) => f.type === 'message');
    expect(replayed).toMatchObject({ message: { body: 'Delivered.' } });
    staff.terminate();
    again.terminate();
  });

  it('refuse a staff socket without the chat permission, without a session, and a customer socket with a bad token', async () => {
    await expect(t.app.injectWS(staffSocketPath(business.id), { headers: { cookie: cookieOf(business.people.cashier.agent) } })).rejects.toThrow(/403/);
    await expect(t.app.injectWS(staffSocketPath(business.id))).rejects.toThrow(/401/);
    await expect(t.app.injectWS(staffSocketPath(business.id), { headers: { cookie: cookieOf(owner.agent), origin: 'https://evil.example' } })).rejects.toThrow(
      /403/,
    );
    const started = await startChat();
    await expect(t.app.injectWS(fillPath(CHAT_SOCKET_PATHS.customer, { business_id: other.id, token: started.token }))).rejects.toThrow(/404/);
  });
});
