import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  ApiErrorBodySchema,
  endpointPath,
  type ApiErrorBody,
  type Endpoint,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponse,
} from '@merchant/core';
import { authEndpoints } from '@merchant/identity';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import pino, { type Logger } from 'pino';
import { inject } from 'vitest';
import { composeApp } from '../src/app';
import type { Services } from '../src/services';
import type { PaymentProvider } from '../src/modules/payments/processor/provider';
import type { PaymentSourceAdapter } from '../src/modules/payments/charges/charges.service';
import type { ProcessorFaults } from '../src/modules/payments/processor/test-provider';
import { testConfig, type AppConfig } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { fixedClock } from '../src/lib/clock';
import { useCheapPasswordHashesInTests } from '../src/lib/crypto';
import { totp } from '../src/lib/totp';

export { totp };

// Every API file imports this harness: its people's passwords are hashed at the least cost (src/lib/crypto.ts).
useCheapPasswordHashesInTests();

/**
 * A fresh, empty database migrated as the template of this run: on PostgreSQL a clone of the template database or one
 * an earlier file of this worker closed and emptied (`keptDatabases`), on the embedded database likewise (`embeddedClient`).
 */
export async function openTestDatabase(options: { onQuery?: (sql: string) => void; guardTransactions?: boolean } = {}): Promise<Database> {
  if ((process.env.TEST_DB_KIND ?? 'pglite') === 'postgres') {
    const adminUrl = process.env.TEST_PG_URL!;
    // The api-pgbouncer project: the app reaches its database through PgBouncer, the change feed past it. PgBouncer
    // keeps its own connections to a database after the app closes: those files' databases are dropped, not kept.
    const bouncer = inject('pgBouncerPort');
    const kept = bouncer ? undefined : keptDatabases.pop();
    if (kept) databaseReuse.count++;
    const name = kept ?? `${inject('pgTemplate')}_${randomBytes(6).toString('hex')}`;
    if (!kept) await (await adminClient(adminUrl)).query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    if (!bouncer) postgresTemplateShape ??= await postgresShapeOf(url.toString());
    const pooled = bouncer ? Object.assign(new URL(url), { port: String(bouncer) }).toString() : undefined;
    const database = await openDatabase({
      databaseUrl: pooled ?? url.toString(),
      ...(pooled ? { pooler: 'pgbouncer' as const, directUrl: url.toString() } : {}),
      poolSize: 4,
      // What would deadlock on the embedded database fails here too (db/transaction-guard.ts).
      guardTransactions: true,
      ...options,
    });
    return {
      ...database,
      close: async () => {
        await database.close();
        if (!bouncer && (await emptiedForNextFile(url.toString()))) keptDatabases.push(name);
        else await (await adminClient(adminUrl)).query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      },
    };
  }
  const client = await embeddedClient();
  const database = await openDatabase({ client, ...options });
  return {
    ...database,
    close: async () => {
      await database.close();
      await keepForNextFile(client);
    },
  };
}

/**
 * PostgreSQL databases this worker's earlier files closed, emptied back to the template's state: cloning the
 * template costs the server over a second per file (it copies 14 MB through its write-ahead log), emptying the
 * tables a file wrote a tenth of that. Named after the template, they go with it when the run ends (global-setup.ts).
 */
const keptDatabases: string[] = [];
let postgresTemplateShape: string | undefined;

/**
 * The worker's one connection to the PostgreSQL server's own database, which creates and drops its files'
 * databases: opened when first needed and kept for the worker's later files (a lost one is opened again).
 */
let admin: Promise<pg.Client> | undefined;
function adminClient(url: string): Promise<pg.Client> {
  if (!admin) {
    const client = new pg.Client({ connectionString: url });
    const opened = client.connect().then(() => client);
    const forget = () => {
      if (admin === opened) admin = undefined;
    };
    client.on('error', forget);
    client.on('end', forget);
    opened.catch(forget);
    admin = opened;
  }
  return admin;
}

