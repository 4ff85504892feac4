import { AppError, fieldError } from '@merchant/core';
import {
  STORE_ONBOARDING_STEPS,
  type ConnectStoreDomainBody,
  type DnsRecord,
  type StoreDomain,
  type StoreMailEvent,
  type StoreOnboarding,
  type StoreSettings,
  type StoreSettingsInput,
  type StoreSettingsValues,
} from '@merchant/catalogue';
import type { Executor } from '@/db/client';
import { uniqueViolationOf } from '@/db/unique-violation';
import type { BusinessContext } from '@/http/context';
import type { Clock } from '@/lib/clock';
import { randomToken } from '@/lib/crypto';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import { methodsForCheckout } from '@/modules/payments/payment-methods/payment-methods.service';
import { systemResolver, type DomainResolver } from './domain-resolver';
import { storeCatalogueReadiness } from '@/modules/catalogue/products/store-readiness.read-model';
import { shippingReadiness } from '@/modules/store/shipping/shipping-readiness.read-model';
import { storeSettingsRepository as repo, type DomainRow } from './store-settings.repository';
import { settingsOf } from './store-settings.types';

export { settingsOf };

/** The TXT record's name is this label before the domain; its value this prefix before the token. */
export const VERIFICATION_LABEL = '_merchant-verification';
export const VERIFICATION_PREFIX = 'merchant-verification=';
/** A DNS lookup that takes longer is a failed check ("try again"), never a hanging request. */
const LOOKUP_TIMEOUT_MS = 5000;

const sameHost = (a: string, b: string) => a.replace(/\.$/, '').toLowerCase() === b.replace(/\.$/, '').toLowerCase();

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('DNS lookup timed out')), LOOKUP_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The online store's settings, custom domain and opening steps (docs/online-store.md, "Store settings, domain and
 * onboarding"). Every change is audited in its transaction; the storefront is purged before the answer is sent (the store's
 * purge hook, `purgeKindsOf`).
 */
