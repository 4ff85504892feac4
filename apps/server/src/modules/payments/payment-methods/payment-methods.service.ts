import { AppError } from '@merchant/core';
import {
  DEFAULT_METHOD_SETTINGS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_PROVIDERS,
  PROVIDER_INFO,
  connectionStatusFor,
  providerFlagsOf,
  providerSettingsIssues,
  type ConnectProviderBody,
  type PaymentMethodSetting,
  type PaymentMethods,
  type PaymentProvider,
  type ProviderConnection,
  type UpdatePaymentMethodsBody,
} from '@merchant/payments';
import type { Executor } from '@/db/client';
import type { BusinessContext } from '@/http/context';
import { appSecret } from '@/lib/app-secrets';
import type { Clock } from '@/lib/clock';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import type { BusinessService } from '@/modules/business/business/business.service';
import { secretBox, type SecretBox } from '@/lib/secret-box';
import { storedSettings, type StoredProviderSettings as StoredSettings } from './provider-secrets';
import { paymentMethodsRepository as repo, type ConnectionRow } from './payment-methods.repository';

/** Every method in checkout order: the saved rows, or the defaults before the first save. */
export async function methodSettings(db: Executor, businessId: string): Promise<PaymentMethodSetting[]> {
  const rows = await repo.methodSettings(db, businessId);
  if (rows.length === 0) return DEFAULT_METHOD_SETTINGS.map((m) => ({ ...m }));
  const saved = rows.map((r) => ({ method: r.method, enabled: r.enabled, pass_fee_to_customer: r.passFeeToCustomer }));
  // A method added to the package after the business saved comes last, on.
  const missing = DEFAULT_METHOD_SETTINGS.filter((d) => !saved.some((s) => s.method === d.method));
  return [...saved, ...missing];
}

/** For the hosted checkout: the methods the business offers, in its order, with their pass-fee flags. */
export async function methodsForCheckout(db: Executor, businessId: string): Promise<PaymentMethodSetting[]> {
  return (await methodSettings(db, businessId)).filter((m) => m.enabled);
}

function presentConnection(provider: PaymentProvider, row: ConnectionRow | undefined | null): ProviderConnection {
  const settings = (row?.status === 'disconnected' ? null : row?.settings) as Partial<StoredSettings> | null | undefined;
  return {
    provider,
    status: row ? row.status : 'not_connected',
    account_id: settings?.account_id ?? null,
    publishable_key: settings?.publishable_key ?? null,
    secret_key_last4: settings?.secret_key_last4 ?? null,
    updated_at: row ? row.updatedAt.toISOString() : null,
  };
}

/**
 * Payment methods and provider connections. Every change is audited; a connection change also rewrites
 * the business's `stripe_enabled`, `xendit_enabled` and `active_providers` (spec 3) in its transaction.
 */