/** How many times a file was given a kept database (read by test/harness-reuse.test.ts). */
export const databaseReuse = { count: 0 };

async function postgresShapeOf(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ shape: string }>(SHAPE_SQL)).rows[0]!.shape;
  } finally {
    await client.end();
  }
}

/**
 * Empties a PostgreSQL database a file closed as EMPTY_SQL does an embedded one, truncating only the tables that hold
 * rows (truncating all 170 makes new files for each and costs as much as a clone) and restarting every sequence used.
 * False when it could not (a connection still holding a lock) or a test changed the structure: the database is dropped.
 */
async function emptiedForNextFile(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, options: '-c lock_timeout=3000 -c statement_timeout=30000' });
  try {
    await client.connect();
    await client.query(`
      set session_replication_role = replica;
      select pgboss.delete_queue(name) from pgboss.queue;
      do $$ declare r record; held text := ''; any_row boolean; begin
        for r in select schemaname, tablename from pg_tables
          where schemaname in ('public', 'pgboss') and (schemaname, tablename) <> ('pgboss', 'version') loop
          execute format('select exists (select from %I.%I)', r.schemaname, r.tablename) into any_row;
          if any_row then held := held || case when held = '' then '' else ', ' end || format('%I.%I', r.schemaname, r.tablename); end if;
        end loop;
        if held <> '' then execute 'truncate ' || held || ' cascade'; end if;
        for r in select schemaname, sequencename from pg_sequences where schemaname in ('public', 'pgboss') and last_value is not null loop
          execute format('alter sequence %I.%I restart', r.schemaname, r.sequencename);
        end loop;
      end $$;`);
    return (await client.query<{ shape: string }>(SHAPE_SQL)).rows[0]!.shape === postgresTemplateShape;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Embedded databases this worker's earlier files closed, emptied back to the template's state. Loading the
 * template's dump (unpacking it and starting PostgreSQL in WebAssembly) takes seconds, about a fifth of the
 * embedded suite's time; emptying the tables takes a few milliseconds. A file sees the same empty, migrated
 * database either way (the worker's files share one module graph: `isolate: false`).
 */
const spareClients: PGlite[] = [];

/** What a test could change of a database's structure: one that differs from the template's is closed, not kept. */
const SHAPE_SQL = `select concat_ws(' ', (select count(*) from pg_class), (select count(*) from pg_trigger),
  (select count(*) from pg_proc), (select count(*) from pg_rewrite), (select count(*) from pg_namespace),
  (select count(*) from pg_type), (select count(*) from pg_policy), (select count(*) from pg_extension)) as shape`;
let templateShape: string | undefined;
const shapeOf = async (client: PGlite) => (await client.query<{ shape: string }>(SHAPE_SQL)).rows[0]!.shape;

/**
 * Every row a test can leave (the migrations' own record and pg-boss's version stay), and each job queue's table.
 * The append-only tables' triggers refuse a truncate: they are off for this session while it empties them.
 */
const EMPTY_SQL = `
  rollback;
  set session_replication_role = replica;
  select pgboss.delete_queue(name) from pgboss.queue;
  do $$ declare tables text; begin
    select string_agg(format('%I.%I', schemaname, tablename), ', ') into tables from pg_tables
      where schemaname in ('public', 'pgboss') and (schemaname, tablename) <> ('pgboss', 'version');
    execute 'truncate ' || tables || ' restart identity cascade';
  end $$;
  reset all;
  deallocate all;`;

async function embeddedClient(): Promise<PGlite> {
  const kept = spareClients.pop();
  if (kept) {
    databaseReuse.count++;
    return kept;
  }
  const client = await PGlite.create({ loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]), extensions: { pg_trgm } });
  templateShape ??= await shapeOf(client);
  return client;
}

