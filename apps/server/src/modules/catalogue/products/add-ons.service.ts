import { AppError, fieldError } from '@merchant/core';
import type { AddOnGroup, AddOnGroupFields } from '@merchant/catalogue';
import type { Executor } from '@/db/client';
import type { BusinessContext } from '@/http/context';
import type { Clock } from '@/lib/clock';
import { newId, newTimeOrderedId } from '@/lib/crypto';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import { addOnsRepository as repo, type AddOnChoiceRow, type AddOnGroupWithCount } from './add-ons.repository';
import { assertMayPrice } from './products.service';

const notFound = () => new AppError('ADD_ON_GROUP_NOT_FOUND', 'Add-on group not found.');

export function presentAddOnGroup(row: AddOnGroupWithCount, choices: AddOnChoiceRow[]): AddOnGroup {
  return {
    id: row.id,
    name: row.name,
    min_choices: row.minChoices,
    max_choices: row.maxChoices,
    required: row.required,
    choices: choices.map((c) => ({ id: c.id, name: c.name, price: { amount: c.price, currency: row.currency } })),
    product_count: row.productCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Add-on groups ("Milk": oat +0.80, soy +0.50) with their choices, attached to products by the products service. */
export function createAddOnsService(deps: { db: Executor; clock: Clock; audit: AuditService }) {
  const { db, clock, audit } = deps;

  const recordIn = (tx: Executor, ctx: BusinessContext, objectId: string, action: string, description: string) =>
    audit.record(tx, ctx, { action, description, actorUserId: ctx.user.id, businessId: ctx.business.row.id, objectType: 'add_on_group', objectId });

  async function getIn(executor: Executor, businessId: string, id: string): Promise<AddOnGroup> {
    const row = await repo.find(executor, businessId, id);
    if (!row) throw notFound();
    return presentAddOnGroup(row, await repo.choicesOf(executor, businessId, [id]));
  }

  /** The choices' rows: kept ones (by id) keep their id; an id that is not one of the group's is a field error. */
  function choiceRows(businessId: string, groupId: string, body: AddOnGroupFields, current: AddOnChoiceRow[]) {
    const unknown = body.choices.findIndex((c) => c.id && !current.some((k) => k.id === c.id));
    if (unknown >= 0) throw fieldError('VALIDATION_FAILED', `choices.${unknown}.id`, 'This choice is not one of the group’s');
    return body.choices.map((c, position) => ({ businessId, groupId, id: c.id ?? newId(), position, name: c.name, price: c.price }));
  }

  const groupColumns = (body: AddOnGroupFields) => ({
    name: body.name,
    minChoices: body.min_choices,
    maxChoices: body.max_choices,
    required: body.required,
  });

  return {
    async list(businessId: string) {
      const groups = await repo.list(db, businessId);
      const choices = await repo.choicesOf(
        db,
        businessId,
        groups.map((g) => g.id),
      );
      return {
        data: groups.map((g) =>
          presentAddOnGroup(
            g,
            choices.filter((c) => c.groupId === g.id),
          ),
        ),
      };
    },

    get: (businessId: string, id: string) => getIn(db, businessId, id),

    async create(ctx: BusinessContext, body: AddOnGroupFields): Promise<AddOnGroup> {
      if (body.choices.some((c) => c.price > 0)) assertMayPrice(ctx);
      const businessId = ctx.business.row.id;
      return db.transaction(async (tx) => {
        const now = clock.now();
        const id = newTimeOrderedId(now.getTime());
        await repo.insert(tx, { businessId, id, ...groupColumns(body), currency: ctx.business.row.currency, createdAt: now, updatedAt: now });
        const choices = body.choices.map((c, position) => ({ businessId, groupId: id, id: newId(), position, name: c.name, price: c.price }));
        await repo.replaceChoices(tx, businessId, id, choices);
        await recordIn(tx, ctx, id, 'add_on_group.created', `Added the add-on group “${body.name}” (${body.choices.length} choices)`);
        return getIn(tx, businessId, id);
      });
    },

    async update(ctx: BusinessContext, id: string, body: AddOnGroupFields): Promise<AddOnGroup> {
      const businessId = ctx.business.row.id;
      return db.transaction(async (tx) => {
        const current = await repo.find(tx, businessId, id, true);
        if (!current) throw notFound();
        const choices = await repo.choicesOf(tx, businessId, [id]);
        const rows = choiceRows(businessId, id, body, choices);
        const repriced = rows.some((r) => {
          const was = choices.find((c) => c.id === r.id);
          return was ? was.price !== r.price : r.price > 0;
        });
        if (repriced) assertMayPrice(ctx);
        await repo.update(tx, businessId, id, { ...groupColumns(body), updatedAt: clock.now() });
        await repo.replaceChoices(tx, businessId, id, rows);
        await recordIn(tx, ctx, id, 'add_on_group.updated', `Edited the add-on group “${body.name}”`);
        return getIn(tx, businessId, id);
      });
    },

    async remove(ctx: BusinessContext, id: string) {
      const businessId = ctx.business.row.id;
      return db.transaction(async (tx) => {
        const current = await repo.find(tx, businessId, id, true);
        if (!current) throw notFound();
        await repo.remove(tx, businessId, id);
        await recordIn(tx, ctx, id, 'add_on_group.removed', `Deleted the add-on group “${current.name}” (offered by ${current.productCount} products)`);
        return { removed: true as const };
      });
    },
  };
}

export type AddOnsService = ReturnType<typeof createAddOnsService>;
