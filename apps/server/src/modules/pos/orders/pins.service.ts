import { AppError } from '@merchant/core';
import type { Executor } from '@/db/client';
import type { BusinessContext, SignedInContext } from '@/http/context';
import type { Clock } from '@/lib/clock';
import { dummyPasswordHash, hashPassword, verifyPassword } from '@/lib/crypto';
import type { RateLimiter } from '@/lib/rate-limit';
import { LOCK_WINDOW_MS, MAX_FAILED_LOGINS } from '@/modules/identity/auth/auth.service';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import { pinsRepository as repo } from './pins.repository';

const pinInvalid = () =>
  new AppError('POS_PIN_INVALID', 'The PIN is not right, or this person cannot approve it.', [{ path: 'override.pin', message: 'The PIN is not right' }]);

/**
 * POS PINs (docs/pos.md): 4 to 6 digits each person sets for themselves, stored hashed (argon2, as passwords), the
 * same in every business they belong to. A manager's PIN approves what a cashier may not do alone. Wrong PINs are
 * limited as passwords are: the attempt counts before the check (parallel guesses cannot all pass), at most
 * MAX_FAILED_LOGINS per LOCK_WINDOW_MS per approving person, cleared by a success.
 */
export function createPinsService(deps: { db: Executor; clock: Clock; audit: AuditService; limiter: RateLimiter }) {
  const { db, clock, audit, limiter } = deps;

  return {
    async status(ctx: SignedInContext): Promise<{ pin_set: boolean }> {
      return { pin_set: (await repo.hashOf(db, ctx.user.id)) !== null };
    },

    async save(ctx: SignedInContext, pin: string | null): Promise<{ pin_set: boolean }> {
      const hash = pin === null ? null : await hashPassword(pin);
      await db.transaction(async (tx) => {
        if (hash === null) await repo.remove(tx, ctx.user.id);
        else await repo.save(tx, ctx.user.id, hash, clock.now());
        await audit.record(tx, ctx, {
          action: hash === null ? 'user.pos_pin_removed' : 'user.pos_pin_set',
          description: hash === null ? 'Removed their POS PIN' : 'Set their POS PIN',
          actorUserId: ctx.user.id,
        });
      });
      return { pin_set: hash !== null };
    },

    overrideManagers: async (ctx: BusinessContext) => ({ data: await repo.overriders(db, ctx.business.row.id) }),

    /**
     * Checks a manager's override before the caller's transaction (the attempt's count is its own write): answers the
     * approving person, or throws `POS_PIN_INVALID` (wrong PIN, no PIN, not an active owner, admin or manager, or the
     * caller themselves) or `AUTH_ACCOUNT_LOCKED` past the limit.
     */
    async verifyOverride(ctx: BusinessContext, override: { manager_id: string; pin: string }): Promise<{ id: string; name: string }> {
      const key = `pos-pin:fail:${override.manager_id}`;
      if ((await limiter.hit(key, LOCK_WINDOW_MS)) > MAX_FAILED_LOGINS) {
        throw new AppError('AUTH_ACCOUNT_LOCKED', 'Too many wrong PINs for this person. Try again in 15 minutes.');
      }
      const person = override.manager_id === ctx.user.id ? null : await repo.overrider(db, ctx.business.row.id, override.manager_id);
      const ok = await verifyPassword(person?.pinHash ?? (await dummyPasswordHash()), override.pin);
      if (!person?.pinHash || !ok) throw pinInvalid();
      await limiter.reset(key);
      return { id: override.manager_id, name: person.name };
    },
  };
}

export type PinsService = ReturnType<typeof createPinsService>;
