import { formatMoneyWithCode } from '@merchant/core';
import { SALES_CHANNEL_LABELS, SALES_CHANNELS, type ProductLogEntry, type SalesChannel } from '@merchant/catalogue';

const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  status: 'Status',
  channels: 'Sold on',
  price: 'Price',
  compare_at_price: 'Compare-at price',
  cost: 'Cost',
};
const STATUS_WORDS: Record<string, string> = { active: 'Active', archived: 'Archived' };
const MONEY = new Set(['price', 'compare_at_price', 'cost']);

export const logFieldLabel = (field: string): string => FIELD_LABELS[field] ?? field;

const isChannel = (c: string): c is SalesChannel => (SALES_CHANNELS as readonly string[]).includes(c);

/** A logged value as people read it: money with its currency, channels and statuses in words, "—" for none. */
export function logValue(entry: Pick<ProductLogEntry, 'field' | 'currency'>, value: string | null): string {
  if (value === null || value === '') return '—';
  if (MONEY.has(entry.field) && /^\d+$/.test(value)) return formatMoneyWithCode(Number(value), entry.currency);
  if (entry.field === 'status') return STATUS_WORDS[value] ?? value;
  if (entry.field === 'channels')
    return value
      .split(',')
      .map((c) => c.trim())
      .map((c) => (isChannel(c) ? SALES_CHANNEL_LABELS[c] : c))
      .join(', ');
  return value;
}
