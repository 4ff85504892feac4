import { randomInt } from 'node:crypto';
import { AppError, fieldError } from '@merchant/core';
import {
  PAIRING_CODE_ALPHABET,
  PAIRING_CODE_LENGTH,
  PAIRING_CODE_TTL_MS,
  READER_MODEL_LABELS,
  READER_UNSEEN_AFTER_MS,
  type PairingCodeAnswer,
  type Reader,
  type ReaderConnection,
  type ReaderModel,
  type UpdateReaderBody,
} from '@merchant/pos';
import type { Location } from '@merchant/catalogue';
import type { Executor } from '@/db/client';
import type { BusinessContext } from '@/http/context';
import type { Clock } from '@/lib/clock';
import { newTimeOrderedId } from '@/lib/crypto';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import type { LocationsService } from '@/modules/catalogue/products/locations.service';
import { auditOf, readerNotFound, testModeOnly } from './terminals.shared';
import { terminalsRepository as repo, type ReaderRow } from './terminals.repository';
import { assertLocationsAllowed } from '@/modules/location-scope';

export type ReaderLocation = Pick<Location, 'id' | 'name' | 'status'>;

/** Why a reader takes no payment now, or null when it does: paired, online, at an active location. */
export function readerRefusal(reader: ReaderRow, location: ReaderLocation | null): string | null {
  if (reader.status !== 'paired') return 'This reader is no longer paired with the business.';
  if (!location) return 'Assign this reader to a location before taking payments on it.';
  if (location.status !== 'active') return `This reader’s location “${location.name}” is archived: assign the reader to an active location.`;
  if (reader.connection !== 'online') return 'The reader is offline: check that it is on and connected, then try again.';
  return null;
}

function newPairingCode(): string {
  let code = '';
  for (let i = 0; i < PAIRING_CODE_LENGTH; i++) code += PAIRING_CODE_ALPHABET[randomInt(PAIRING_CODE_ALPHABET.length)];
  return code;
}

/**
 * Paired card readers (docs/pos.md, "Card terminals"): pairing with the code a reader shows (valid 10 minutes, used
 * once), a name and an active location, the reader's heartbeat (last seen; unseen after an hour), unpairing.
 */
