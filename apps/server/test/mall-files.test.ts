import { describe, expect, it } from 'vitest';
import { buildMallFile, type MallDayOrder } from '../src/modules/pos/mall-gto/mall-files';

/** The mall file formats (docs/pos.md, "Mall sales reporting"): pure, so exact bytes for a known day. */
const order = (iso: string, over: Partial<MallDayOrder> = {}): MallDayOrder => ({
  createdAt: new Date(iso),
  subtotal: 10_00,
  discount: 0,
  tax: 90,
  tip: 0,
  total: 10_90,
  cash: 10_90,
  card: 0,
  ...over,
});
const input = {
  tenantId: 'T9',
  machineId: 'M9',
  businessDate: '2026-11-01',
  timeZone: 'America/New_York',
  currency: 'sgd',
  orders: [
    // 01:30 before the clocks go back (EDT), 01:30 after (EST): both the local hour 01.
    order('2026-11-01T05:30:00Z'),
    order('2026-11-01T06:30:00Z', { subtotal: 20_00, discount: 2_00, tax: 1_62, total: 19_62, cash: 0, card: 19_62 }),
    order('2026-11-02T04:59:59Z', { tip: 1_00, total: 11_90, cash: 11_90 }),
  ],
  refunds: [{ createdAt: new Date('2026-11-01T16:00:00Z'), amount: 5_00 }],
};

describe('mall files', () => {
  it('writes the Harbour Point file with local hours across a daylight-saving change', () => {
    const file = buildMallFile({ ...input, format: 'harbour_point_pipe' });
    expect(file.fileName).toBe('T9_M9_20261101.txt');
    expect(file.content).toBe(
      'H|T9|M9|20261101|SGD\r\n' +
        'D|01|2|30.52|2.52|0.00\r\n' +
        'D|11|0|0.00|0.00|5.00\r\n' +
        'D|23|1|11.90|0.90|0.00\r\n' +
        'T|3|40.00|2.00|3.42|1.00|42.42|1|5.00|37.42|22.80|19.62\r\n',
    );
  });

  it('writes the Orchid Square line in minor units, net before tax', () => {
    const file = buildMallFile({ ...input, format: 'orchid_square_fixed' });
    expect(file).toMatchObject({ fileName: 'DT9_M9_20261101.txt', content: 'M9,20261101,T9,3,4000,200,342,500,3400,2280,1962\r\n' });
  });

  it('writes an empty day as zeros', () => {
    const file = buildMallFile({ ...input, orders: [], refunds: [], format: 'generic_csv' });
    expect(file.content.split('\r\n')[1]).toBe('2026-11-01,T9,M9,SGD,0,0.00,0.00,0.00,0.00,0.00,0,0.00,0.00,0.00,0.00');
  });
});
