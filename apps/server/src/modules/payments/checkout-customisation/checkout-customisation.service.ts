import { buffer } from 'node:stream/consumers';
import { AppError, DEFAULT_TIME_ZONE, fieldError, type StandingFacts } from '@merchant/core';
import {
  DEFAULT_BRAND_COLOR,
  DEFAULT_SETTLEMENT_DELAY_DAYS,
  LOGO_TYPES,
  MAX_LOGO_BYTES,
  MAX_LOGO_SIZE_LABEL,
  logoPath,
  type Branding,
  type CheckoutSettings,
  type Logo,
  type LogoExtension,
  type UpdateCheckoutSettingsBody,
} from '@merchant/payments';
import type { Executor } from '@/db/client';
import type { BusinessContext } from '@/http/context';
import type { Clock } from '@/lib/clock';
import { newId } from '@/lib/crypto';
import type { FileStore } from '@/lib/file-store';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import type { BusinessService } from '@/modules/business/business/business.service';
import { checkoutCustomisationRepository as repo, type CheckoutSettingsRow } from './checkout-customisation.repository';
import { sniffLogoType } from './logo-type';

/** The file part of a logo URL (`<uuid>.<ext>`): the file store keeps it under the uuid. */
const fileOf = (logoUrl: string): string => logoUrl.slice(logoUrl.lastIndexOf('/') + 1);
const idOf = (file: string): string => file.slice(0, file.indexOf('.'));

function settingsOf(row: CheckoutSettingsRow | null): Omit<CheckoutSettings, 'logo_url'> {
  return {
    brand_color: row?.brandColor ?? DEFAULT_BRAND_COLOR,
    settlement_delay_days: row?.settlementDelayDays ?? DEFAULT_SETTLEMENT_DELAY_DAYS,
    send_receipts: row?.sendReceipts ?? true,
  };
}

/** For the hosted checkout (or the invoice page): the business's name, its logo on that host, and its brand colour. */
export async function brandingFor(db: Executor, businessId: string, host: 'checkout' | 'invoice' = 'checkout'): Promise<Branding | null> {
  return (await brandingAndSettingsFor(db, businessId, host))?.branding ?? null;
}

/**
 * The branding and the checkout settings of a business in one read (null: no such business), with the facts
 * that say whether it takes payments (`takesPayments` in @merchant/core).
 */
export async function brandingAndSettingsFor(
  db: Executor,
  businessId: string,
  host: 'checkout' | 'invoice' = 'checkout',
): Promise<{ branding: Branding; settings: Omit<CheckoutSettings, 'logo_url'>; standing: StandingFacts; timeZone: string } | null> {
  const found = await repo.businessWithSettings(db, businessId);
  if (!found) return null;
  const settings = settingsOf(found.settings);
  const { business } = found;
  return {
    branding: {
      name: business.name,
      logo_url: business.logoUrl ? logoPath(host, businessId, fileOf(business.logoUrl)) : null,
      brand_color: settings.brand_color,
      time_zone: business.timeZone,
    },
    settings,
    standing: { type: business.type, onboardingStatus: business.onboardingStatus },
    timeZone: business.timeZone,
  };
}

/** The settlement delay and receipt switch of a business (defaults until it saves its own). */
export async function checkoutSettingsFor(db: Executor, businessId: string): Promise<Omit<CheckoutSettings, 'logo_url'>> {
  return settingsOf(await repo.settings(db, businessId));
}

/**
 * Checkout customisation: brand colour, settlement delay, receipt mails, and the business logo (one
 * upload for business details and the checkout). Every change is audited.
 */
