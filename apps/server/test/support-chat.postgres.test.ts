import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_SOCKET_PATHS, supportChatEndpoints as chat, type ChatServerFrame } from '@merchant/business';
import { fillPath } from '@merchant/core';
import { SESSION_CACHE_CHANNEL } from '../src/db/change-feed';
import { fixedClock } from '../src/lib/clock';
import { createBusiness, type FactoryBusiness } from './factories';
import { Agent, type TestContext } from './harness';
import { cookieOf, framesOf } from './socket-frames';
import { twoInstances } from './postgres-instances';

/**
 * Two app instances on one PostgreSQL database, each with its own pool and change feed (what a load balancer in front
 * of two processes gives): a customer's message written through one reaches a staff socket open on the other, and the
 * answer comes back the other way (PostgreSQL only: the embedded database belongs to one process).
 */
let instances: Awaited<ReturnType<typeof twoInstances>> | undefined;
let a: TestContext;
let b: TestContext;
let business: FactoryBusiness<'owner'>;

beforeAll(async () => {
  // Both ready: a socket's upgrade is served once the app is (the first inject makes it so; a socket first needs it done).
  instances = await twoInstances({ prefix: 'md_chat', clock: fixedClock(new Date('2026-11-01T09:00:00Z')), poolSize: 3 });
  ({ a, b } = instances);
  business = await createBusiness(a);
});
afterAll(() => instances?.close());

async function openSocket(t: TestContext, path: string, headers: Record<string, string> = {}) {
  let next: ReturnType<typeof framesOf<ChatServerFrame>> | undefined;
  const socket = await t.app.injectWS(path, { headers }, { onInit: (ws) => void (next = framesOf<ChatServerFrame>(ws)) });
  return { socket, next: next! };
}

describe('the support chat across two app instances', () => {
  it('carries a message written on one to a socket open on the other, both ways', async () => {
    const customer = new Agent(a.app);
    const started = await customer.ok(chat.start, {
      params: { business_id: business.id },
      body: { name: 'Ana', email: 'ana@example.com', message: 'Hello from instance A' },
    });
    const owner = business.people.owner.agent;
    const cookie = cookieOf(owner);
    // The owner's socket is on B; the customer's on A.
    const staff = await openSocket(b, fillPath(CHAT_SOCKET_PATHS.staff, { business_id: business.id }), { cookie });
    const mine = await openSocket(a, fillPath(CHAT_SOCKET_PATHS.customer, { business_id: business.id, token: started.token }));
    staff.socket.send(JSON.stringify({ type: 'follow', conversation_id: started.conversation.id, after: started.messages[0]!.seq }));
    mine.socket.send(JSON.stringify({ type: 'follow', after: started.messages[0]!.seq }));
    await staff.next((f) => f.type === 'ready');
    await mine.next((f) => f.type === 'ready');

    await customer.ok(chat.post, { params: { business_id: business.id, token: started.token }, body: { body: 'Second message, through A' } });
    expect(await staff.next((f) => f.type === 'message' && f.message.side === 'customer')).toMatchObject({
      message: { body: 'Second message, through A', side: 'customer' },
    });

    // The answer goes through B's HTTP (the owner's agent talks to A's app: a second agent on B with the same cookie).
    const onB = new Agent(b.app);
    onB.cookies = new Map(owner.cookies);
    await onB.ok(chat.answer, { params: { business_id: business.id, id: started.conversation.id }, body: { body: 'Answered on B' } });
    expect(await mine.next((f) => f.type === 'message' && f.message.side === 'staff')).toMatchObject({ message: { body: 'Answered on B', side: 'staff' } });
    staff.socket.terminate();
    mine.socket.terminate();
  });

  it('holds no answer for the write barrier over a chat event: no cache keeps one (a change a cache keeps still counts)', async () => {
    const feed = a.database.changes;
    const customer = new Agent(a.app);
    const started = await customer.ok(chat.start, {
      params: { business_id: business.id },
      body: { name: 'Bo', email: 'bo@example.com', message: 'A first message' },
    });
    const before = feed.mark();
    await customer.ok(chat.post, { params: { business_id: business.id, token: started.token }, body: { body: 'Another message' } });
    await business.people.owner.agent.ok(chat.answer, { params: { business_id: business.id, id: started.conversation.id }, body: { body: 'An answer' } });
    expect(feed.mark()).toBe(before);
    // A user's change (the session cache's `u:`), committed through the same pool, is counted.
    await a.database.exec(`select pg_notify('${SESSION_CACHE_CHANNEL}', 'u:${randomUUID()}')`);
    expect(feed.mark()).toBe(before + 1);
  });
});
