import { AppError, fieldError, parseMajorToMinor, standingRefusal, STANDING_MESSAGES, type Standing } from '@merchant/core';
import {
  CreateBeneficiaryBodySchema,
  localAccountFormat,
  type Beneficiary,
  type PublicBeneficiaryBody,
  type PublicBeneficiarySchemaBody,
  type PublicBeneficiaryUpdateBody,
  type PublicEstimate,
  type PublicEstimateBody,
  type PublicTransferBody,
  type PublicTransferListQuery,
  type Transfer,
} from '@merchant/payments';
import type { IdempotentRequest, RequestMeta } from '@/http/context';
import type { StaffService } from '@/modules/business/staff/staff.service';
import { assertSendMoneyEnabled, type BeneficiariesService, type SendMoneyWriter } from '@/modules/payments/send-money/beneficiaries.service';
import type { TransferViewsService } from '@/modules/payments/send-money/transfer-views.service';
import type { TransfersService } from '@/modules/payments/send-money/transfers.service';
import { presentHitpayBeneficiary, presentHitpayTransfer } from './public-transfers.presenter';
import { PublicApiRefusal, type PublicApiCaller } from './public-api.service';
import { laravelPage, pageUrl } from './public-pages';
import { major } from './webhook-events.presenter';

/** A country's name in English (`sg`: Singapore). */
const countryName = (code: string) => new Intl.DisplayNames(['en'], { type: 'region' }).of(code.toUpperCase()) ?? code.toUpperCase();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** HitPay's `bank_id`: `SWIFT[bank code]` (`DBSSSGSGXXX[7171]`), or a bank code alone. */
const BANK_ID = /^([A-Za-z0-9]{8}(?:[A-Za-z0-9]{3})?)?\s*\[?([A-Za-z0-9-]*)\]?$/;

/** HitPay's 404 of a model it cannot find in the key's business. */
export const noModel = (model: string, id: string) => new AppError('NOT_FOUND', `No query results for model [${model}] ${id}`);

/** The 422 of one field, in HitPay's (Laravel's) shape. */
const invalid = (field: string, message: string) => fieldError('VALIDATION_FAILED', field, message);

/**
 * Runs `work`, renaming the fields of its validation errors to HitPay's names (`rename[ours]`), so a rule of the
 * dashboard's service is reported on the field the merchant sent.
 */
export async function inHitpayNames<T>(rename: Record<string, string>, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && error.issues?.length) {
      const issues = error.issues.map((i) => ({ path: rename[i.path] ?? i.path, message: i.message }));
      throw new AppError(error.code, error.message, issues);
    }
    throw error;
  }
}

/** Refuses the call when the business's standing does not allow the action (as the dashboard's endpoint does). */
export function assertStanding(caller: PublicApiCaller, standing: Standing): void {
  const refusal = standingRefusal(standing, caller.business.row);
  if (refusal) throw new PublicApiRefusal(403, STANDING_MESSAGES[refusal]);
}

/** Who a write is recorded as: the key's maker (docs/developers.md). */
export const writerOf = (caller: PublicApiCaller, meta: RequestMeta, name = ''): SendMoneyWriter => ({
  business: caller.business,
  ip: meta.ip,
  userAgent: meta.userAgent,
  user: { id: caller.makerUserId, name },
});

/**
 * HitPay's beneficiaries and transfers (docs/developers.md, "Public API: money out"), mapped onto send money's
 * services: every write goes through the dashboard's own path (audit, ledger, approval rule, events), as the key's
 * maker.
 */
