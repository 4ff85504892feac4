import { z } from 'zod';

const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  BIND_HOST: z.string().default('0.0.0.0'),
  /** Base domain of the per-kind hosts (spec 9): invoice.<base>, shop.<base>, ... */
  BASE_DOMAIN: z.string().default('localhost'),
  /** The dashboard origin as people reach it; used in mailed links. */
  PUBLIC_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Merchant Dashboard <no-reply@merchant.test>'),
  DEMO_DATA: z.enum(['on', 'off']).default('on'),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(120),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().default('development'),
  WEB_DIST: z.string().optional(),
});

export interface AppConfig {
  port: number;
  bindHost: string;
  baseDomain: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  demoData: boolean;
  sessionIdleMinutes: number;
  trustProxy: boolean;
  logLevel: string;
  production: boolean;
  /** The dev mailbox page exists only when no SMTP server is configured and not in production. */
  devMailbox: boolean;
  webDist: string | undefined;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const production = c.NODE_ENV === 'production';
  return {
    port: c.PORT,
    bindHost: c.BIND_HOST,
    baseDomain: c.BASE_DOMAIN,
    publicUrl: (c.PUBLIC_URL ?? `http://${c.BASE_DOMAIN}:${c.PORT}`).replace(/\/$/, ''),
    dataDir: c.DATA_DIR,
    databaseUrl: c.DATABASE_URL || undefined,
    smtpUrl: c.SMTP_URL || undefined,
    mailFrom: c.MAIL_FROM,
    demoData: c.DEMO_DATA === 'on',
    sessionIdleMinutes: c.SESSION_IDLE_MINUTES,
    trustProxy: c.TRUST_PROXY === 'true',
    logLevel: c.LOG_LEVEL,
    production,
    devMailbox: !c.SMTP_URL && !production,
    webDist: c.WEB_DIST,
  };
}

/** A config for tests: everything default, no demo data. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return { ...loadConfig({ DEMO_DATA: 'off', LOG_LEVEL: 'silent' }), ...overrides };
}
