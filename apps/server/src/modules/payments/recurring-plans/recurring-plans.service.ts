import { AppError, fieldError, formatMoneyWithCode } from '@merchant/core';
import { planIntervalLabel, type ListPlansQuery, type Plan, type PlanFields } from '@merchant/payments';
import type { Executor } from '@/db/client';
import type { ActingContext } from '@/http/context';
import type { Clock } from '@/lib/clock';
import { decodeCursor, pageFrom } from '@/lib/cursor';
import { newTimeOrderedId } from '@/lib/crypto';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import { assertAmountWithinLimits } from '../checkout-source';
import { plansRepository as repo, type PlanRow } from './recurring-plans.repository';

function present(row: PlanRow): Plan {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    amount: row.amount,
    currency: row.currency,
    interval: row.interval,
    interval_days: row.intervalDays,
    trial_days: row.trialDays,
    cycles: row.cycles,
    reference: row.reference,
    redirect_url: row.redirectUrl,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const notFound = () => new AppError('PLAN_NOT_FOUND', 'Plan not found.');
const summary = (row: Pick<PlanRow, 'name' | 'amount' | 'currency' | 'interval' | 'intervalDays'>) =>
  `${row.name}: ${formatMoneyWithCode(row.amount, row.currency)} ${planIntervalLabel({ interval: row.interval, interval_days: row.intervalDays }).toLowerCase()}`;

/** Recurring plans: create, edit, archive (docs/payments.md, "recurring-plans"). */
export function createPlansService(deps: { db: Executor; clock: Clock; audit: AuditService }) {
  const { db, clock, audit } = deps;

  /** The row's fields from a valid body: in the business's currency (the only one plans take) and within the checkout's limits. */
  function fields(ctx: ActingContext, body: PlanFields) {
    const currency = ctx.business.row.currency;
    if (body.currency && body.currency !== currency) {
      throw fieldError('VALIDATION_FAILED', 'currency', `Plans are charged in ${currency.toUpperCase()}, your business's currency`);
    }
    assertAmountWithinLimits(body.amount, currency);
    return {
      name: body.name,
      description: body.description,
      amount: body.amount,
      currency,
      interval: body.interval,
      intervalDays: body.interval_days,
      trialDays: body.trial_days,
      cycles: body.cycles,
      reference: body.reference,
      redirectUrl: body.redirect_url,
    };
  }

  async function lockActive(tx: Executor, ctx: ActingContext, id: string): Promise<PlanRow> {
    const row = await repo.find(tx, ctx.business.row.id, id, true);
    if (!row) throw notFound();
    if (row.status === 'archived') throw new AppError('PLAN_ARCHIVED', `${row.name} is archived and can no longer be changed.`);
    return row;
  }

  return {
    async list(ctx: ActingContext, query: ListPlansQuery & { limit: number }) {
      const rows = await repo.page(db, ctx.business.row.id, query, query.limit, decodeCursor(query.cursor));
      const page = pageFrom(rows, query.limit, (r) => r);
      return { data: page.rows.map(present), next_cursor: page.nextCursor };
    },

    /** The public API's page of the business's active plans (offset, newest first) with their count. */
    async pageForApi(businessId: string, limit: number, offset: number) {
      const { rows, total } = await repo.offsetPage(db, businessId, 'active', limit, offset);
      return { data: rows.map(present), total };
    },

    async get(ctx: ActingContext, id: string): Promise<Plan> {
      const row = await repo.find(db, ctx.business.row.id, id);
      if (!row) throw notFound();
      return present(row);
    },

    async create(ctx: ActingContext, body: PlanFields): Promise<Plan> {
      const now = clock.now();
      const row: PlanRow = {
        ...fields(ctx, body),
        businessId: ctx.business.row.id,
        id: newTimeOrderedId(now.getTime()),
        status: 'active',
        createdByUserId: ctx.user.id,
        createdAt: now,
        updatedAt: now,
      };
      await db.transaction(async (tx) => {
        await repo.insert(tx, row);
        await audit.record(tx, ctx, {
          action: 'plan.created',
          description: `Created the plan ${summary(row)}`,
          actorUserId: ctx.user.id,
          businessId: row.businessId,
          objectType: 'plan',
          objectId: row.id,
        });
      });
      return present(row);
    },

    async update(ctx: ActingContext, id: string, body: PlanFields): Promise<Plan> {
      const businessId = ctx.business.row.id;
      const next = fields(ctx, body);
      const row = await db.transaction(async (tx) => {
        const before = await lockActive(tx, ctx, id);
        const updated = await repo.update(tx, businessId, id, { ...next, updatedAt: clock.now() });
        await audit.record(tx, ctx, {
          action: 'plan.updated',
          description: `Edited the plan ${summary(updated!)}`,
          actorUserId: ctx.user.id,
          businessId,
          objectType: 'plan',
          objectId: id,
          meta: { before: { amount: before.amount, interval: before.interval, interval_days: before.intervalDays } },
        });
        return updated!;
      });
      return present(row);
    },

    async archive(ctx: ActingContext, id: string): Promise<Plan> {
      const businessId = ctx.business.row.id;
      const row = await db.transaction(async (tx) => {
        const before = await lockActive(tx, ctx, id);
        const archived = await repo.update(tx, businessId, id, { status: 'archived', updatedAt: clock.now() });
        await audit.record(tx, ctx, {
          action: 'plan.archived',
          description: `Archived the plan ${before.name}`,
          actorUserId: ctx.user.id,
          businessId,
          objectType: 'plan',
          objectId: id,
        });
        return archived!;
      });
      return present(row);
    },
  };
}

export type PlansService = ReturnType<typeof createPlansService>;