export function createPaymentMethodsService(deps: {
  db: Executor;
  clock: Clock;
  audit: AuditService;
  /** The business's row is the business module's: its providers' flags change through it. */
  business: Pick<BusinessService, 'lock' | 'update'>;
}) {
  const { db, clock, audit } = deps;
  let box: Promise<SecretBox> | null = null;
  const secrets = () => (box ??= appSecret(db, 'provider_secret_key', clock.now()).then(secretBox));

  async function view(businessId: string): Promise<PaymentMethods> {
    const [methods, connections] = await Promise.all([methodSettings(db, businessId), repo.connections(db, businessId)]);
    return {
      methods,
      providers: PAYMENT_PROVIDERS.map((p) =>
        presentConnection(
          p,
          connections.find((c) => c.provider === p),
        ),
      ),
    };
  }

  /** Rewrites the business flags from its connections (inside the transaction that changed one). */
  async function syncFlags(tx: Executor, businessId: string): Promise<void> {
    const connected = (await repo.connections(tx, businessId)).filter((c) => c.status === 'connected').map((c) => c.provider as PaymentProvider);
    const flags = providerFlagsOf(connected);
    await deps.business.update(tx, businessId, {
      stripeEnabled: flags.stripe_enabled,
      xenditEnabled: flags.xendit_enabled,
      activeProviders: flags.active_providers,
      updatedAt: clock.now(),
    });
  }

  return {
    view,
    methodsForCheckout: (businessId: string) => methodsForCheckout(db, businessId),

    async update(ctx: BusinessContext, body: UpdatePaymentMethodsBody): Promise<PaymentMethods> {
      const businessId = ctx.business.row.id;
      await db.transaction(async (tx) => {
        const before = await methodSettings(tx, businessId);
        await repo.saveMethodSettings(
          tx,
          businessId,
          body.methods.map((m, position) => ({ method: m.method, enabled: m.enabled, passFeeToCustomer: m.pass_fee_to_customer, position })),
          clock.now(),
        );
        const on = body.methods.filter((m) => m.enabled).map((m) => PAYMENT_METHOD_LABELS[m.method]);
        await audit.record(tx, ctx, {
          action: 'payment_methods.updated',
          description: `Changed the payment methods: ${on.join(', ')} offered, in that order`,
          actorUserId: ctx.user.id,
          businessId,
          objectType: 'payment_methods',
          objectId: businessId,
          meta: { before, after: body.methods },
        });
      });
      return view(businessId);
    },

    async connect(ctx: BusinessContext, provider: PaymentProvider, body: ConnectProviderBody): Promise<ProviderConnection> {
      const businessId = ctx.business.row.id;
      const issues = providerSettingsIssues(provider, body);
      if (issues.length > 0) throw new AppError('PROVIDER_SETTINGS_INVALID', `Check the ${PROVIDER_INFO[provider].label} settings.`, issues);
      const box = await secrets();
      const row = await db.transaction(async (tx) => {
        await deps.business.lock(tx, businessId);
        const current = await repo.connection(tx, businessId, provider);
        const stored = current?.status === 'disconnected' ? null : (current?.settings as StoredSettings | undefined);
        const secret = body.secret_key || (stored ? box.open(stored.secret_key_sealed) : '');
        if (!secret) {
          throw new AppError('PROVIDER_SETTINGS_INVALID', `Enter the ${PROVIDER_INFO[provider].fields.secret_key.label.toLowerCase()}.`, [
            { path: 'secret_key', message: `Enter the ${PROVIDER_INFO[provider].fields.secret_key.label.toLowerCase()}` },
          ]);
        }
        const mismatch = providerSettingsIssues(provider, { ...body, secret_key: secret });
        if (mismatch.length > 0) throw new AppError('PROVIDER_SETTINGS_INVALID', `Check the ${PROVIDER_INFO[provider].label} settings.`, mismatch);
        const status = connectionStatusFor(provider, { publishable_key: body.publishable_key, secret_key: secret });
        const settings = body.secret_key
          ? storedSettings(box, { account_id: body.account_id, publishable_key: body.publishable_key, secret_key: secret })
          : { ...stored!, account_id: body.account_id, publishable_key: body.publishable_key };
        const now = clock.now();
        const saved = await repo.saveConnection(tx, { businessId, provider, status, settings: { ...settings }, createdAt: now, updatedAt: now });
        await syncFlags(tx, businessId);
        await audit.record(tx, ctx, {
          action: status === 'connected' ? 'payment_provider.connected' : 'payment_provider.pending',
          description:
            status === 'connected'
              ? `Connected ${PROVIDER_INFO[provider].label} (account ${body.account_id}, test mode)`
              : `Saved live ${PROVIDER_INFO[provider].label} keys (account ${body.account_id}); waiting for the provider to confirm`,
          actorUserId: ctx.user.id,
          businessId,
          objectType: 'provider_connection',
          objectId: provider,
          meta: { before: current?.status ?? 'not_connected', after: status, account_id: body.account_id, secret_key_changed: Boolean(body.secret_key) },
        });
        return saved;
      });
      return presentConnection(provider, row);
    },

    async disconnect(ctx: BusinessContext, provider: PaymentProvider): Promise<ProviderConnection> {
      const businessId = ctx.business.row.id;
      const row = await db.transaction(async (tx) => {
        await deps.business.lock(tx, businessId);
        const current = await repo.connection(tx, businessId, provider);
        if (!current || current.status === 'disconnected') {
          throw new AppError('PROVIDER_NOT_CONNECTED', `${PROVIDER_INFO[provider].label} is not connected.`);
        }
        const now = clock.now();
        // The keys are forgotten: nothing of the account stays but the fact it was disconnected.
        const saved = await repo.saveConnection(tx, { businessId, provider, status: 'disconnected', settings: {}, createdAt: now, updatedAt: now });
        await syncFlags(tx, businessId);
        await audit.record(tx, ctx, {
          action: 'payment_provider.disconnected',
          description: `Disconnected ${PROVIDER_INFO[provider].label}`,
          actorUserId: ctx.user.id,
          businessId,
          objectType: 'provider_connection',
          objectId: provider,
          meta: { before: current.status, after: 'disconnected' },
        });
        return saved;
      });
      return presentConnection(provider, row);
    },
  };
}

export type PaymentMethodsService = ReturnType<typeof createPaymentMethodsService>;
