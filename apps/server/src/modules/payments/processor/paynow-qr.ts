import { minorToMajorString } from '@merchant/core';

/** One EMVCo TLV field: two-digit id, two-digit length, value. */
function field(id: string, value: string): string {
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** CRC-16/CCITT-FALSE (polynomial 0x1021, start 0xFFFF), as EMVCo QR codes end with. */
export function crc16(payload: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(payload, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/**
 * A dynamic PayNow QR payload (EMVCo merchant-presented mode, as SGQR prints it): the merchant's UEN proxy,
 * the amount (not editable), the merchant's name and the payment's reference as bill number (its last 25
 * characters, the most the field holds).
 */
export function payNowPayload(input: { uen: string; amount: number; currency: string; merchantName: string; reference: string }): string {
  // EMVCo's amount is the major amount as plain decimal text ("12.50"), written from the minor units digit by digit.
  const amount = minorToMajorString(input.amount, input.currency);
  const merchant = field('00', 'SG.PAYNOW') + field('01', '2') + field('02', input.uen) + field('03', '0');
  const body =
    field('00', '01') +
    field('01', '12') +
    field('26', merchant) +
    field('52', '0000') +
    field('53', '702') +
    field('54', amount) +
    field('58', 'SG') +
    field('59', input.merchantName.replace(/[^\x20-\x7e]/g, '').slice(0, 25) || 'Merchant') +
    field('60', 'Singapore') +
    field('62', field('01', input.reference.slice(-25)));
  const withCrcField = `${body}6304`;
  return withCrcField + crc16(withCrcField);
}