export function createCheckoutCustomisationService(deps: {
  db: Executor;
  clock: Clock;
  audit: AuditService;
  files: FileStore;
  /** The business's row is the business module's: its logo changes through it. */
  business: Pick<BusinessService, 'lock' | 'update'>;
}) {
  const { db, clock, audit, files } = deps;

  async function view(businessId: string): Promise<CheckoutSettings> {
    const [business, row] = await Promise.all([repo.business(db, businessId), repo.settings(db, businessId)]);
    return { ...settingsOf(row), logo_url: business?.logoUrl ?? null };
  }

  /** Points the business at a new logo (or none) and forgets the old file once that is committed. */
  async function replaceLogo(ctx: BusinessContext, next: { url: string; ext: LogoExtension; size: number } | null): Promise<Logo> {
    const businessId = ctx.business.row.id;
    const before = await db.transaction(async (tx) => {
      const business = await deps.business.lock(tx, businessId);
      if (!business) throw new AppError('NOT_FOUND', 'Business not found.');
      await deps.business.update(tx, businessId, { logoUrl: next?.url ?? null, updatedAt: clock.now() });
      await audit.record(tx, ctx, {
        action: next ? 'business.logo_updated' : 'business.logo_removed',
        description: next ? `Uploaded a new logo (${LOGO_TYPES[next.ext].label}, ${Math.ceil(next.size / 1024)} KB)` : 'Removed the logo',
        actorUserId: ctx.user.id,
        businessId,
        objectType: 'business',
        objectId: businessId,
        meta: { before: business.logoUrl, after: next?.url ?? null },
      });
      return business.logoUrl;
    });
    if (before) await files.remove(businessId, idOf(fileOf(before)));
    return { logo_url: next?.url ?? null };
  }

  return {
    view,
    brandingFor: (businessId: string) => brandingFor(db, businessId),
    checkoutSettingsFor: (businessId: string) => checkoutSettingsFor(db, businessId),

    async update(ctx: BusinessContext, body: UpdateCheckoutSettingsBody): Promise<CheckoutSettings> {
      const businessId = ctx.business.row.id;
      await db.transaction(async (tx) => {
        const before = settingsOf(await repo.settings(tx, businessId));
        const now = clock.now();
        await repo.saveSettings(tx, {
          businessId,
          brandColor: body.brand_color,
          settlementDelayDays: body.settlement_delay_days,
          sendReceipts: body.send_receipts,
          updatedAt: now,
        });
        const changed = (Object.keys(body) as (keyof UpdateCheckoutSettingsBody)[]).filter((k) => body[k] !== before[k]);
        if (changed.length === 0) return;
        await audit.record(tx, ctx, {
          action: 'checkout_settings.updated',
          description: `Changed the checkout ${changed.map((k) => k.replace(/_/g, ' ')).join(', ')}`,
          actorUserId: ctx.user.id,
          businessId,
          objectType: 'checkout_settings',
          objectId: businessId,
          meta: { changes: Object.fromEntries(changed.map((k) => [k, { from: before[k], to: body[k] }])) },
        });
      });
      return view(businessId);
    },

    async uploadLogo(ctx: BusinessContext, file: { bytes: Buffer }): Promise<Logo> {
      const businessId = ctx.business.row.id;
      if (file.bytes.length === 0) throw fieldError('LOGO_INVALID', 'file', 'The file is empty.');
      if (file.bytes.length > MAX_LOGO_BYTES) throw fieldError('LOGO_TOO_LARGE', 'file', `The logo is larger than ${MAX_LOGO_SIZE_LABEL}.`);
      const ext = sniffLogoType(file.bytes);
      if (!ext) throw fieldError('LOGO_INVALID', 'file', 'The logo must be a PNG, JPEG or WebP image.');
      const id = newId();
      const name = `${id}.${ext}`;
      await files.save(businessId, id, file.bytes);
      try {
        return await replaceLogo(ctx, { url: logoPath('app', businessId, name), ext, size: file.bytes.length });
      } catch (error) {
        await files.remove(businessId, id);
        throw error;
      }
    },

    removeLogo: (ctx: BusinessContext) => replaceLogo(ctx, null),

    /** What documents about the business show (the invoice PDF): its name, brand colour and logo bytes, if any. */
    /** What an invoice's PDF prints of its seller: name, colour and logo, and from the business details its address and tax number. */
    async brandAssets(businessId: string): Promise<{
      name: string;
      brandColor: string;
      logo: { bytes: Buffer; type: LogoExtension } | null;
      address: string[];
      taxNumber: string | null;
      timeZone: string;
    }> {
      const [business, row] = await Promise.all([repo.business(db, businessId), repo.settings(db, businessId)]);
      const file = business?.logoUrl ? fileOf(business.logoUrl) : null;
      const opened = file ? await files.open(businessId, idOf(file)) : null;
      const logo = file && opened ? { bytes: await buffer(opened.stream), type: file.slice(file.indexOf('.') + 1) as LogoExtension } : null;
      const place = [business?.addressCity, business?.addressState, business?.addressPostalCode].filter(Boolean).join(' ');
      const address = [business?.addressLine1, business?.addressLine2, place].filter((line): line is string => Boolean(line));
      return {
        name: business?.name ?? '',
        brandColor: settingsOf(row).brand_color,
        logo,
        address,
        taxNumber: business?.taxNumber ?? null,
        timeZone: business?.timeZone ?? DEFAULT_TIME_ZONE,
      };
    },

    /** The current logo of a business as a stream; any other file (documents included) is not found. */
    async openLogo(businessId: string, file: string) {
      const business = await repo.business(db, businessId);
      const current = business?.logoUrl ? fileOf(business.logoUrl) : null;
      const opened = current === file ? await files.open(businessId, idOf(file)) : null;
      if (!opened) throw new AppError('LOGO_NOT_FOUND', 'Logo not found.');
      const ext = file.slice(file.indexOf('.') + 1) as LogoExtension;
      return { ...opened, contentType: LOGO_TYPES[ext].contentType };
    },
  };
}

export type CheckoutCustomisationService = ReturnType<typeof createCheckoutCustomisationService>;