export function createReadersService(deps: {
  db: Executor;
  clock: Clock;
  audit: AuditService;
  locations: Pick<LocationsService, 'getIn'>;
  testMode: () => boolean;
}) {
  const { db, clock, locations } = deps;
  const record = auditOf(deps.audit);

  async function locationOf(executor: Executor, businessId: string, id: string | null): Promise<ReaderLocation | null> {
    if (!id) return null;
    try {
      const { name, status } = await locations.getIn(executor, businessId, id);
      return { id, name, status };
    } catch (error) {
      if (error instanceof AppError && error.code === 'LOCATION_NOT_FOUND') return null;
      throw error;
    }
  }

  /** A location a reader may be placed at: an active one of the business (a field error otherwise). */
  async function activeLocation(executor: Executor, businessId: string, id: string): Promise<ReaderLocation> {
    const location = await locationOf(executor, businessId, id);
    if (!location) throw fieldError('VALIDATION_FAILED', 'location_id', 'Choose a location from the list');
    if (location.status !== 'active') throw fieldError('VALIDATION_FAILED', 'location_id', 'This location is archived: choose an active one');
    return location;
  }

  function present(row: ReaderRow, location: ReaderLocation | null): Reader {
    const now = clock.now().getTime();
    return {
      id: row.id,
      name: row.name,
      model: row.model,
      serial_number: row.serialNumber,
      status: row.status,
      connection: row.connection,
      location: location ? { id: location.id, name: location.name, status: location.status } : null,
      last_seen_at: row.lastSeenAt?.toISOString() ?? null,
      unseen: row.status === 'paired' && (!row.lastSeenAt || now - row.lastSeenAt.getTime() >= READER_UNSEEN_AFTER_MS),
      can_take_payments: readerRefusal(row, location) === null,
      paired_at: row.pairedAt.toISOString(),
    };
  }

  async function presentIn(executor: Executor, row: ReaderRow): Promise<Reader> {
    return present(row, await locationOf(executor, row.businessId, row.locationId));
  }

  /** A paired reader of the business, locked for a change (an unpaired one is gone for changes). */
  async function lockPaired(tx: Executor, businessId: string, id: string): Promise<ReaderRow> {
    const row = await repo.findReader(tx, businessId, id, 'update');
    if (!row || row.status !== 'paired') throw readerNotFound();
    return row;
  }

  async function change(tx: Executor, row: ReaderRow, patch: Partial<ReaderRow>): Promise<Reader> {
    const next = { ...row, ...patch, updatedAt: clock.now() };
    await repo.updateReader(tx, row.businessId, row.id, { ...patch, updatedAt: next.updatedAt });
    return presentIn(tx, next);
  }

  return {
    present,
    presentIn,
    locationOf,

    async list(businessId: string): Promise<{ data: Reader[] }> {
      const rows = await repo.pairedReaders(db, businessId);
      const byId = new Map<string, ReaderLocation | null>();
      for (const id of new Set(rows.map((r) => r.locationId).filter((id): id is string => !!id))) byId.set(id, await locationOf(db, businessId, id));
      return { data: rows.map((r) => present(r, r.locationId ? (byId.get(r.locationId) ?? null) : null)) };
    },

    /** The paired readers with their last change (the public API's list, docs/developers.md). */
    async listWithChanges(businessId: string): Promise<(Reader & { updated_at: string })[]> {
      const rows = await repo.pairedReaders(db, businessId);
      const answer: (Reader & { updated_at: string })[] = [];
      for (const row of rows) answer.push({ ...(await presentIn(db, row)), updated_at: row.updatedAt.toISOString() });
      return answer;
    },

    async find(businessId: string, id: string): Promise<ReaderRow> {
      const row = await repo.findReader(db, businessId, id);
      if (!row) throw readerNotFound();
      return row;
    },

    /** Test mode: a new simulated reader shows a code (as a real one does on its screen once it is on). */
    async simulatePairingCode(ctx: BusinessContext, model: ReaderModel): Promise<PairingCodeAnswer> {
      if (!deps.testMode()) throw testModeOnly();
      const now = clock.now();
      const code = newPairingCode();
      const serialNumber = `SIM-${newTimeOrderedId(now.getTime()).replace(/-/g, '').slice(-10).toUpperCase()}`;
      const expiresAt = new Date(now.getTime() + PAIRING_CODE_TTL_MS);
      await repo.insertPairingCode(db, { businessId: ctx.business.row.id, code, model, serialNumber, expiresAt, createdAt: now });
      return { code, model, serial_number: serialNumber, expires_at: expiresAt.toISOString() };
    },

    /** Pairs the reader showing `code`: the code must be the business's, unexpired and unused; it is used up. */
    async pair(ctx: BusinessContext, body: { code: string; name: string; location_id?: string | null | undefined }): Promise<Reader> {
      const businessId = ctx.business.row.id;
      return db.transaction(async (tx) => {
        const now = clock.now();
        const code = await repo.lockPairingCode(tx, businessId, body.code);
        if (!code) throw fieldError('VALIDATION_FAILED', 'code', 'No reader shows this code: check the code on the reader’s screen');
        if (code.usedAt) throw fieldError('VALIDATION_FAILED', 'code', 'This code was used already: ask the reader for a new one');
        if (code.expiresAt.getTime() <= now.getTime()) throw fieldError('VALIDATION_FAILED', 'code', 'This code has expired: ask the reader for a new one');
        const location = body.location_id ? await activeLocation(tx, businessId, body.location_id) : null;
        if (location) await assertLocationsAllowed(tx, ctx, [location.id]);
        const id = newTimeOrderedId(now.getTime());
        const row: ReaderRow = {
          businessId,
          id,
          name: body.name,
          model: code.model,
          serialNumber: code.serialNumber,
          status: 'paired',
          connection: 'online',
          locationId: location?.id ?? null,
          lastSeenAt: now,
          pairedAt: now,
          unpairedAt: null,
          updatedAt: now,
        };
        await repo.insertReader(tx, row);
        await repo.usePairingCode(tx, businessId, code.code, now);
        const where = location ? ` at “${location.name}”` : '';
        await record(tx, ctx, 'terminal_reader', id, 'terminal_reader.paired', `Paired the ${READER_MODEL_LABELS[code.model]} “${body.name}”${where}`);
        return present(row, location);
      });
    },

    async update(ctx: BusinessContext, id: string, body: UpdateReaderBody & { name?: string }): Promise<Reader> {
      const businessId = ctx.business.row.id;
      return db.transaction(async (tx) => {
        const row = await lockPaired(tx, businessId, id);
        const patch: Partial<ReaderRow> = {};
        const said: string[] = [];
        if (body.name !== undefined && body.name !== row.name) {
          patch.name = body.name;
          said.push(`renamed it “${body.name}”`);
        }
        if (body.location_id !== undefined && body.location_id !== row.locationId) {
          const location = body.location_id ? await activeLocation(tx, businessId, body.location_id) : null;
          // A member limited to locations moves readers between their locations only.
          await assertLocationsAllowed(tx, ctx, [...(row.locationId ? [row.locationId] : []), ...(location ? [location.id] : [])]);
          patch.locationId = location?.id ?? null;
          said.push(location ? `moved it to “${location.name}”` : 'took it off its location');
        }
        if (said.length === 0) return presentIn(tx, row);
        const answer = await change(tx, row, patch);
        await record(tx, ctx, 'terminal_reader', id, 'terminal_reader.updated', `Changed the reader “${row.name}”: ${said.join(', ')}`);
        return answer;
      });
    },

    async unpair(ctx: BusinessContext, id: string): Promise<Reader> {
      const businessId = ctx.business.row.id;
      return db.transaction(async (tx) => {
        const row = await lockPaired(tx, businessId, id);
        const answer = await change(tx, row, { status: 'unpaired', unpairedAt: clock.now() });
        await record(tx, ctx, 'terminal_reader', id, 'terminal_reader.unpaired', `Unpaired the reader “${row.name}”`);
        return answer;
      });
    },

    /** The reader reports in: seen now, online. Not audited: it is the reader's report, many times an hour. */
    async heartbeat(ctx: BusinessContext, id: string): Promise<Reader> {
      return db.transaction(async (tx) => change(tx, await lockPaired(tx, ctx.business.row.id, id), { lastSeenAt: clock.now(), connection: 'online' }));
    },

    /** Test mode: the simulated reader goes online (with a heartbeat) or offline (it stops reporting). */
    async simulateConnection(ctx: BusinessContext, id: string, connection: ReaderConnection): Promise<Reader> {
      if (!deps.testMode()) throw testModeOnly();
      return db.transaction(async (tx) => {
        const row = await lockPaired(tx, ctx.business.row.id, id);
        return change(tx, row, connection === 'online' ? { connection, lastSeenAt: clock.now() } : { connection });
      });
    },
  };
}

export type ReadersService = ReturnType<typeof createReadersService>;
