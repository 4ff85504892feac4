import { AppError, defaultTimeZoneOf, fieldError, TIME_ZONE_MESSAGE } from '@merchant/core';
import type { Business, UpdateBusinessBodySchema } from '@merchant/business';
import type { z } from 'zod';
import type { Executor } from '@/db/client';
import type { BusinessContext } from '@/http/context';
import type { Clock } from '@/lib/clock';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import type { BusinessService } from '../business/business.service';
import { businessDetailsRepository as repo, type BusinessDetailsChange } from './business-details.repository';

type UpdateBusiness = z.output<typeof UpdateBusinessBodySchema>;

const LABELS: Record<keyof BusinessDetailsChange, string> = {
  name: 'name',
  country: 'country',
  currency: 'currency',
  timeZone: 'time zone',
  addressLine1: 'address',
  addressLine2: 'address',
  addressCity: 'address',
  addressState: 'address',
  addressPostalCode: 'address',
  taxNumber: 'tax number',
  requireTwoFactor: 'staff two-factor requirement',
};

/**
 * The zone asked for; or, when only the country changes and the zone is still the old country's default,
 * the new country's default (a zone the owner chose stays).
 */
function timeZoneChange(current: { country: string; timeZone: string }, body: UpdateBusiness): { timeZone?: string } {
  if (body.time_zone !== undefined) return { timeZone: body.time_zone };
  if (body.country !== undefined && body.country !== current.country && current.timeZone === defaultTimeZoneOf(current.country)) {
    return { timeZone: defaultTimeZoneOf(body.country) };
  }
  return {};
}

/**
 * Business details (name, address, tax number, currency, country, staff two-factor requirement).
 * The country is fixed once verification is completed; turning on the staff two-factor requirement
 * needs two-factor on the account that turns it on (or they would lock themselves out).
 */
export function createBusinessDetailsService(deps: {
  db: Executor;
  clock: Clock;
  audit: AuditService;
  /** The business's row is the business module's: its details are changed through it. */
  business: Pick<BusinessService, 'lock' | 'update' | 'present'>;
}) {
  return {
    /** Saves the changes and answers the business as the caller now sees it. */
    async update(ctx: BusinessContext, body: UpdateBusiness): Promise<Business> {
      const { user } = ctx;
      const business = ctx.business.row;
      const row = await deps.db.transaction(async (tx) => {
        const current = await deps.business.lock(tx, business.id);
        if (!current) throw new AppError('NOT_FOUND', 'Business not found.');
        const wanted: BusinessDetailsChange = {
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.country !== undefined ? { country: body.country } : {}),
          ...(body.currency !== undefined ? { currency: body.currency } : {}),
          ...timeZoneChange(current, body),
          ...(body.address !== undefined
            ? {
                addressLine1: body.address.line1,
                addressLine2: body.address.line2,
                addressCity: body.address.city,
                addressState: body.address.state,
                addressPostalCode: body.address.postal_code,
              }
            : {}),
          ...(body.tax_number !== undefined ? { taxNumber: body.tax_number } : {}),
          ...(body.require_two_factor !== undefined ? { requireTwoFactor: body.require_two_factor } : {}),
        };
        const changed = (Object.keys(wanted) as (keyof BusinessDetailsChange)[]).filter((k) => wanted[k] !== current[k]);
        if (changed.includes('country') && current.onboardingStatus === 'completed') {
          throw fieldError('BUSINESS_COUNTRY_LOCKED', 'country', 'The country cannot change once the business is verified.');
        }
        if (changed.includes('timeZone') && !(await repo.knowsTimeZone(tx, wanted.timeZone!))) {
          throw fieldError('VALIDATION_FAILED', 'time_zone', TIME_ZONE_MESSAGE);
        }
        if (changed.includes('requireTwoFactor') && wanted.requireTwoFactor && !user.twoFactorConfirmedAt) {
          throw fieldError('BUSINESS_TWO_FACTOR_SELF_REQUIRED', 'require_two_factor', 'Turn on two-factor authentication for your own account first.');
        }
        if (changed.length === 0) return current;
        const values = Object.fromEntries(changed.map((k) => [k, wanted[k]])) as BusinessDetailsChange;
        const updated = await deps.business.update(tx, business.id, { ...values, updatedAt: deps.clock.now() });
        const fields = [...new Set(changed.map((k) => LABELS[k]))];
        await deps.audit.record(tx, ctx, {
          action: 'business.updated',
          description: `Changed the business ${fields.join(', ')}`,
          actorUserId: user.id,
          businessId: business.id,
          objectType: 'business',
          objectId: business.id,
          meta: { changes: Object.fromEntries(changed.map((k) => [k, { from: current[k], to: wanted[k] }])) },
        });
        return updated;
      });
      return deps.business.present({ user, business: { ...ctx.business, row } });
    },
  };
}

export type BusinessDetailsService = ReturnType<typeof createBusinessDetailsService>;
