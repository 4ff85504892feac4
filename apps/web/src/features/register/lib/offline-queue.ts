import type { CreateSaleBody } from '@merchant/catalogue';

/**
 * The register's offline queue (docs/pos.md, "Offline"): cash and quick sales taken while the network is down wait
 * here, in the browser's storage so a reload keeps them, each with the idempotency key it was made with. When the
 * network returns they are sent in the order they were taken; the server answers a key it has seen with the first
 * sale, so a sale sent twice (the answer lost on the way back, two tabs syncing) is recorded once.
 */

export interface QueuedSale {
  body: CreateSaleBody;
  /** What the register showed as due, for the list of waiting sales. */
  due: number;
  queuedAt: string;
  /** The server refused it (4xx): it stays, with the reason, for the cashier to see; it is not sent again. */
  refused?: string;
}

/** Where a business's queue is kept (one per business, shared by its tabs). */
const storageKey = (businessId: string) => `register.queue.${businessId}`;

export interface QueueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export function readQueue(store: QueueStore, businessId: string): QueuedSale[] {
  try {
    const parsed: unknown = JSON.parse(store.getItem(storageKey(businessId)) ?? '[]');
    return Array.isArray(parsed) ? (parsed as QueuedSale[]) : [];
  } catch {
    return [];
  }
}

function writeQueue(store: QueueStore, businessId: string, queue: readonly QueuedSale[]): void {
  store.setItem(storageKey(businessId), JSON.stringify(queue));
}

export function enqueueSale(store: QueueStore, businessId: string, sale: QueuedSale): void {
  writeQueue(store, businessId, [...readQueue(store, businessId), sale]);
}

/** How a send failed: `network` (no answer, or a 5xx or 429: try again later) or `refused` (any other answer). */
export type SendOutcome = { ok: true } | { ok: false; kind: 'network' } | { ok: false; kind: 'refused'; message: string };

export interface SyncResult {
  sent: number;
  refused: number;
  /** Sales still waiting for the network. */
  waiting: number;
}

/**
 * Sends the waiting sales in order, one at a time. A sale the server records (or had recorded: the same key) leaves
 * the queue; a refused one stays marked with the reason; no answer stops the sync, keeping it and those after it.
 * Each sale is read from storage again before it is sent and removed by its key, so two tabs syncing at once send
 * a sale at most twice and the server records it once.
 */
export async function syncQueue(store: QueueStore, businessId: string, send: (body: CreateSaleBody) => Promise<SendOutcome>): Promise<SyncResult> {
  let sent = 0;
  let refused = 0;
  for (;;) {
    const next = readQueue(store, businessId).find((s) => !s.refused);
    if (!next) break;
    const outcome = await send(next.body);
    if (!outcome.ok && outcome.kind === 'network') break;
    const key = next.body.idempotency_key;
    const queue = readQueue(store, businessId);
    if (outcome.ok) {
      writeQueue(
        store,
        businessId,
        queue.filter((s) => s.body.idempotency_key !== key),
      );
      sent++;
    } else {
      writeQueue(
        store,
        businessId,
        queue.map((s) => (s.body.idempotency_key === key ? { ...s, refused: outcome.message } : s)),
      );
      refused++;
    }
  }
  const waiting = readQueue(store, businessId).filter((s) => !s.refused).length;
  return { sent, refused, waiting };
}

/** Takes a refused sale off the queue once the cashier has seen it. */
export function dismissSale(store: QueueStore, businessId: string, idempotencyKey: string): void {
  writeQueue(
    store,
    businessId,
    readQueue(store, businessId).filter((s) => s.body.idempotency_key !== idempotencyKey),
  );
}
