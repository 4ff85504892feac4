import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '@merchant/core';
import type { MovableClock } from '@/lib/clock';
import { onlyFromThisMachine } from '@/lib/loopback';
import type { Jobs } from '@/modules/platform/jobs/jobs.service';

/** At most 400 days per step: enough for a yearly schedule's next run, small enough to keep dates ordinary. */
const MAX_STEP_MS = 400 * 86_400_000;
const AdvanceBodySchema = z.object({ ms: z.number().int().min(1).max(MAX_STEP_MS) });

/**
 * The dev clock (DEV_CLOCK=on, loopback only, never in production): the server's time can be moved ahead, as
 * the API tests move theirs, so a browser test sees what the schedules do when days pass (repeating invoices).
 * The body must be JSON, which a page of another site cannot send here without the browser asking first.
 */
export function devClockRoutes(app: FastifyInstance, clock: MovableClock, jobs: Pick<Jobs, 'checkSchedules'>): void {
  const options = { schema: { hide: true }, onRequest: onlyFromThisMachine('dev clock') };
  const state = () => ({ now: clock.now().toISOString(), offset_ms: clock.offsetMs() });
  app.get('/_dev/clock', options, async () => state());
  app.post('/_dev/clock/advance', options, async (req) => {
    const parsed = AdvanceBodySchema.safeParse(req.body);
    if (!parsed.success) throw new AppError('VALIDATION_FAILED', `Send {"ms": n}, a whole number from 1 to ${MAX_STEP_MS}.`);
    clock.advance(parsed.data.ms);
    // The schedules run now rather than at the next check, even for a tick they ran before the clock was put
    // back (a browser test moves it forward, resets it, and the next moves it forward again).
    await jobs.checkSchedules({ rerun: true });
    return state();
  });
  app.post('/_dev/clock/reset', options, async () => {
    clock.reset();
    return state();
  });
}
