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
import { createGuestTokens, installSessionLoader } from './http/session-cookie';
import { installWebDelivery } from './http/web-delivery';
import { appSecret } from './lib/app-secrets';
import { systemClock, type Clock } from './lib/clock';
import { newId } from './lib/crypto';
import { createRateLimiter } from './lib/rate-limit';
import { createMailer, type Mailer } from './mail/mailer';
import { compose, type Platform } from './modules/module';
import { createAuditService } from './modules/platform/audit/audit.service';
import { devMailboxModule } from './modules/platform/dev-mailbox/dev-mailbox.module';
import { sessionModule } from './modules/identity/session/session.module';
import { authModule } from './modules/identity/auth/auth.module';
import { userModule } from './modules/identity/user/user.module';
import { businessModule } from './modules/business/business/business.module';
import { businessDetailsModule } from './modules/business/details/business-details.module';
import { onboardingModule } from './modules/business/onboarding/onboarding.module';
import { verificationModule } from './modules/business/verification/verification.module';
import { staffModule } from './modules/business/staff/staff.module';
import { auditLogModule } from './modules/business/audit-log/audit-log.module';
import { notificationSettingsModule } from './modules/business/notification-settings/notification-settings.module';
import { emailTemplatesModule } from './modules/business/email-templates/email-templates.module';
import { sourcePaymentsModule } from './modules/payments/source-payments/source-payments.module';
import { paymentLinksModule } from './modules/payments/payment-links/payment-links.module';
import { staticQrCodesModule } from './modules/payments/static-qr-codes/static-qr-codes.module';

export interface BuildAppOptions {
  config: AppConfig;
  db: Executor;
  /** The database's change feed; without it nothing is cached (every request reads its session). */
  changes?: ChangeFeed;
  clock?: Clock;
  logger?: Logger;
  mailer?: Mailer;
}

/**
 * The module list: each module is built with the platform and the services of the modules above it (a
 * module whose needs are not met above it does not type-check), then each registers its routes.
 */
function composeModules(platform: Platform) {
  return compose(platform)
    .use(businessModule)
    .use(sessionModule)
    .use(businessDetailsModule)
    .use(onboardingModule)
    .use(verificationModule)
    .use(staffModule)
    .use(auditLogModule)
    .use(notificationSettingsModule)
    .use(emailTemplatesModule)
    .use(sourcePaymentsModule)
    .use(paymentLinksModule)
    .use(staticQrCodesModule)
    .use(authModule)
    .use(userModule)
    .use(devMailboxModule);
}

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** The composition root: every dependency is passed in, so tests build the real app on a test database. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  configureZodMessages();
  const { config, db } = options;
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? pino({ level: config.logLevel });
  const mailer = options.mailer ?? createMailer({ db, clock, logger, smtpUrl: config.smtpUrl, from: config.mailFrom });
  const platform: Platform = {
    db,
    clock,
    config,
    changes: options.changes,
    mailer,
    limiter: createRateLimiter({ db, clock }),
    audit: createAuditService({ clock }),
  };
  const modules = composeModules(platform);
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
  installSessionLoader(app, { sessions: modules.services.sessions, guestTokens });
  modules.registerRoutes({ app, db, clock, config, secureCookies, guestTokens });

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  app.get('/healthz', { schema: { hide: true } }, async () => ({ ok: true }));

  // The built dashboard: static assets, and index.html for every other GET or HEAD of a page.
  installWebDelivery(app, config.webDist ?? DEFAULT_WEB_DIST);
  return app;
}
