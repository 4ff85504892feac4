import { AppError, can, fieldError, formatMoneyWithCode } from '@merchant/core';
import type { DrawerSession } from '@merchant/catalogue';
import type { Executor } from '@/db/client';
import { writeTogether, type Write } from '@/db/write-together';
import type { BusinessContext } from '@/http/context';
import type { Clock } from '@/lib/clock';
import { decodeCursor, pageFrom } from '@/lib/cursor';
import { newTimeOrderedId } from '@/lib/crypto';
import type { LedgerPosting, LedgerService } from '@/modules/payments/ledger/ledger.service';
import type { LocationsService } from '@/modules/catalogue/products/locations.service';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import { assertLocationsAllowed, callerLocations, inScope } from '@/modules/location-scope';
import { drawersRepository as repo, type DrawerRow, type MovementInsert, type MovementRow, type NamedDrawerRow } from './drawers.repository';

export const drawerNotFound = () => new AppError('DRAWER_NOT_FOUND', 'Drawer session not found.');
export const drawerNotOpen = () => new AppError('DRAWER_NOT_OPEN', 'Open your cash drawer first.');

/** Whether the caller manages the register (sees every drawer and order, refunds without a PIN). */
export const managesPos = (ctx: Pick<BusinessContext, 'business'>) => can(ctx.business, 'pos:manage');

function present(row: NamedDrawerRow, movements: MovementRow[]): DrawerSession {
  const s = row.session;
  const money = (amount: number) => ({ amount, currency: s.currency });
  const expected = s.status === 'closed' && s.expectedCash !== null ? s.expectedCash : movements.reduce((sum, m) => sum + m.amount, 0);
  return {
    id: s.id,
    status: s.status,
    location: { id: s.locationId, name: row.locationName },
    staff: { id: s.staffId, name: row.staffName },
    opening_float: money(s.openingFloat),
    expected_cash: money(expected),
    counted_cash: s.countedCash === null ? null : money(s.countedCash),
    difference: s.countedCash === null ? null : money(s.countedCash - expected),
    note: s.note,
    opened_at: s.openedAt.toISOString(),
    closed_at: s.closedAt?.toISOString() ?? null,
    movements: movements.map((m) => ({
      id: m.id,
      kind: m.kind,
      amount: money(m.amount),
      reason: m.reason,
      order_id: m.orderId,
      created_at: m.createdAt.toISOString(),
    })),
  };
}

/** A ledger posting that moves cash between the drawers and the merchant's cash outside them (positive: into the drawers). */
export function drawerCashPosting(kind: LedgerPosting['kind'], sessionId: string, currency: string, amount: number, description: string): LedgerPosting[] {
  if (amount === 0) return [];
  return [
    {
      kind,
      reference: { type: 'pos_drawer', id: sessionId },
      description,
      entries: [
        { account: 'cash_in_drawers', currency, amount },
        { account: 'cash_outside_drawers', currency, amount: -amount },
      ],
    },
  ];
}

/**
 * Cash drawer sessions (docs/pos.md): open with a float, pay in and out with reasons, close with the cash counted.
 * Every movement of cash is a movement row and a ledger posting (cash in drawers against the merchant's cash
 * outside them), with the audit entry, in one statement. A cashier sees and works only their own drawer; a manager
 * (`pos:manage`) sees every drawer and may close one.
 */
