import { describe, expect, it } from 'vitest';
import { posOrderEndpoints, type CreateSaleBody } from '@merchant/catalogue';
import { apiError, stubApi } from '@/test';
import { sendQueuedSale } from '../api/register-api';
import { dismissSale, enqueueSale, readQueue, syncQueue, type QueueStore, type SendOutcome } from './offline-queue';

function memoryStore(): QueueStore {
  const items = new Map<string, string>();
  return { getItem: (k) => items.get(k) ?? null, setItem: (k, v) => void items.set(k, v) };
}

const sale = (key: string): CreateSaleBody => ({
  idempotency_key: key,
  location_id: 'loc',
  tenders: [{ kind: 'cash', amount: 100, tendered: 100 }],
  quick_sale: { amount: 100, description: key },
});

describe('the offline queue', () => {
  it('sends waiting sales in order, stops at the first without an answer and keeps it and those after it', async () => {
    const store = memoryStore();
    for (const key of ['a', 'b', 'c']) enqueueSale(store, 'biz', { body: sale(key), due: 100, queuedAt: '2026-11-29T10:00:00Z' });
    const sent: string[] = [];
    const answers: SendOutcome[] = [{ ok: true }, { ok: false, kind: 'network' }];
    const result = await syncQueue(store, 'biz', async (body) => (sent.push(body.idempotency_key), answers.shift()!));
    expect(sent).toEqual(['a', 'b']);
    expect(result).toEqual({ sent: 1, refused: 0, waiting: 2 });
    expect(readQueue(store, 'biz').map((s) => s.body.idempotency_key)).toEqual(['b', 'c']);
  });

  it('keeps a refused sale with its reason, never sends it again, and goes on with the next', async () => {
    const store = memoryStore();
    enqueueSale(store, 'biz', { body: sale('a'), due: 100, queuedAt: 'x' });
    enqueueSale(store, 'biz', { body: sale('b'), due: 100, queuedAt: 'x' });
    const sent: string[] = [];
    const first = await syncQueue(
      store,
      'biz',
      async (body) => (
        sent.push(body.idempotency_key),
        body.idempotency_key === 'a' ? { ok: false, kind: 'refused', message: 'The drawer is closed' } : { ok: true }
      ),
    );
    expect(first).toEqual({ sent: 1, refused: 1, waiting: 0 });
    expect(readQueue(store, 'biz')).toEqual([{ body: sale('a'), due: 100, queuedAt: 'x', refused: 'The drawer is closed' }]);
    await syncQueue(store, 'biz', async (body) => (sent.push(body.idempotency_key), { ok: true }));
    expect(sent).toEqual(['a', 'b']);
    dismissSale(store, 'biz', 'a');
    expect(readQueue(store, 'biz')).toEqual([]);
  });

  it('a queued sale paying a draft paid meanwhile elsewhere is refused with the server’s reason, kept in view and never sent again', async () => {
    const paidElsewhere = 'Draft order #7 was paid already: it is paid once. Open the orders list to find its sale.';
    const api = stubApi().on(posOrderEndpoints.createSale, () => apiError(409, 'POS_DRAFT_ALREADY_PAID', paidElsewhere));
    const store = memoryStore();
    const paying: CreateSaleBody = { ...sale('draft-sale'), draft_id: '0190a000-0000-7000-8000-000000000003' };
    enqueueSale(store, 'biz', { body: paying, due: 100, queuedAt: 'x' });
    enqueueSale(store, 'biz', { body: sale('next'), due: 100, queuedAt: 'x' });
    const send = (body: CreateSaleBody) => sendQueuedSale('0190a000-0000-7000-8000-00000000000b', body);
    expect(await syncQueue(store, 'biz', send)).toEqual({ sent: 0, refused: 2, waiting: 0 });
    expect(readQueue(store, 'biz')[0]).toEqual({ body: paying, due: 100, queuedAt: 'x', refused: paidElsewhere });
    expect(api.requests(posOrderEndpoints.createSale).map((r) => (r.body as CreateSaleBody).idempotency_key)).toEqual(['draft-sale', 'next']);
    // The next sync sends nothing: the refused sale stays listed until dismissed.
    expect(await syncQueue(store, 'biz', send)).toEqual({ sent: 0, refused: 0, waiting: 0 });
    expect(api.requests(posOrderEndpoints.createSale)).toHaveLength(2);
  });

  it('keeps each business apart and reads a damaged store as empty', () => {
    const store = memoryStore();
    enqueueSale(store, 'one', { body: sale('a'), due: 100, queuedAt: 'x' });
    expect(readQueue(store, 'two')).toEqual([]);
    store.setItem('register.queue.two', '{not json');
    expect(readQueue(store, 'two')).toEqual([]);
  });
});
