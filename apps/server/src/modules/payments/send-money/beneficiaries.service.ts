import { AppError, fieldError, type CursorQuery } from '@merchant/core';
import { CheckedBankAccountSchema, maskAccount, usesIban, type Beneficiary, type BankAccountFields } from '@merchant/payments';
import type { Executor } from '@/db/client';
import type { BusinessContext } from '@/http/context';
import type { Clock } from '@/lib/clock';
import { newTimeOrderedId } from '@/lib/crypto';
import { decodeCursor, pageFrom } from '@/lib/cursor';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import { presentBeneficiary } from './send-money.presenter';
import { sendMoneyRepository as repo, type BeneficiaryRow } from './send-money.repository';

/** Send money's feature check, for the public API's operations of send money (docs/developers.md). */
export { assertSendMoneyEnabled } from './send-money.feature';

export const beneficiaryNotFound = () => new AppError('BENEFICIARY_NOT_FOUND', 'Beneficiary not found.');
/** What a beneficiary keeps besides its bank account; one left out (an edit's) keeps the stored value. */
type Labels = {
  email?: string | null | undefined;
  nickname?: string | null | undefined;
  remark?: string | null | undefined;
  is_favourite?: boolean | undefined;
};
type Fields = BankAccountFields & Labels;

/** Who changes send money: a signed-in member, or the public API acting as its key's maker (docs/developers.md). */
export type SendMoneyWriter = Pick<BusinessContext, 'business' | 'ip' | 'userAgent' | 'idempotency'> & { user: { id: string; name: string } };

const columnsOf = (fields: Fields) => ({
  type: fields.type,
  holderName: fields.holder_name,
  bankName: fields.bank_name,
  country: fields.country,
  currency: fields.currency,
  bankCode: fields.type === 'local' ? fields.bank_code : null,
  branchCode: fields.type === 'local' ? fields.branch_code : null,
  swiftCode: fields.type === 'cross_border' ? fields.swift_code : null,
  accountNumber: fields.account_number!,
  isIban: usesIban(fields.country) && /^[A-Z]{2}\d{2}/.test(fields.account_number!),
  ...(fields.email !== undefined ? { email: fields.email } : {}),
  ...(fields.nickname !== undefined ? { nickname: fields.nickname } : {}),
  ...(fields.remark !== undefined ? { remark: fields.remark } : {}),
  ...(fields.is_favourite !== undefined ? { isFavourite: fields.is_favourite } : {}),
});

const describe = (row: BeneficiaryRow) => `${row.holderName} (${maskAccount(row.accountNumber.slice(-4))}, ${row.bankName}, ${row.currency.toUpperCase()})`;

/**
 * Beneficiaries (docs/payments.md, "send money"): bank details checked by the bank accounts' rules of the
 * payments package, a local one in the business's own country, audited with the number masked; deleting
 * closes the beneficiary.
 */