export function createDrawersService(deps: {
  db: Executor;
  clock: Clock;
  audit: AuditService;
  ledger: LedgerService;
  locations: Pick<LocationsService, 'getIn'>;
}) {
  const { db, clock, audit, ledger } = deps;

  async function presentIds(executor: Executor, businessId: string, ids: string[]): Promise<DrawerSession[]> {
    // One after the other: `executor` may be a transaction's single connection.
    const rows = await repo.named(executor, businessId, ids);
    const movements = await repo.movementsOf(executor, businessId, ids);
    const byId = new Map(rows.map((r) => [r.session.id, r]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row
        ? [
            present(
              row,
              movements.filter((m) => m.sessionId === id),
            ),
          ]
        : [];
    });
  }

  async function getIn(executor: Executor, ctx: BusinessContext, id: string): Promise<DrawerSession> {
    const [drawer] = await presentIds(executor, ctx.business.row.id, [id]);
    if (!drawer || (!managesPos(ctx) && drawer.staff.id !== ctx.user.id)) throw drawerNotFound();
    // A drawer of another location is not there for a member limited to theirs (their own drawer always is).
    if (drawer.staff.id !== ctx.user.id && !inScope(await callerLocations(executor, ctx), drawer.location.id)) throw drawerNotFound();
    return drawer;
  }

  /** The session, locked for update, when the caller may work it (their own, or any for a manager closing it). */
  async function lockWorkable(tx: Executor, ctx: BusinessContext, id: string, managerMay: boolean): Promise<DrawerRow> {
    const row = await repo.find(tx, ctx.business.row.id, id, 'update');
    if (!row || (row.staffId !== ctx.user.id && !(managerMay && managesPos(ctx)))) throw drawerNotFound();
    if (row.staffId !== ctx.user.id && !inScope(await callerLocations(tx, ctx), row.locationId)) throw drawerNotFound();
    if (row.status !== 'open') throw drawerNotOpen();
    return row;
  }

  async function cashMove(ctx: BusinessContext, id: string, body: { amount: number; reason: string }, direction: 'pay_in' | 'pay_out'): Promise<DrawerSession> {
    const businessId = ctx.business.row.id;
    return db.transaction(async (tx) => {
      const row = await lockWorkable(tx, ctx, id, false);
      const signed = direction === 'pay_in' ? body.amount : -body.amount;
      const now = clock.now();
      const words = `${direction === 'pay_in' ? 'Paid in' : 'Paid out'} ${formatMoneyWithCode(body.amount, row.currency)}`;
      await writeTogether(tx, [
        ...repo.movementWrite(tx, [
          {
            businessId,
            id: newTimeOrderedId(now.getTime()),
            sessionId: id,
            kind: direction,
            amount: signed,
            reason: body.reason,
            actorUserId: ctx.user.id,
            createdAt: now,
          },
        ]),
        ...(await ledger.postingWrites(
          tx,
          businessId,
          drawerCashPosting(direction === 'pay_in' ? 'drawer_pay_in' : 'drawer_pay_out', id, row.currency, signed, `${words}: ${body.reason}`),
        )),
        await audit.write(tx, ctx, {
          action: `pos.drawer.${direction}`,
          description: `${words} (${body.reason})`,
          actorUserId: ctx.user.id,
          businessId,
          objectType: 'pos_drawer',
          objectId: id,
        }),
      ]);
      return getIn(tx, ctx, id);
    });
  }

  return {
    getIn,
    get: (ctx: BusinessContext, id: string) => getIn(db, ctx, id),

    async current(ctx: BusinessContext): Promise<{ drawer: DrawerSession | null }> {
      const row = await repo.openOf(db, ctx.business.row.id, ctx.user.id);
      return { drawer: row ? await getIn(db, ctx, row.id) : null };
    },

    async list(ctx: BusinessContext, query: { status?: 'open' | 'closed' | undefined; limit: number; cursor?: string | undefined }) {
      const businessId = ctx.business.row.id;
      const rows = await repo.page(
        db,
        businessId,
        {
          ...(managesPos(ctx) ? {} : { staffId: ctx.user.id }),
          ...(query.status ? { status: query.status } : {}),
          locationIds: await callerLocations(db, ctx),
          selfId: ctx.user.id,
        },
        query.limit,
        decodeCursor(query.cursor),
      );
      const page = pageFrom(rows, query.limit, (r) => ({ createdAt: r.session.openedAt, id: r.session.id }));
      const movements = await repo.movementsOf(
        db,
        businessId,
        page.rows.map((r) => r.session.id),
      );
      return {
        data: page.rows.map((r) =>
          present(
            r,
            movements.filter((m) => m.sessionId === r.session.id),
          ),
        ),
        next_cursor: page.nextCursor,
      };
    },

    async open(ctx: BusinessContext, body: { location_id: string; opening_float: number }): Promise<DrawerSession> {
      const businessId = ctx.business.row.id;
      const currency = ctx.business.row.currency;
      return db.transaction(async (tx) => {
        const location = await deps.locations.getIn(tx, businessId, body.location_id).catch(() => null);
        if (!location || location.status !== 'active') throw fieldError('VALIDATION_FAILED', 'location_id', 'Choose an active location from the list');
        await assertLocationsAllowed(tx, ctx, [location.id]);
        if (await repo.openOf(tx, businessId, ctx.user.id))
          throw new AppError('DRAWER_ALREADY_OPEN', 'Your drawer is already open: close it before opening another.');
        const now = clock.now();
        const id = newTimeOrderedId(now.getTime());
        try {
          await repo.insert(tx, {
            businessId,
            id,
            locationId: body.location_id,
            staffId: ctx.user.id,
            currency,
            openingFloat: body.opening_float,
            openedAt: now,
          });
        } catch (error) {
          // Two opens at once: the partial unique index lets one through.
          if ((error as { code?: string }).code === '23505')
            throw new AppError('DRAWER_ALREADY_OPEN', 'Your drawer is already open: close it before opening another.');
          throw error;
        }
        const float = formatMoneyWithCode(body.opening_float, currency);
        await writeTogether(tx, [
          ...repo.movementWrite(
            tx,
            body.opening_float > 0
              ? [
                  {
                    businessId,
                    id: newTimeOrderedId(now.getTime()),
                    sessionId: id,
                    kind: 'float',
                    amount: body.opening_float,
                    reason: null,
                    actorUserId: ctx.user.id,
                    createdAt: now,
                  },
                ]
              : ([] as MovementInsert[]),
          ),
          ...(await ledger.postingWrites(
            tx,
            businessId,
            drawerCashPosting('drawer_open', id, currency, body.opening_float, `Drawer float at ${location.name}`),
          )),
          await audit.write(tx, ctx, {
            action: 'pos.drawer.opened',
            description: `Opened a cash drawer at ${location.name} with a float of ${float}`,
            actorUserId: ctx.user.id,
            businessId,
            objectType: 'pos_drawer',
            objectId: id,
          }),
        ]);
        return getIn(tx, ctx, id);
      });
    },

    payIn: (ctx: BusinessContext, id: string, body: { amount: number; reason: string }) => cashMove(ctx, id, body, 'pay_in'),
    payOut: (ctx: BusinessContext, id: string, body: { amount: number; reason: string }) => cashMove(ctx, id, body, 'pay_out'),

    async close(ctx: BusinessContext, id: string, body: { counted_cash: number; note?: string | null | undefined }): Promise<DrawerSession> {
      const businessId = ctx.business.row.id;
      return db.transaction(async (tx) => {
        const row = await lockWorkable(tx, ctx, id, true);
        const expected = await repo.expected(tx, businessId, id);
        const counted = body.counted_cash;
        const now = clock.now();
        await repo.close(tx, businessId, id, { countedCash: counted, expectedCash: expected, note: body.note ?? null, closedAt: now });
        const short = expected - counted;
        const entries = [
          ...(counted !== 0 ? [{ account: 'cash_outside_drawers' as const, currency: row.currency, amount: counted }] : []),
          ...(short !== 0 ? [{ account: 'cash_over_short' as const, currency: row.currency, amount: short }] : []),
          ...(expected !== 0 ? [{ account: 'cash_in_drawers' as const, currency: row.currency, amount: -expected }] : []),
        ];
        const postings: LedgerPosting[] =
          entries.length >= 2 ? [{ kind: 'drawer_close', reference: { type: 'pos_drawer', id }, description: 'Drawer closed and counted', entries }] : [];
        const difference = counted - expected;
        const words = difference === 0 ? 'balanced' : `${difference > 0 ? 'over' : 'short'} by ${formatMoneyWithCode(Math.abs(difference), row.currency)}`;
        const writes: Write[] = [
          ...(await ledger.postingWrites(tx, businessId, postings)),
          await audit.write(tx, ctx, {
            action: 'pos.drawer.closed',
            description: `Closed a cash drawer: counted ${formatMoneyWithCode(counted, row.currency)}, expected ${formatMoneyWithCode(expected, row.currency)} (${words})`,
            actorUserId: ctx.user.id,
            businessId,
            objectType: 'pos_drawer',
            objectId: id,
            meta: { counted, expected, difference },
          }),
        ];
        await writeTogether(tx, writes);
        return getIn(tx, ctx, id);
      });
    },
  };
}

export type DrawersService = ReturnType<typeof createDrawersService>;
