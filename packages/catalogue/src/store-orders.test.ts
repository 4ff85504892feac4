import { describe, expect, it } from 'vitest';
import { FulfilStoreOrderBodySchema, nextFulfilment } from './store-orders';

describe('store order fulfilment steps', () => {
  it('moves a shipping order through packed, shipped and delivered, and a pickup order to picked up', () => {
    expect(nextFulfilment('shipping', 'unfulfilled')).toEqual(['packed', 'shipped']);
    expect(nextFulfilment('shipping', 'packed')).toEqual(['shipped']);
    expect(nextFulfilment('shipping', 'shipped')).toEqual(['delivered']);
    expect(nextFulfilment('shipping', 'delivered')).toEqual([]);
    expect(nextFulfilment('pickup', 'unfulfilled')).toEqual(['packed', 'picked_up']);
    expect(nextFulfilment('pickup', 'packed')).toEqual(['picked_up']);
    expect(nextFulfilment('pickup', 'picked_up')).toEqual([]);
  });

  it('needs the carrier and tracking number to ship', () => {
    const missing = FulfilStoreOrderBodySchema.safeParse({ step: 'shipped', carrier: ' ' });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['carrier', 'tracking_number']);
    expect(FulfilStoreOrderBodySchema.parse({ step: 'shipped', carrier: 'DHL', tracking_number: 'JD1' })).toEqual({
      step: 'shipped',
      carrier: 'DHL',
      tracking_number: 'JD1',
    });
    expect(FulfilStoreOrderBodySchema.safeParse({ step: 'lost' }).success).toBe(false);
  });
});
