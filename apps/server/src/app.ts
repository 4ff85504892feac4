import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import pino, { type Logger } from 'pino';
import { configureZodMessages } from '@merchant/core';
import { MAX_DOCUMENT_BYTES } from '@merchant/business';
import type { AppConfig } from './config';
import type { ChangeFeed } from './db/change-feed';
import type { Executor } from './db/client';
import { frameworkErrorHandler, installErrorHandler } from './http/errors';
import { installSecurityHeaders } from './http/security-headers';
import { createGuestTokens, installSessionLoader, type GuestTokens } from './http/session-cookie';
import { installWebDelivery } from './http/web-delivery';
import { appSecret } from './lib/app-secrets';
import { systemClock, type Clock } from './lib/clock';
import { newId } from './lib/crypto';
import { createRateLimiter } from './lib/rate-limit';
import { createFileStore } from './lib/file-store';
import { createMailer, type Mailer } from './mail/mailer';
import { devMailboxRoutes } from './mail/dev-mailbox.routes';
import { businessRoutes } from './modules/business/business/business.routes';
import { onboardingRoutes } from './modules/business/onboarding/onboarding.routes';
import { createOnboardingService } from './modules/business/onboarding/onboarding.service';
import { verificationRoutes } from './modules/business/verification/verification.routes';
import { createVerificationService } from './modules/business/verification/verification.service';
import { createBusinessService } from './modules/business/business/business.service';
import { businessDetailsRoutes } from './modules/business/details/business-details.routes';
import { createBusinessDetailsService } from './modules/business/details/business-details.service';
import { staffRoutes } from './modules/business/staff/staff.routes';
import { createStaffService } from './modules/business/staff/staff.service';
import { createAuditService } from './modules/identity/audit/audit.service';
import { auditLogRoutes } from './modules/business/audit-log/audit-log.routes';
import { createBusinessAuditLogService } from './modules/business/audit-log/audit-log.service';
import { notificationSettingsRoutes } from './modules/business/notification-settings/notification-settings.routes';
import { createNotificationSettingsService } from './modules/business/notification-settings/notification-settings.service';
import { emailTemplatesRoutes } from './modules/business/email-templates/email-templates.routes';
import { createEmailTemplatesService } from './modules/business/email-templates/email-templates.service';
import { authRoutes } from './modules/identity/auth/auth.routes';
import { createAuthService } from './modules/identity/auth/auth.service';
import { createSessionCache } from './modules/identity/session/session-cache';
import { createSessionService } from './modules/identity/session/session.service';
import { loadUserHome } from './modules/identity/user/user.presenter';
import { userRoutes } from './modules/identity/user/user.routes';
import { createUserService } from './modules/identity/user/user.service';

export interface BuildAppOptions {
  config: AppConfig;
  db: Executor;
  /** The database's change feed; without it nothing is cached (every request reads its session). */
  changes?: ChangeFeed;
  clock?: Clock;
  logger?: Logger;
  mailer?: Mailer;
}

function createServices(db: Executor, config: AppConfig, clock: Clock, mailer: Mailer, changes: ChangeFeed | undefined) {
  const audit = createAuditService({ clock });
  const cache = createSessionCache(changes);
  const sessions = createSessionService({ db, clock, idleMinutes: config.sessionIdleMinutes, cache, loadHome: loadUserHome });
  const limiter = createRateLimiter({ db, clock });
  const business = createBusinessService({ db, clock, audit, baseDomain: config.baseDomain });
  const auth = createAuthService({ db, clock, sessions, audit, mailer, limiter, business, publicUrl: config.publicUrl });
  const users = createUserService({ db, clock, audit, sessions, auth });
  const onboarding = createOnboardingService({ db, clock, audit, files: createFileStore(join(config.dataDir, 'uploads')) });
  const verification = createVerificationService({ db, clock, audit, mailer, onboarding, publicUrl: config.publicUrl });
  const staff = createStaffService({ db, clock, audit, mailer, publicUrl: config.publicUrl });
  const businessDetails = createBusinessDetailsService({ db, clock, audit });
  const businessAuditLog = createBusinessAuditLogService({ db, clock, audit });
  const notificationSettings = createNotificationSettingsService({ db, clock, audit });
  const emailTemplates = createEmailTemplatesService({ db, clock, audit, mailer, limiter });
  return { audit, sessions, limiter, business, auth, users, mailer, onboarding, verification, staff, businessDetails, businessAuditLog, notificationSettings, emailTemplates };
}

export type Services = ReturnType<typeof createServices>;

/** What route modules receive. */
export interface AppDeps {
  db: Executor;
  config: AppConfig;
  clock: Clock;
  services: Services;
  secureCookies: boolean;
  guestTokens: GuestTokens;
}

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** The composition root: every dependency is passed in, so tests build the real app on a test database. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  configureZodMessages();
  const { config, db } = options;
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? pino({ level: config.logLevel });
  const mailer = options.mailer ?? createMailer({ db, clock, logger, smtpUrl: config.smtpUrl, from: config.mailFrom });
  const services = createServices(db, config, clock, mailer, options.changes);
  const secureCookies = config.publicUrl.startsWith('https://');
  const headers = { https: secureCookies };

  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    trustProxy: config.trustProxy,
    genReqId: () => newId(),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: frameworkErrorHandler(headers),
  });
  app.decorate('endpoints', []);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  installSecurityHeaders(app, headers);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Merchant Dashboard API', version: '1.0.0' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'md_session' },
          csrf: { type: 'apiKey', in: 'header', name: 'X-CSRF-TOKEN' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(cookie);
  // Verification documents: one file per request, refused above the limit (checked again per part).
  await app.register(multipart, { limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 5, parts: 6 } });
  const guestTokens = createGuestTokens(await appSecret(db, 'guest_csrf_key', clock.now()));
  installSessionLoader(app, { sessions: services.sessions, guestTokens });

  const deps: AppDeps = { db, config, clock, services, secureCookies, guestTokens };
  authRoutes(app, deps);
  userRoutes(app, deps);
  businessRoutes(app, deps);
  onboardingRoutes(app, deps);
  verificationRoutes(app, deps);
  staffRoutes(app, deps);
  businessDetailsRoutes(app, deps);
  auditLogRoutes(app, deps);
  notificationSettingsRoutes(app, deps);
  emailTemplatesRoutes(app, deps);
  if (config.devMailbox) devMailboxRoutes(app, deps);

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  app.get('/healthz', { schema: { hide: true } }, async () => ({ ok: true }));

  // The built dashboard: static assets, and index.html for every other GET or HEAD of a page.
  installWebDelivery(app, config.webDist ?? DEFAULT_WEB_DIST);
  return app;
}
