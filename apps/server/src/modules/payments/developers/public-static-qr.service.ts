import { AppError, fieldError, parseMajorToMinor } from '@merchant/core';
import { StaticQrBodySchema, type PublicStaticQr, type PublicStaticQrBody, type PublicStaticQrUpdateBody } from '@merchant/payments';
import type { BusinessRow, RequestMeta } from '@/http/context';
import type { ApiStaticQr, QrWriter, StaticQrService } from '@/modules/payments/static-qr-codes/static-qr-codes.service';
import type { PublicApiCaller } from './public-api.service';
import { businessAsMaker, hitpayIso } from './public-transfers.presenter';
import { assertStanding, noModel } from './public-transfers.service';
import { major } from './webhook-events.presenter';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The method a code of the product takes: its hosted checkout, with every method the business has turned on. */
const CHECKOUT_LOGO = { sm: '', md: '', lg: '', svg: '', svg_square: '', png_square: '', method: 'checkout', iconName: 'qr-code', displayName: 'Checkout' };

/** A static QR code as HitPay's (its published schemas). */
export function presentHitpayStaticQr(qr: ApiStaticQr, business: BusinessRow): PublicStaticQr {
  return {
    id: qr.id,
    name: qr.name,
    reference: qr.public_id,
    payment_provider: 'checkout',
    payment_provider_method: 'checkout',
    amount: qr.amount === null ? 0 : major(qr.amount, qr.currency),
    currency: qr.currency.toLowerCase(),
    payment_provider_method_logos: [],
    payment_provider_method_main_logo: CHECKOUT_LOGO,
    created_by: businessAsMaker(business),
    location_id: '',
    location: { name: qr.location_label ?? '', address: '' },
    device_id: '',
    device: { label: '' },
    qr_value: qr.url,
    created_at: hitpayIso(qr.created_at),
    updated_at: hitpayIso(qr.updated_at),
  };
}

const writerOf = (caller: PublicApiCaller, meta: RequestMeta): QrWriter => ({
  business: caller.business,
  ip: meta.ip,
  userAgent: meta.userAgent,
  user: { id: caller.makerUserId },
});

/**
 * HitPay's static QR codes (docs/developers.md, "Public API: money out") on the payments section's codes: made,
 * edited and archived through its service as the key's maker (audited); an archived code is deleted here (404).
 */
export function createPublicStaticQrApi(deps: { codes: StaticQrService }) {
  const { codes } = deps;

  /** An active code of the caller's business, or HitPay's 404. */
  async function active(caller: PublicApiCaller, id: string): Promise<ApiStaticQr> {
    if (!UUID.test(id)) throw noModel('StaticQr', id);
    try {
      const qr = await codes.findForApi(writerOf(caller, { ip: '', userAgent: null }), id);
      if (qr.status !== 'active') throw noModel('StaticQr', id);
      return qr;
    } catch (error) {
      if (error instanceof AppError && error.code === 'STATIC_QR_NOT_FOUND') throw noModel('StaticQr', id);
      throw error;
    }
  }

  /** HitPay's amount in major units as minor units of the code's currency; 0 (or none) lets the customer type it. */
  function amountOf(amount: string | undefined, currency: string): number | null {
    if (amount === undefined) return null;
    const minor = parseMajorToMinor(amount, currency);
    if (minor === null) throw fieldError('VALIDATION_FAILED', 'amount', `The amount must be a number with the decimals of ${currency.toUpperCase()}.`);
    return minor === 0 ? null : minor;
  }

  /** The code's fields checked by the dashboard's own schema (its currency, its name), errors on HitPay's fields. */
  function checked(input: { name: string; amount: number | null; currency: string; location_label: string | null }) {
    const parsed = StaticQrBodySchema.safeParse(input);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => ({ path: String(i.path[0]), message: i.message }));
      throw new AppError('VALIDATION_FAILED', 'The given data was invalid.', issues);
    }
    return parsed.data;
  }

  const noLocations = () => fieldError('VALIDATION_FAILED', 'location_id', 'Locations by id are not supported here: a code names its place in its name.');
  const present = (caller: PublicApiCaller, qr: ApiStaticQr) => presentHitpayStaticQr(qr, caller.business.row);

  return {
    async list(caller: PublicApiCaller, query: { per_page: number; cursor?: string | undefined }, origin: string) {
      const page = await codes.listForApi(writerOf(caller, { ip: '', userAgent: null }), { limit: query.per_page, cursor: query.cursor });
      const path = `${origin}/v1/static_qr`;
      const next = page.next_cursor ? `${path}?${new URLSearchParams({ per_page: String(query.per_page), cursor: page.next_cursor })}` : null;
      return {
        data: page.data.map((qr) => present(caller, qr)),
        links: { first: null, last: null, prev: null, next },
        meta: { path, per_page: query.per_page, next_cursor: page.next_cursor, prev_cursor: null },
      };
    },

    get: async (caller: PublicApiCaller, id: string) => present(caller, await active(caller, id)),

    async create(caller: PublicApiCaller, meta: RequestMeta, body: PublicStaticQrBody) {
      assertStanding(caller, 'active');
      if (body.location_id) throw noLocations();
      if (body.device_id) throw fieldError('VALIDATION_FAILED', 'device_id', 'Devices are not supported here: a static QR code is printed.');
      if (body.amount !== undefined && !body.currency)
        throw fieldError('VALIDATION_FAILED', 'currency', 'The currency field is required when amount is present.');
      const currency = body.currency ?? caller.business.row.currency.toLowerCase();
      const writer = writerOf(caller, meta);
      const made = await codes.create(writer, checked({ name: body.name, amount: amountOf(body.amount, currency), currency, location_label: null }));
      return present(caller, await codes.findForApi(writer, made.id));
    },

    /** HitPay's update: the fields sent change, the others stay. */
    async update(caller: PublicApiCaller, meta: RequestMeta, id: string, body: PublicStaticQrUpdateBody) {
      assertStanding(caller, 'active');
      const current = await active(caller, id);
      if (body.location_id) throw noLocations();
      const currency = body.currency ?? current.currency;
      const amount = body.amount !== undefined ? amountOf(body.amount, currency) : current.amount;
      const writer = writerOf(caller, meta);
      await codes.update(writer, id, checked({ name: body.name ?? current.name, amount, currency, location_label: current.location_label }));
      return present(caller, await codes.findForApi(writer, id));
    },

    /** HitPay's delete: the code is archived (its payments keep it); scanning it takes no more payments. */
    async remove(caller: PublicApiCaller, meta: RequestMeta, id: string) {
      await active(caller, id);
      await codes.archive(writerOf(caller, meta), id);
      return { message: 'Static QR deleted successfully.' };
    },
  };
}

export type PublicStaticQrApi = ReturnType<typeof createPublicStaticQrApi>;