async function keepForNextFile(client: PGlite): Promise<void> {
  try {
    await client.exec(EMPTY_SQL);
    if ((await shapeOf(client)) === templateShape) {
      spareClients.push(client);
      return;
    }
  } catch {
    // Not emptied: closed below, and the next file loads the template afresh.
  }
  await client.close();
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  clock: ReturnType<typeof fixedClock>;
  config: AppConfig;
  /** The app's own services (`buildServices`): factories make through them what no endpoint makes. */
  services: Services;
  close(): Promise<void>;
}

/**
 * The real app on a fresh, empty database, a movable clock and no logs. Tests make what they need with the
 * factories (`./factories`); none reads the demo seed.
 */
export async function createTestContext(
  overrides: Partial<AppConfig> = {},
  options: {
    onQuery?: (sql: string) => void;
    /** PostgreSQL: false lets a test hold two connections of one flow on purpose (db/transaction-guard.ts). */
    guardTransactions?: boolean;
    /** The app's logger (silent unless given). */
    logger?: Logger;
    paymentSources?: readonly PaymentSourceAdapter[];
    paymentProviders?: readonly PaymentProvider[];
    processorFaults?: ProcessorFaults;
    /** The embedded database's vacuum and statistics on their schedule, as the server runs them (db/maintenance.ts). */
    maintain?: boolean;
  } = {},
): Promise<TestContext> {
  const database = await openTestDatabase(options);
  const clock = fixedClock(new Date('2026-11-01T09:00:00Z'));
  const config = testConfig({ webDist: '/nonexistent', ...overrides });
  const { app, services } = await composeApp({
    config,
    db: database.db,
    changes: database.changes,
    clock,
    logger: options.logger ?? pino({ level: process.env.TEST_LOG ?? 'silent' }),
    jobsConnection: database.jobs,
    poolStats: database.poolStats,
    jobsMode: 'manual',
    ...(options.paymentSources ? { paymentSources: options.paymentSources } : {}),
    ...(options.paymentProviders ? { paymentProviders: options.paymentProviders } : {}),
    ...(options.processorFaults ? { processorFaults: options.processorFaults } : {}),
    ...(options.maintain ? { maintain: database.maintain } : {}),
  });
  return {
    app,
    database,
    clock,
    config,
    services,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** The error body of an answer that must have failed (a success fails the test, naming what came back). */
export function failure(answer: { ok: true; status: number; body: unknown } | { ok: false; status: number; body: ApiErrorBody }): ApiErrorBody {
  if (answer.ok) throw new Error(`expected an error, got ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/**
 * A raw request's answer in the shape of a call's (`failure` reads its error body): for the deliberately
 * malformed requests a contract cannot type. Its success body is left unparsed.
 */
export function answerOf(res: LightMyRequestResponse): Answer<never> {
  const status = res.statusCode;
  if (status >= 200 && status < 300) return { status, headers: res.headers, ok: true, body: undefined as never };
  return { status, headers: res.headers, ok: false, body: ApiErrorBodySchema.parse(res.json()) };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The input of one call of an endpoint, typed by its contract. */
export interface CallInput<E> {
  params?: EndpointParams<E>;
  query?: EndpointQuery<E>;
  body?: EndpointBody<E>;
}

/** How a call is sent, beyond its input. */
export interface CallOptions {
  idempotencyKey?: string;
  /** The Host header (`hostOfKind(kind, t.config.baseDomain)`); the app host when left out. */
  host?: string;
  headers?: Record<string, string>;
}

/**
 * The answer of a call: on 2xx (`ok`) the body as the endpoint's response schema parses it, else the
 * product's error body (parsed too, so an answer in any other shape fails the test).
 */
export type Answer<E> = { status: number; headers: LightMyRequestResponse['headers'] } & (
  { ok: true; body: EndpointResponse<E> } | { ok: false; body: ApiErrorBody }
);

let agentCount = 0;
/** Each agent connects from its own address, so one test's per-IP sign-in limit never leaks into another. */
function nextIp(): string {
  agentCount++;
  return `10.${(agentCount >> 16) & 255}.${(agentCount >> 8) & 255}.${agentCount & 255}`;
}

/** A browser-like client: keeps cookies, fetches and sends the anti-forgery token. */
export class Agent {
  cookies = new Map<string, string>();
  csrf: string | null = null;
  ip = nextIp();

  constructor(readonly app: FastifyInstance) {}

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private keep(res: LightMyRequestResponse): void {
    for (const c of res.cookies) {
      if (c.value === '' || (c.expires && c.expires.getTime() < Date.now())) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }

  async request(method: Method, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    if (method !== 'GET' && this.csrf === null && url !== endpointPath(authEndpoints.csrfToken)) await this.token();
    const res = await this.app.inject({
      method,
      url,
      remoteAddress: this.ip,
      headers: {
        cookie: this.cookieHeader(),
        'x-requested-with': 'XMLHttpRequest',
        ...(method !== 'GET' && this.csrf ? { 'x-csrf-token': this.csrf } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
    this.keep(res);
    return res;
  }

  async token(): Promise<string> {
    const res = await this.request('POST', endpointPath(authEndpoints.csrfToken));
    this.csrf = res.json<{ token: string }>().token;
    return this.csrf;
  }

  /** Calls an endpoint through its contract: the URL from its declaration, the answer parsed by its schemas. */
  async call<E extends Endpoint>(endpoint: E, input: CallInput<E> = {}, options: CallOptions = {}): Promise<Answer<E>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.idempotencyKey !== undefined) headers['idempotency-key'] = options.idempotencyKey;
    if (options.host !== undefined) headers.host = options.host;
    const res = await this.request(endpoint.method, endpointPath(endpoint, input), input.body, headers);
    const status = res.statusCode;
    if (status >= 200 && status < 300) {
      const body = (status === 204 ? undefined : endpoint.response.parse(res.json())) as EndpointResponse<E>;
      return { status, headers: res.headers, ok: true, body };
    }
    return { status, headers: res.headers, ok: false, body: ApiErrorBodySchema.parse(res.json()) };
  }

  /** Calls an endpoint that must succeed (its declared status) and returns the parsed answer. */
  async ok<E extends Endpoint>(endpoint: E, input: CallInput<E> = {}, options: CallOptions = {}): Promise<EndpointResponse<E>> {
    const answer = await this.call(endpoint, input, options);
    const expected = endpoint.status ?? 200;
    if (answer.status !== expected || !answer.ok) {
      throw new Error(`${endpoint.id} answered ${answer.status}, expected ${expected}: ${JSON.stringify(answer.body)}`);
    }
    return answer.body;
  }

  get = (url: string, headers?: Record<string, string>) => this.request('GET', url, undefined, headers);
  post = (url: string, body?: unknown, headers?: Record<string, string>) => this.request('POST', url, body ?? {}, headers);
  put = (url: string, body?: unknown) => this.request('PUT', url, body ?? {});
  patch = (url: string, body?: unknown) => this.request('PATCH', url, body ?? {});
  delete = (url: string, body?: unknown, headers?: Record<string, string>) => this.request('DELETE', url, body, headers);

  async login(email: string, password: string): Promise<LightMyRequestResponse> {
    const res = await this.post(endpointPath(authEndpoints.login), { email, password });
    if (res.statusCode !== 200) throw new Error(`login failed for ${email}: ${res.statusCode} ${res.body}`);
    return res;
  }
}

export async function signedIn(app: FastifyInstance, email: string, password: string): Promise<Agent> {
  const agent = new Agent(app);
  await agent.login(email, password);
  return agent;
}

/** Mail the app sent, newest first (the dev mailbox). */
export async function mailbox(app: FastifyInstance): Promise<{ to: string; subject: string; text: string }[]> {
  const res = await app.inject({ method: 'GET', url: '/_dev/mailbox.json' });
  return res.json<{ data: { to: string; subject: string; text: string }[] }>().data;
}