export function createPublicTransfersApi(deps: {
  beneficiaries: BeneficiariesService;
  transfers: TransfersService;
  views: TransferViewsService;
  staff: Pick<StaffService, 'listMembers'>;
  origin: () => string;
}) {
  const { beneficiaries, transfers, views } = deps;

  /** An active beneficiary of the caller's business, or HitPay's 404 (a deleted one is gone, as in HitPay). */
  async function activeBeneficiary(caller: PublicApiCaller, id: string): Promise<Beneficiary> {
    assertSendMoneyEnabled(caller.business.row);
    if (!UUID.test(id)) throw noModel('Beneficiary', id);
    try {
      const found = await beneficiaries.get(caller.business.row.id, id);
      if (found.status !== 'active') throw noModel('Beneficiary', id);
      return found;
    } catch (error) {
      if (error instanceof AppError && error.code === 'BENEFICIARY_NOT_FOUND') throw noModel('Beneficiary', id);
      throw error;
    }
  }

  /** The beneficiary a transfer body names: an unknown or deleted one is invalid input (422), as Laravel's `exists`. */
  async function payee(caller: PublicApiCaller, id: string): Promise<Beneficiary> {
    try {
      return await activeBeneficiary(caller, id);
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') throw invalid('beneficiary_id', 'The selected beneficiary id is invalid.');
      throw error;
    }
  }

  /** The amounts of an estimate or a transfer in minor units: what to send, or else what the beneficiary receives. */
  function amountsOf(body: PublicEstimateBody, target: string): { send_amount: number } | { receive_amount: number } {
    const missing = (field: string, other: string) => `The ${field.replace('_', ' ')} field is required when ${other.replace('_', ' ')} is not present.`;
    if (body.source_amount === undefined && body.payment_amount === undefined) {
      throw new AppError('VALIDATION_FAILED', 'The given data was invalid.', [
        { path: 'source_amount', message: missing('source_amount', 'payment_amount') },
        { path: 'payment_amount', message: missing('payment_amount', 'source_amount') },
      ]);
    }
    const [field, value, currency] =
      body.source_amount !== undefined
        ? (['source_amount', body.source_amount, body.source_currency] as const)
        : (['payment_amount', body.payment_amount!, target] as const);
    const minor = parseMajorToMinor(value, currency);
    if (minor === null) throw invalid(field, `The ${field.replace('_', ' ')} must be a number with the decimals of ${currency.toUpperCase()}.`);
    if (minor <= 0) throw invalid(field, `The ${field.replace('_', ' ')} must be greater than 0.`);
    return field === 'source_amount' ? { send_amount: minor } : { receive_amount: minor };
  }

  const QUOTE_FIELDS = { send_amount: 'source_amount', receive_amount: 'payment_amount', target_currency: 'source_currency' };

  async function withBeneficiaries(caller: PublicApiCaller, list: Transfer[]) {
    const businessId = caller.business.row.id;
    const ids = [...new Set(list.map((t) => t.beneficiary.id))];
    const found = new Map((await Promise.all(ids.map((id) => beneficiaries.get(businessId, id)))).map((b) => [b.id, b]));
    return list.map((t) => presentHitpayTransfer(t, found.get(t.beneficiary.id)!, caller.business.row));
  }

  return {
    /** HitPay's `Get the API schema`: the fields of a local bank beneficiary in the business's country. */
    beneficiaryFields(caller: PublicApiCaller, body: PublicBeneficiarySchemaBody) {
      assertSendMoneyEnabled(caller.business.row);
      const business = caller.business.row;
      const country = business.country.toLowerCase();
      const currency = business.currency.toLowerCase();
      const issues: { path: string; message: string }[] = [];
      if (body.country && body.country !== country) issues.push({ path: 'country', message: 'The selected Country is invalid.' });
      if (body.transfer_method && body.transfer_method !== 'bank_transfer')
        issues.push({ path: 'transfer_method', message: 'The selected Transfer Method is invalid.' });
      if (body.transfer_type && body.transfer_type !== 'local') issues.push({ path: 'transfer_type', message: 'The selected Transfer Type is invalid.' });
      if (issues.length) throw new AppError('VALIDATION_FAILED', `The given data was invalid. ${issues[0]!.message}`, issues);
      const format = localAccountFormat(country);
      const rule = format.kind === 'rule' ? format.rule : undefined;
      const select = (key: string, title: string, options: { value: string; label: string }[], value: string) => ({
        key,
        placeholder: null,
        title,
        required: true,
        type: 'select' as const,
        force_display: true,
        options,
        value,
      });
      const input = (key: string, title: string, required: boolean, placeholder: string | null, validation?: string) => ({
        key,
        placeholder,
        title,
        required,
        type: 'input' as const,
        ...(validation ? { validation } : {}),
      });
      const digits = rule ? `/^\\d{${rule.digits[0]},${rule.digits[1]}}$/` : format.kind === 'iban' ? undefined : '/^[A-Za-z0-9]{4,34}$/';
      return [
        select('country', 'Country', [{ value: country, label: countryName(country) }], country),
        select('transfer_method', 'Transfer Method', [{ value: 'bank_transfer', label: 'Bank Transfer' }], 'bank_transfer'),
        { ...select('transfer_type', 'Transfer Type', [{ value: 'local', label: 'Local' }], 'local'), required: false, force_display: false },
        select('currency', 'Currency', [{ value: body.currency ?? currency, label: (body.currency ?? currency).toUpperCase() }], body.currency ?? currency),
        select(
          'holder_type',
          'Entity Type',
          [
            { value: 'company', label: 'Company' },
            { value: 'individual', label: 'Individual' },
          ],
          body.holder_type ?? 'company',
        ),
        input('holder_name', 'Account Holder Name', true, 'John Doe'),
        input('bank_id', rule?.bankCode ? `SWIFT code and ${rule.bankCode.label.toLowerCase()}` : 'SWIFT code', !!rule?.bankCode, 'DBSSSGSGXXX[7171]'),
        ...(rule?.branchCode ? [input('bank_branch_code', rule.branchCode.label, true, '081', rule.branchCode.pattern.toString())] : []),
        input('bank_name', 'Bank Name', false, 'DBS Bank'),
        input('account_number', 'Account Number', true, '0123456789', digits),
        input('email', 'Email Address', false, null, 'email'),
      ];
    },

    /** HitPay's list: a Laravel page (`page`, `per_page`) of the active beneficiaries, searched by `query`. */
    async listBeneficiaries(caller: PublicApiCaller, query: { query?: string | undefined; page: number; per_page: number }) {
      assertSendMoneyEnabled(caller.business.row);
      const { page, per_page: perPage } = query;
      const found = await beneficiaries.numberedPage(caller.business.row.id, { q: query.query, page, perPage });
      const path = `${deps.origin()}/v1/beneficiaries`;
      const url = pageUrl(path, { ...(query.query ? { query: query.query } : {}), ...(perPage === 10 ? {} : { per_page: String(perPage) }) });
      const data = found.data.map((b) => presentHitpayBeneficiary(b, caller.business.row));
      // `typed`: HitPay's schema types `from` and `to` numbers (0 on an empty page) and a pager link's `url` a string.
      return laravelPage(data, { page, perPage, total: found.total, path, url, pager: 'window', typed: true });
    },

    async getBeneficiary(caller: PublicApiCaller, id: string) {
      return presentHitpayBeneficiary(await activeBeneficiary(caller, id), caller.business.row);
    },

    /**
     * HitPay's create: a local bank beneficiary in the business's country, checked by the product's bank rules and
     * reported in HitPay's names, with HitPay's nickname, remark and favourite.
     */
    async createBeneficiary(caller: PublicApiCaller, meta: RequestMeta, body: PublicBeneficiaryBody) {
      assertSendMoneyEnabled(caller.business.row);
      assertStanding(caller, 'active');
      if (body.transfer_method !== 'bank_transfer') throw invalid('transfer_method', 'The selected Transfer Method is invalid.');
      if (body.transfer_type && body.transfer_type !== 'local') throw invalid('transfer_type', 'The selected Transfer Type is invalid.');
      const bankId = body.bank_id ? BANK_ID.exec(body.bank_id.replace(/\s+/g, '')) : null;
      if (body.bank_id && !bankId) throw invalid('bank_id', 'The bank id must be a SWIFT code and a bank code, as DBSSSGSGXXX[7171].');
      const swift = (body.bank_swift_code ?? bankId?.[1] ?? '').toUpperCase();
      const parsed = CreateBeneficiaryBodySchema.safeParse({
        type: 'local',
        holder_name: body.holder_name,
        bank_name: body.bank_name ?? swift,
        country: body.country,
        currency: body.currency,
        bank_code: bankId?.[2] || null,
        branch_code: body.bank_branch_code ?? null,
        account_number: body.account_number,
        email: body.email ?? null,
        nickname: body.nickname ?? null,
        remark: body.remark ?? null,
        is_favourite: body.is_favourite ?? false,
      });
      const rename: Record<string, string> = {
        bank_code: 'bank_id',
        branch_code: 'bank_branch_code',
        bank_name: body.bank_name ? 'bank_name' : 'bank_swift_code',
        swift_code: 'bank_swift_code',
      };
      if (!parsed.success) {
        const issues = parsed.error.issues.map((i) => ({ path: rename[String(i.path[0])] ?? String(i.path[0]), message: i.message }));
        throw new AppError('VALIDATION_FAILED', 'The given data was invalid.', issues);
      }
      const made = await inHitpayNames(rename, () => beneficiaries.create(writerOf(caller, meta), parsed.data));
      return presentHitpayBeneficiary(made, caller.business.row);
    },

    /** HitPay's update: nickname, remark and favourite (the fields sent change; an empty body answers it as it is). */
    async updateBeneficiary(caller: PublicApiCaller, meta: RequestMeta, id: string, body: PublicBeneficiaryUpdateBody) {
      await activeBeneficiary(caller, id);
      assertStanding(caller, 'active');
      const labelled = await beneficiaries.label(writerOf(caller, meta), id, body);
      return presentHitpayBeneficiary(labelled, caller.business.row);
    },

    /** HitPay's delete: the beneficiary is closed (its transfers keep it); later calls answer 404. */
    async deleteBeneficiary(caller: PublicApiCaller, meta: RequestMeta, id: string): Promise<void> {
      await activeBeneficiary(caller, id);
      await beneficiaries.remove(writerOf(caller, meta), id);
    },

    /** HitPay's estimate: a quote of send money (the same figures a transfer of it takes). */
    async estimate(caller: PublicApiCaller, meta: RequestMeta, body: PublicEstimateBody): Promise<PublicEstimate> {
      assertSendMoneyEnabled(caller.business.row);
      assertStanding(caller, 'verified');
      const beneficiary = await payee(caller, body.beneficiary_id);
      const target = beneficiary.currency;
      const amounts = amountsOf(body, target);
      const quote = await inHitpayNames(QUOTE_FIELDS, () =>
        transfers.quote(writerOf(caller, meta), { source_currency: body.source_currency, target_currency: target, ...amounts }),
      );
      const source = quote.send.currency;
      return {
        source_amount: major(quote.send.amount, source),
        source_amount_fees: major(quote.fee.amount, source),
        source_currency: source,
        exchange_rate: quote.rate,
        fx_pair: `${source}${target}`,
        payment_amount: major(quote.receive.amount, target),
        payment_amount_fees: 0,
        payment_currency: target,
        fee_payer: 'payer',
        fee_currency: source,
      };
    },

    /**
     * HitPay's create: send money's transfer as the key's maker, with its balance check, its approval rule (above the
     * threshold it waits: `scheduled`, `awaiting_approval`) and its ledger postings. In the beneficiary's currency an
     * amount to send is sent as is; otherwise a quote prices it first.
     */
    async createTransfer(caller: PublicApiCaller, meta: RequestMeta, body: PublicTransferBody, keyed?: IdempotentRequest) {
      assertSendMoneyEnabled(caller.business.row);
      assertStanding(caller, 'verified');
      if (body.remitter_id) throw invalid('remitter_id', 'There are no remitters here: transfers are sent from the business itself.');
      if (!body.beneficiary_id) {
        if (body.beneficiary !== undefined) throw invalid('beneficiary', 'Add the beneficiary first (POST /v1/beneficiaries) and send its beneficiary_id.');
        throw new AppError('VALIDATION_FAILED', 'The given data was invalid.', [
          { path: 'beneficiary_id', message: 'The beneficiary id field is required when beneficiary is not present.' },
          { path: 'beneficiary', message: 'The beneficiary field is required when beneficiary id is not present.' },
        ]);
      }
      const beneficiary = await payee(caller, body.beneficiary_id);
      const amounts = amountsOf({ ...body, beneficiary_id: body.beneficiary_id }, beneficiary.currency);
      const members = await deps.staff.listMembers({ business: caller.business } as Parameters<StaffService['listMembers']>[0]);
      const writer: SendMoneyWriter = {
        ...writerOf(caller, meta, members.find((m) => m.user_id === caller.makerUserId)?.name ?? ''),
        // The transfer's transaction stores this answer (HitPay's), not the dashboard's, with the Idempotency-Key.
        ...(keyed
          ? {
              idempotency: {
                requestKey: keyed.requestKey,
                answerIn: (tx, answer) => keyed.answerIn(tx, presentHitpayTransfer(answer as Transfer, beneficiary, caller.business.row)),
              },
            }
          : {}),
      };
      const reference = body.reference ?? body.remark ?? null;
      const made = await inHitpayNames({ ...QUOTE_FIELDS, amount: 'source_amount', quote_id: 'source_amount' }, async () => {
        if ('send_amount' in amounts && body.source_currency === beneficiary.currency) {
          return transfers.create(writer, { beneficiary_id: beneficiary.id, amount: amounts.send_amount, reference });
        }
        const quote = await transfers.quote(writer, { source_currency: body.source_currency, target_currency: beneficiary.currency, ...amounts });
        return transfers.create(writer, { beneficiary_id: beneficiary.id, quote_id: quote.id, reference });
      });
      return presentHitpayTransfer(made, beneficiary, caller.business.row);
    },

    /** HitPay's list: a cursor page, newest first, by beneficiary and status. */
    async listTransfers(caller: PublicApiCaller, query: PublicTransferListQuery) {
      assertSendMoneyEnabled(caller.business.row);
      if (query.keywords) throw invalid('keywords', 'Searching transfers by keywords is not supported here: filter by beneficiary_id or status.');
      const status = query.status
        ? ({ scheduled: 'awaiting_review', processing: 'processing', paid: 'completed', failed: 'failed', canceled: 'cancelled' } as const)[query.status]
        : undefined;
      const page = await views.list(caller.business.row, { status, beneficiary_id: query.beneficiary_id, limit: query.per_page, cursor: query.cursor });
      const path = `${deps.origin()}/v1/transfers`;
      const next = page.next_cursor
        ? `${path}?${new URLSearchParams({ ...(query.status ? { status: query.status } : {}), ...(query.beneficiary_id ? { beneficiary_id: query.beneficiary_id } : {}), per_page: String(query.per_page), cursor: page.next_cursor })}`
        : null;
      return {
        data: await withBeneficiaries(caller, page.data),
        links: { first: null, last: null, prev: null, next },
        meta: { path, per_page: query.per_page, next_cursor: page.next_cursor, prev_cursor: null },
      };
    },

    async getTransfer(caller: PublicApiCaller, id: string) {
      assertSendMoneyEnabled(caller.business.row);
      if (!UUID.test(id)) throw noModel('Transfer', id);
      try {
        const { transfer } = await views.get(caller.business.row, id);
        return (await withBeneficiaries(caller, [transfer]))[0]!;
      } catch (error) {
        if (error instanceof AppError && error.code === 'TRANSFER_NOT_FOUND') throw noModel('Transfer', id);
        throw error;
      }
    },
  };
}

export type PublicTransfersApi = ReturnType<typeof createPublicTransfersApi>;
