import { AppError, fieldError } from '@merchant/core';
import {
  CheckedBankAccountSchema,
  maskAccount,
  usesIban,
  type BankAccount,
  type BankAccountFields,
  type BankAccountType,
  type ReauthFields,
} from '@merchant/payments';
import type { Executor } from '@/db/client';
import type { BusinessContext } from '@/http/context';
import type { Clock } from '@/lib/clock';
import { newTimeOrderedId } from '@/lib/crypto';
import type { Mailer } from '@/mail/mailer';
import type { StaffService } from '@/modules/business/staff/staff.service';
import type { AuthService } from '@/modules/identity/auth/auth.service';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import { bankAccountsRepository as repo, type BankAccountRow } from './bank-accounts.repository';

const notFound = () => new AppError('BANK_ACCOUNT_NOT_FOUND', 'Bank account not found.');
const last4 = (row: Pick<BankAccountRow, 'accountNumber'>) => row.accountNumber.slice(-4);
const TYPE_LABEL: Record<BankAccountType, string> = { local: 'local', cross_border: 'cross-border' };

export function presentBankAccount(row: BankAccountRow): BankAccount {
  return {
    id: row.id,
    type: row.type,
    holder_name: row.holderName,
    bank_name: row.bankName,
    country: row.country,
    currency: row.currency,
    bank_code: row.bankCode,
    branch_code: row.branchCode,
    swift_code: row.swiftCode,
    is_iban: row.isIban,
    account_last4: last4(row),
    is_default: row.isDefault,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** How an account is named in the audit log and the owners' mail: never more of its number than the last four. */
const describe = (row: BankAccountRow) =>
  `the ${TYPE_LABEL[row.type]} bank account ${maskAccount(last4(row))} (${row.bankName}, ${row.currency.toUpperCase()})`;

const columnsOf = (fields: BankAccountFields) => ({
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
});

type Body<F> = F & ReauthFields;
const reauthOf = ({ password, code }: ReauthFields) => ({ password, code });

/**
 * Payout bank accounts. Every change but choosing the default asks the person to confirm who they are
 * (`auth.confirmIdentity`: password or two-factor code, counted against the sign-in locks), is written to the
 * audit log with the number masked, and is mailed to every active owner once it is committed.
 */
export function createBankAccountsService(deps: {
  db: Executor;
  clock: Clock;
  audit: AuditService;
  mailer: Mailer;
  auth: Pick<AuthService, 'confirmIdentity'>;
  staff: Pick<StaffService, 'listMembers'>;
}) {
  const { db, clock, audit, auth } = deps;

  /** A local account is in the business's own country; one abroad is added as cross-border. */
  function assertCountry(ctx: BusinessContext, fields: BankAccountFields): void {
    if (fields.type === 'local' && fields.country !== ctx.business.row.country.toLowerCase()) {
      throw fieldError('VALIDATION_FAILED', 'country', "A local account is in the business's country: add an account abroad as cross-border.");
    }
  }

  async function record(tx: Executor, ctx: BusinessContext, action: string, description: string, row: BankAccountRow, meta: Record<string, unknown> = {}) {
    await audit.record(tx, ctx, {
      action,
      description,
      actorUserId: ctx.user.id,
      businessId: ctx.business.row.id,
      objectType: 'bank_account',
      objectId: row.id,
      meta: { account: maskAccount(last4(row)), bank: row.bankName, currency: row.currency, type: row.type, ...meta },
    });
  }

  /** Every active owner hears of a change to where the business's money goes: an alert nobody can turn off. */
  const ownersOf = async (ctx: BusinessContext) => (await deps.staff.listMembers(ctx)).filter((m) => m.status === 'active' && m.role.title === 'Owner');

  /**
   * In the change's transaction (the outbox), to the owners read before it (on the embedded database a read
   * outside the transaction would wait for its end).
   */
  async function mailOwners(tx: Executor, ctx: BusinessContext, owners: Awaited<ReturnType<typeof ownersOf>>, what: string): Promise<void> {
    const business = ctx.business.row.name;
    const when = clock.now().toISOString().replace('T', ' ').slice(0, 16);
    for (const owner of owners) {
      await deps.mailer.send(tx, {
        to: owner.email,
        subject: `Bank accounts of ${business} changed`,
        text: [
          `Hello ${owner.name},`,
          '',
          `${ctx.user.name} (${ctx.user.email}) ${what} for ${business} on ${when} UTC.`,
          '',
          'If you did not expect this, sign in, check the bank accounts and the audit log, and change your password.',
        ].join('\n'),
      });
    }
  }

  /** Hands a removed (or moved) default of a currency to the newest other account of it, if any. */
  async function handOverDefault(tx: Executor, businessId: string, currency: string, fromId: string): Promise<void> {
    const next = await repo.newestOther(tx, businessId, currency, fromId);
    if (next) await repo.update(tx, businessId, next.id, { isDefault: true });
  }

  async function load(businessId: string, id: string): Promise<BankAccountRow> {
    const row = await repo.find(db, businessId, id);
    if (!row) throw notFound();
    return row;
  }

  return {
    list: async (businessId: string) => (await repo.list(db, businessId)).map(presentBankAccount),

    get: async (businessId: string, id: string) => presentBankAccount(await load(businessId, id)),

    async create(ctx: BusinessContext, body: Body<BankAccountFields>): Promise<BankAccount> {
      const businessId = ctx.business.row.id;
      assertCountry(ctx, body);
      const owners = await ownersOf(ctx);
      const row = await auth.confirmIdentity(ctx.user, reauthOf(body), async (tx) => {
        await repo.lockCurrency(tx, businessId, body.currency);
        const isDefault = !(await repo.hasDefault(tx, businessId, body.currency));
        const now = clock.now();
        const saved = await repo.insert(tx, { businessId, id: newTimeOrderedId(), ...columnsOf(body), isDefault, createdAt: now, updatedAt: now });
        await record(tx, ctx, 'bank_account.created', `Added ${describe(saved)}${isDefault ? ' as the default of its currency' : ''}`, saved);
        await mailOwners(tx, ctx, owners, `added ${describe(saved)}`);
        return saved;
      });
      return presentBankAccount(row);
    },

    async update(ctx: BusinessContext, id: string, body: Body<BankAccountFields>): Promise<BankAccount> {
      const businessId = ctx.business.row.id;
      const current = await load(businessId, id);
      if (body.type !== current.type) {
        throw fieldError('VALIDATION_FAILED', 'type', 'A local account cannot become cross-border (or the other way): add a new account instead.');
      }
      // A blank account number keeps the stored one, checked again against the (possibly changed) country.
      const checked = CheckedBankAccountSchema.safeParse({ ...body, account_number: body.account_number ?? current.accountNumber });
      if (!checked.success) {
        const issues = checked.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
        throw new AppError('VALIDATION_FAILED', issues[0]?.message ?? 'The bank account is not valid.', issues);
      }
      const fields = checked.data;
      assertCountry(ctx, fields);
      const owners = await ownersOf(ctx);
      const row = await auth.confirmIdentity(ctx.user, reauthOf(body), async (tx) => {
        const currencies = [...new Set([current.currency, fields.currency])].sort();
        for (const currency of currencies) await repo.lockCurrency(tx, businessId, currency);
        const before = await repo.find(tx, businessId, id);
        if (!before) throw notFound();
        const moves = before.currency !== fields.currency;
        const isDefault = moves ? !(await repo.hasDefault(tx, businessId, fields.currency)) : before.isDefault;
        // Leave the old currency's default first, so its heir never meets this row in the one-default index.
        if (moves && before.isDefault) await repo.update(tx, businessId, id, { isDefault: false });
        if (moves && before.isDefault) await handOverDefault(tx, businessId, before.currency, id);
        const saved = (await repo.update(tx, businessId, id, { ...columnsOf(fields), isDefault, updatedAt: clock.now() }))!;
        const numberChanged = before.accountNumber !== saved.accountNumber;
        const was = numberChanged ? ` (was ${maskAccount(last4(before))})` : '';
        await record(tx, ctx, 'bank_account.updated', `Edited ${describe(saved)}${was}`, saved, {
          ...(numberChanged ? { previous_account: maskAccount(last4(before)) } : {}),
        });
        await mailOwners(tx, ctx, owners, `changed ${describe(saved)}${was}`);
        return { saved, was };
      });
      return presentBankAccount(row.saved);
    },

    async setDefault(ctx: BusinessContext, id: string): Promise<BankAccount> {
      const businessId = ctx.business.row.id;
      const current = await load(businessId, id);
      const owners = await ownersOf(ctx);
      const result = await db.transaction(async (tx) => {
        await repo.lockCurrency(tx, businessId, current.currency);
        const row = await repo.find(tx, businessId, id);
        if (!row) throw notFound();
        if (row.isDefault) return { row, changed: false };
        await repo.clearDefault(tx, businessId, row.currency);
        const saved = (await repo.update(tx, businessId, id, { isDefault: true, updatedAt: clock.now() }))!;
        await record(tx, ctx, 'bank_account.default_set', `Made ${describe(saved)} the default of its currency`, saved);
        await mailOwners(tx, ctx, owners, `made ${describe(saved)} the default for payouts in ${saved.currency.toUpperCase()}`);
        return { row: saved, changed: true };
      });
      return presentBankAccount(result.row);
    },

    async remove(ctx: BusinessContext, id: string, body: ReauthFields): Promise<void> {
      const businessId = ctx.business.row.id;
      const current = await load(businessId, id);
      const owners = await ownersOf(ctx);
      await auth.confirmIdentity(ctx.user, reauthOf(body), async (tx) => {
        await repo.lockCurrency(tx, businessId, current.currency);
        const row = await repo.find(tx, businessId, id);
        if (!row) throw notFound();
        await repo.remove(tx, businessId, id);
        if (row.isDefault) await handOverDefault(tx, businessId, row.currency, id);
        await record(tx, ctx, 'bank_account.removed', `Removed ${describe(row)}`, row);
        await mailOwners(tx, ctx, owners, `removed ${describe(row)}`);
        return row;
      });
    },
  };
}

export type BankAccountsService = ReturnType<typeof createBankAccountsService>;