export function createStoreSettingsService(deps: {
  db: Executor;
  clock: Clock;
  audit: AuditService;
  /** The base domain of the hosts (`shop.<base>` is the CNAME target). */
  baseDomain: string;
  /** The app's public address: a storefront's address keeps its scheme and port. */
  publicUrl: string;
}) {
  const { db, clock, audit } = deps;
  let resolver: DomainResolver = systemResolver;
  const shopTarget = `shop.${deps.baseDomain}`;
  const originOf = (hostname: string) => {
    const url = new URL(deps.publicUrl);
    url.hostname = hostname;
    return url.origin;
  };

  /** The storefront's address: the verified custom domain, else the shop host. */
  const storefrontUrl = (d: Pick<DomainRow, 'identifier' | 'customDomain' | 'customDomainVerified'>) =>
    originOf(d.customDomain && d.customDomainVerified ? d.customDomain : `${d.identifier}.shop.${deps.baseDomain}`);

  function recordsOf(d: DomainRow): DnsRecord[] {
    if (!d.customDomain || !d.customDomainToken) return [];
    const problem = d.customDomainProblem ?? '';
    const checked = d.customDomainCheckedAt !== null;
    return [
      {
        type: 'CNAME',
        name: d.customDomain,
        value: shopTarget,
        found: d.customDomainVerified || (checked && !problem.includes('CNAME') && !problem.includes('lookup failed')),
      },
      {
        type: 'TXT',
        name: `${VERIFICATION_LABEL}.${d.customDomain}`,
        value: `${VERIFICATION_PREFIX}${d.customDomainToken}`,
        found: d.customDomainVerified || (checked && !problem.includes('TXT') && !problem.includes('lookup failed')),
      },
    ];
  }

  function presentDomain(d: DomainRow): StoreDomain {
    const verified = Boolean(d.customDomain) && d.customDomainVerified;
    return {
      business_shop_domain: d.customDomain,
      app_shop_domain: `${d.identifier}.shop.${deps.baseDomain}`,
      app_api_shop_domain: shopTarget,
      is_domain_verified: verified,
      status: !d.customDomain ? 'none' : verified ? 'verified' : 'pending',
      records: recordsOf(d),
      checked_at: d.customDomainCheckedAt ? d.customDomainCheckedAt.toISOString() : null,
      problem: d.customDomainProblem,
    };
  }

  function present(settings: StoreSettingsValues, d: DomainRow): StoreSettings {
    return { ...settings, business_name: d.name, business_logo_url: d.logoUrl, storefront_url: storefrontUrl(d) };
  }

  /** What the DNS says about a domain now: null when both records are there, else what is missing, in words. */
  async function lookUp(domain: string, token: string): Promise<string | null> {
    const problems: string[] = [];
    try {
      const [cnames, txts] = [await withTimeout(resolver.resolveCname(domain)), await withTimeout(resolver.resolveTxt(`${VERIFICATION_LABEL}.${domain}`))];
      if (!cnames.some((c) => sameHost(c, shopTarget)))
        problems.push(
          cnames.length === 0 ? `No CNAME record for ${domain} yet.` : `The CNAME record of ${domain} points to ${cnames.join(', ')}, not ${shopTarget}.`,
        );
      if (!txts.some((parts) => parts.join('').trim() === `${VERIFICATION_PREFIX}${token}`))
        problems.push(`No TXT record ${VERIFICATION_LABEL}.${domain} with the verification value yet.`);
    } catch {
      return 'The DNS lookup failed. Try again in a few minutes.';
    }
    return problems.length === 0 ? null : `${problems.join(' ')} DNS changes can take up to a few hours to show.`;
  }

  return {
    /** Tests look domains up through a resolver they control. */
    useResolver(next: DomainResolver): void {
      resolver = next;
    },

    storefrontUrl,

    /** Which order mails go to the customer and to the staff (read in the order step's transaction). */
    async mailsOf(executor: Executor, businessId: string): Promise<{ customer: StoreMailEvent[]; merchant: StoreMailEvent[] }> {
      const s = settingsOf(await repo.find(executor, businessId));
      return { customer: s.customer_mails, merchant: s.merchant_mails };
    },

    async get(ctx: BusinessContext): Promise<StoreSettings> {
      const businessId = ctx.business.row.id;
      return present(settingsOf(await repo.find(db, businessId)), await repo.domain(db, businessId));
    },

    async update(ctx: BusinessContext, body: StoreSettingsInput): Promise<StoreSettings> {
      const businessId = ctx.business.row.id;
      return db.transaction(async (tx) => {
        const before = settingsOf(await repo.find(tx, businessId));
        await repo.upsert(tx, {
          businessId,
          storeName: body.store_name,
          logoUrl: body.logo_url,
          currencyDisplay: body.currency_display,
          phoneField: body.phone_field,
          noteField: body.note_field,
          refundPolicy: body.policies.refund,
          privacyPolicy: body.policies.privacy,
          termsPolicy: body.policies.terms,
          isOpen: body.is_open,
          closedMessage: body.closed_message,
          customerMails: body.customer_mails,
          merchantMails: body.merchant_mails,
          recoveryMails: body.recovery_mails ?? before.recovery_mails,
          updatedByUserId: ctx.user.id,
          updatedAt: clock.now(),
        });
        const changed = (Object.keys(body) as (keyof StoreSettingsInput)[]).filter((k) => JSON.stringify(body[k]) !== JSON.stringify(before[k]));
        const opened = before.is_open !== body.is_open ? (body.is_open ? ' The store is open.' : ' The store is closed.') : '';
        await audit.record(tx, ctx, {
          action: 'store_settings.updated',
          description: `Changed the store settings${changed.length ? `: ${changed.join(', ').replace(/_/g, ' ')}` : ''}.${opened}`,
          actorUserId: ctx.user.id,
          businessId,
          objectType: 'store_settings',
          objectId: businessId,
          meta: { changed },
        });
        return present({ ...body, recovery_mails: body.recovery_mails ?? before.recovery_mails }, await repo.domain(tx, businessId));
      });
    },

    async domain(ctx: BusinessContext): Promise<StoreDomain> {
      return presentDomain(await repo.domain(db, ctx.business.row.id));
    },

    /** Connects a domain (a new token, unverified); the same domain again keeps its token and status. */
    async connectDomain(ctx: BusinessContext, body: ConnectStoreDomainBody): Promise<StoreDomain> {
      const businessId = ctx.business.row.id;
      const domain = body.domain;
      if (domain === deps.baseDomain || domain.endsWith(`.${deps.baseDomain}`))
        throw fieldError('VALIDATION_FAILED', 'domain', `Use a domain of your own: addresses under ${deps.baseDomain} are ours`);
      const taken = () => new AppError('STORE_DOMAIN_TAKEN', 'Another store has connected this domain. Ask us if it is yours.');
      try {
        return await db.transaction(async (tx) => {
          const current = await repo.domain(tx, businessId, true);
          if (current.customDomain && sameHost(current.customDomain, domain)) return presentDomain(current);
          if (await repo.domainHeldByOther(tx, businessId, domain)) throw taken();
          const now = clock.now();
          const row = await repo.setDomain(
            tx,
            businessId,
            { customDomain: domain, customDomainVerified: false, customDomainToken: randomToken(18), customDomainCheckedAt: null, customDomainProblem: null },
            now,
          );
          await audit.record(tx, ctx, {
            action: 'store_domain.connected',
            description: `Connected the domain ${domain} to the online store${current.customDomain ? ` (was ${current.customDomain})` : ''}`,
            actorUserId: ctx.user.id,
            businessId,
            objectType: 'store_domain',
            objectId: businessId,
            meta: { domain, before: current.customDomain },
          });
          return presentDomain(row);
        });
      } catch (error) {
        if (uniqueViolationOf(error) === 'businesses_custom_domain_key') throw taken();
        throw error;
      }
    },

    /** Looks the records up (outside any transaction), then records what was found; verified when both are there. */
    async verifyDomain(ctx: BusinessContext): Promise<StoreDomain> {
      const businessId = ctx.business.row.id;
      const asked = await repo.domain(db, businessId);
      if (!asked.customDomain || !asked.customDomainToken) throw new AppError('STORE_DOMAIN_NOT_CONNECTED', 'Connect a domain first.');
      const problem = await lookUp(asked.customDomain, asked.customDomainToken);
      return db.transaction(async (tx) => {
        const current = await repo.domain(tx, businessId, true);
        // The domain changed while we looked: the answer is about another domain, so nothing is recorded.
        if (current.customDomain !== asked.customDomain || current.customDomainToken !== asked.customDomainToken) return presentDomain(current);
        const verified = problem === null;
        const row = await repo.setDomain(
          tx,
          businessId,
          { customDomainVerified: verified, customDomainCheckedAt: clock.now(), customDomainProblem: problem },
          clock.now(),
        );
        if (verified !== current.customDomainVerified) {
          await audit.record(tx, ctx, {
            action: verified ? 'store_domain.verified' : 'store_domain.unverified',
            description: verified
              ? `Verified the domain ${current.customDomain}: the store answers on it`
              : `The domain ${current.customDomain} failed its check: ${problem}`,
            actorUserId: ctx.user.id,
            businessId,
            objectType: 'store_domain',
            objectId: businessId,
            meta: { domain: current.customDomain, problem },
          });
        }
        return presentDomain(row);
      });
    },

    async removeDomain(ctx: BusinessContext): Promise<StoreDomain> {
      const businessId = ctx.business.row.id;
      return db.transaction(async (tx) => {
        const current = await repo.domain(tx, businessId, true);
        if (!current.customDomain) return presentDomain(current);
        const row = await repo.setDomain(
          tx,
          businessId,
          { customDomain: null, customDomainVerified: false, customDomainToken: null, customDomainCheckedAt: null, customDomainProblem: null },
          clock.now(),
        );
        await audit.record(tx, ctx, {
          action: 'store_domain.removed',
          description: `Disconnected the domain ${current.customDomain} from the online store`,
          actorUserId: ctx.user.id,
          businessId,
          objectType: 'store_domain',
          objectId: businessId,
          meta: { domain: current.customDomain },
        });
        return presentDomain(row);
      });
    },

    /** The steps to open the store, each from the business's data now. */
    async onboarding(ctx: BusinessContext): Promise<StoreOnboarding> {
      const businessId = ctx.business.row.id;
      const ready = { ...(await storeCatalogueReadiness(db, businessId)), ...(await shippingReadiness(db, businessId)) };
      const settings = settingsOf(await repo.find(db, businessId));
      const d = await repo.domain(db, businessId);
      const methods = await methodsForCheckout(db, businessId);
      const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
      const logo = settings.logo_url ?? d.logoUrl;
      const steps: StoreOnboarding['steps'] = STORE_ONBOARDING_STEPS.map((key) => {
        switch (key) {
          case 'products':
            return {
              key,
              title: 'Add products',
              description: 'Products on the online store channel, sold from the store’s location.',
              done: ready.products > 0 && ready.hasStoreLocation,
              detail: !ready.hasStoreLocation
                ? `${plural(ready.products, 'product', 'products')} on sale online, but no store location: choose the location the store sells from (Locations, Settings).`
                : `${plural(ready.products, 'product', 'products')} on sale online.`,
              optional: false,
            };
          case 'design':
            return {
              key,
              title: 'Design your store',
              description: 'Your store’s name and logo on every page.',
              done: Boolean(logo),
              detail: logo ? `The store shows ${settings.store_name ?? d.name} with its logo.` : 'No logo yet: add one in the store settings or business info.',
              optional: false,
            };
          case 'shipping':
            return {
              key,
              title: 'Set up shipping or pickup',
              description: 'Shipping zones with their rates, or pickup points.',
              done: ready.shippingZones > 0 || ready.activePickups > 0,
              detail: `${plural(ready.shippingZones, 'shipping zone', 'shipping zones')}, ${plural(ready.activePickups, 'pickup point', 'pickup points')}.`,
              optional: false,
            };
          case 'payment_methods':
            return {
              key,
              title: 'Choose payment methods',
              description: 'How customers pay at the checkout.',
              done: methods.length > 0,
              detail: methods.length > 0 ? `${plural(methods.length, 'payment method', 'payment methods')} offered.` : 'No payment method is turned on.',
              optional: false,
            };
          case 'domain':
            return {
              key,
              title: 'Connect your domain',
              description: 'Optional: your store answers on its shop address until then.',
              done: Boolean(d.customDomain) && d.customDomainVerified,
              detail: !d.customDomain
                ? `Your store is at ${storefrontUrl(d)}.`
                : d.customDomainVerified
                  ? `${d.customDomain} is connected.`
                  : `${d.customDomain} is waiting for its DNS records.`,
              optional: true,
            };
        }
      });
      return { steps, done: steps.filter((s) => s.done).length, total: steps.length, storefront_url: storefrontUrl(d) };
    },
  };
}

export type StoreSettingsService = ReturnType<typeof createStoreSettingsService>;