export function createBeneficiariesService(deps: { db: Executor; clock: Clock; audit: AuditService }) {
  const { db, clock, audit } = deps;

  function assertCountry(ctx: SendMoneyWriter, fields: BankAccountFields): void {
    if (fields.type === 'local' && fields.country !== ctx.business.row.country.toLowerCase()) {
      throw fieldError('VALIDATION_FAILED', 'country', "A local beneficiary banks in the business's country: add one abroad as overseas.");
    }
  }

  async function record(tx: Executor, ctx: SendMoneyWriter, action: string, description: string, row: BeneficiaryRow) {
    await audit.record(tx, ctx, {
      action,
      description,
      actorUserId: ctx.user.id,
      businessId: ctx.business.row.id,
      objectType: 'beneficiary',
      objectId: row.id,
      meta: { account: maskAccount(row.accountNumber.slice(-4)), bank: row.bankName, currency: row.currency, type: row.type },
    });
  }

  async function load(businessId: string, id: string): Promise<BeneficiaryRow> {
    const row = await repo.findBeneficiary(db, businessId, id);
    if (!row) throw beneficiaryNotFound();
    return row;
  }

  return {
    async list(businessId: string, query: { q?: string | undefined; status: 'active' | 'closed' | 'all' } & CursorQuery) {
      const rows = await repo.beneficiaryPage(db, businessId, query.q, query.status, query.limit, decodeCursor(query.cursor));
      const page = pageFrom(rows, query.limit, (r) => r);
      return { data: page.rows.map(presentBeneficiary), next_cursor: page.nextCursor };
    },

    /** A numbered page of the active beneficiaries with their count (the public API's Laravel pages). */
    async numberedPage(businessId: string, query: { q?: string | undefined; page: number; perPage: number }) {
      const [rows, total] = await Promise.all([
        repo.beneficiaryNumberedPage(db, businessId, query.q, query.perPage, (query.page - 1) * query.perPage),
        repo.countActiveBeneficiaries(db, businessId, query.q),
      ]);
      return { data: rows.map(presentBeneficiary), total };
    },

    get: async (businessId: string, id: string): Promise<Beneficiary> => presentBeneficiary(await load(businessId, id)),

    async create(ctx: SendMoneyWriter, body: Fields): Promise<Beneficiary> {
      assertCountry(ctx, body);
      const businessId = ctx.business.row.id;
      return db.transaction(async (tx) => {
        const now = clock.now();
        const row = await repo.insertBeneficiary(tx, { businessId, id: newTimeOrderedId(), ...columnsOf(body), createdAt: now, updatedAt: now });
        await record(tx, ctx, 'beneficiary.created', `Added the beneficiary ${describe(row)}`, row);
        return presentBeneficiary(row);
      });
    },

    async update(ctx: SendMoneyWriter, id: string, body: Fields): Promise<Beneficiary> {
      const businessId = ctx.business.row.id;
      const current = await load(businessId, id);
      if (current.status === 'closed') throw new AppError('BENEFICIARY_CLOSED', 'This beneficiary is closed: add a new one instead.');
      if (body.type !== current.type)
        throw fieldError('VALIDATION_FAILED', 'type', 'A local beneficiary cannot become overseas (or the other way): add a new one.');
      // A blank account number keeps the stored one, checked again against the (possibly changed) country.
      const checked = CheckedBankAccountSchema.safeParse({ ...body, account_number: body.account_number ?? current.accountNumber });
      if (!checked.success) {
        const issues = checked.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
        throw new AppError('VALIDATION_FAILED', issues[0]?.message ?? 'The beneficiary is not valid.', issues);
      }
      const fields = { ...checked.data, email: body.email, nickname: body.nickname, remark: body.remark, is_favourite: body.is_favourite };
      assertCountry(ctx, fields);
      return db.transaction(async (tx) => {
        const row = await repo.updateBeneficiary(tx, businessId, id, { ...columnsOf(fields), updatedAt: clock.now() });
        if (!row) throw beneficiaryNotFound();
        await record(tx, ctx, 'beneficiary.updated', `Edited the beneficiary ${describe(row)}`, row);
        return presentBeneficiary(row);
      });
    },

    /**
     * Changes only the merchant's labels of a beneficiary (nickname, remark, favourite): the public API's PATCH, which
     * takes those three. A field left out keeps its value; a closed beneficiary cannot change.
     */
    async label(ctx: SendMoneyWriter, id: string, labels: Omit<Labels, 'email'>): Promise<Beneficiary> {
      const businessId = ctx.business.row.id;
      const current = await load(businessId, id);
      if (current.status === 'closed') throw new AppError('BENEFICIARY_CLOSED', 'This beneficiary is closed: add a new one instead.');
      const changes = {
        ...(labels.nickname !== undefined ? { nickname: labels.nickname } : {}),
        ...(labels.remark !== undefined ? { remark: labels.remark } : {}),
        ...(labels.is_favourite !== undefined ? { isFavourite: labels.is_favourite } : {}),
      };
      if (Object.keys(changes).length === 0) return presentBeneficiary(current);
      return db.transaction(async (tx) => {
        const row = await repo.updateBeneficiary(tx, businessId, id, { ...changes, updatedAt: clock.now() });
        if (!row) throw beneficiaryNotFound();
        await record(tx, ctx, 'beneficiary.updated', `Edited the beneficiary ${describe(row)}`, row);
        return presentBeneficiary(row);
      });
    },

    /** Closes the beneficiary (doing it twice changes nothing and records nothing). */
    async remove(ctx: SendMoneyWriter, id: string): Promise<Beneficiary> {
      const businessId = ctx.business.row.id;
      const current = await load(businessId, id);
      if (current.status === 'closed') return presentBeneficiary(current);
      return db.transaction(async (tx) => {
        const row = (await repo.updateBeneficiary(tx, businessId, id, { status: 'closed', updatedAt: clock.now() }))!;
        await record(tx, ctx, 'beneficiary.closed', `Deleted (closed) the beneficiary ${describe(row)}`, row);
        return presentBeneficiary(row);
      });
    },
  };
}

export type BeneficiariesService = ReturnType<typeof createBeneficiariesService>;
