// Support chat at scale (issue 30): 2,000 open chat sockets and 50 messages a second, the time from a message's send
// over HTTP to its receipt on the receiving sockets, and the app process's memory per open socket.
//
// Sockets: BENCH_CHAT_SOCKETS in all, of which BENCH_CHAT_STAFF are staff sockets of the demo business (the owner's
// session cookie; each hears every conversation's `conversation` frame, as the Support inbox does) and the rest
// customer sockets, one per conversation (its token in the path; `follow` after its last seq, as the public page
// does). The conversations are written by set-based SQL (one INSERT ... SELECT generate_series) through
// bench/seed-payments.mjs's `connect`; their tokens are signed with the server's `support_chat_key`, checked first
// against the token the API gives a conversation started over HTTP. The demo owner answers over HTTP
// (`POST .../support-chat/conversations/{id}/messages`) at BENCH_CHAT_RATE messages a second, open loop (each message
// at its own time), to the conversations in turn; the time is read from just before the send to the message on the
// customer's socket, and to the `conversation` frame on every staff socket. The client (bench/chat-client.mjs: the
// sockets and the sender, one clock) runs on core 1, the servers on core 0.
//
// Round by round it alternates with a reference (bench/chat-hello-server.mjs: bare Fastify and @fastify/websocket
// pushing the same frames to as many sockets, no database), medians of rounds; each round reports the server's and
// the client's CPU share. Configurations:
//   1. one app process on PostgreSQL (scripts/postgres.mjs): goal p99 under 50 ms; memory per open socket (the app
//      process's VmRSS from /proc before and after opening the sockets, divided by their number);
//   2. two app processes (ROLE=web) on that PostgreSQL: the sockets split between them, the messages sent through
//      the first to conversations whose sockets are on the second (the change feed carries them): goal p99 under
//      150 ms; staff sockets on both;
//   3. one app process on the embedded database (PGlite): as 1.
// The section of docs/benchmarks.md between the chat markers is rewritten.
// Needs a build first (npm run build) and a quiet machine. Open files: each socket is a descriptor in the client and
// one in the server (the client holds the reference's sockets too, 2 x BENCH_CHAT_SOCKETS); Node raises its soft
// limit to the hard one, so the hard limit (`ulimit -Hn`) must be above that: the script checks it first.
// Run: node bench/chat.mjs  (the full run: 2,000 sockets, BENCH_ROUNDS=3 rounds of BENCH_SECONDS=20 s per target and
// configuration, about 9 minutes on 2 cores, most of it the rounds and opening 4,000 sockets per configuration).
// A smoke run in about a minute:
//   BENCH_ROUNDS=1 BENCH_SECONDS=2 BENCH_CHAT_SOCKETS=200 BENCH_CHAT_STAFF=4 BENCH_DATABASES=postgres node bench/chat.mjs
// BENCH_DATABASES=postgres or pglite for one of them; BENCH_CHAT_RATE (50) messages a second; BENCH_NOTE is printed
// in the section; BENCH_CPU_PROFILE=<dir> runs the app processes under `node --cpu-prof` (profiles written there).
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPostgres } from '../scripts/postgres.mjs';
import { freePort, signInDemoOwner, waitFor } from '../scripts/server-process.mjs';
import { pinned, pinning, startServer, stop } from './api.mjs';
import { tables, verdict, writeSection } from './chat-report.mjs';
import { connect } from './seed-payments.mjs';

const ROOT = new URL('..', import.meta.url).pathname;
const settings = {
  rounds: Number(process.env.BENCH_ROUNDS ?? 3),
  seconds: Number(process.env.BENCH_SECONDS ?? 20),
  sockets: Number(process.env.BENCH_CHAT_SOCKETS ?? 2000),
  staff: Number(process.env.BENCH_CHAT_STAFF ?? 20),
  rate: Number(process.env.BENCH_CHAT_RATE ?? 50),
};
const DATABASES = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',');
const GOALS = { one: 50, two: 150 };
const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const WARM_UP_SECONDS = 2;
/** BENCH_CPU_PROFILE=<dir>: the app processes run under `node --cpu-prof`, their profiles written there when they stop. */
const PROFILE = process.env.BENCH_CPU_PROFILE;

/** The hard limit of open files must hold the client's sockets (Node raises the soft limit to it). */
function checkOpenFiles() {
  const line = readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'));
  const hard = Number(line?.trim().split(/\s+/)[4]);
  const needed = 2 * settings.sockets + 500;
  if (Number.isFinite(hard) && hard < needed)
    throw new Error(`The open-files limit is ${hard}; this run needs ${needed}: raise it (ulimit -Hn ${needed}, as root, or limits.conf) and run again.`);
}

/** VmRSS of a process, in KB, from /proc. */
function rssKb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

/** User + system CPU time of a process so far, in milliseconds (clock ticks of 10 ms). */
function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const settle = (ms) => new Promise((r) => setTimeout(r, ms));

/** The client process on core 1, driven over its IPC channel: `ask(message)` answers its reply. */
async function startClient() {
  const [cmd, args] = pinned(1, ['bench/chat-client.mjs']);
  const child = spawn(cmd, args, { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const replies = [];
  const waiting = [];
  child.on('message', (m) => (waiting.length ? waiting.shift()(m) : replies.push(m)));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const next = () =>
    Promise.race([
      replies.length ? Promise.resolve(replies.shift()) : new Promise((resolve) => waiting.push(resolve)),
      exited.then((code) => ({ ok: false, error: `the chat client exited with ${code}` })),
    ]);
  const ask = async (message) => {
    child.send(message);
    const reply = await next();
    if (!reply.ok) throw new Error(reply.error);
    return reply;
  };
  await next();
  return {
    pid: child.pid,
    ask,
    async close() {
      if (child.exitCode !== null) return;
      await ask({ cmd: 'close' }).catch(() => undefined);
      await Promise.race([exited, settle(5_000)]);
      if (child.exitCode === null) await stop(child);
    },
  };
}

/** The app on core 0 (bench/api.mjs's `startServer`), with the demo data and no limit on the staff's answers. */
async function startApp(env) {
  const port = await freePort();
  const app = startServer(
    'apps/server/dist/server.mjs',
    {
      ...env,
      PORT: String(port),
      BIND_HOST: '127.0.0.1',
      DEMO_DATA: 'on',
      DEMO_HISTORY: 'off',
      LOG_LEVEL: 'warn',
      CHAT_STAFF_ANSWERS_PER_MINUTE: '100000',
    },
    undefined,
    { nodeArgs: PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE}`] : [] },
  );
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/healthz`, app, 300_000);
  } catch (error) {
    await stop(app);
    throw error;
  }
  return { app, base, pid: app.pid };
}

async function startHello() {
  const port = await freePort();
  const app = startServer('bench/chat-hello-server.mjs', { PORT: String(port) });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    const up = await fetch(`${base}/send/0`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"body":"up"}' }).catch(() => null);
    if (up?.status === 201) return { app, base, pid: app.pid };
    await settle(100);
  }
  await stop(app);
  throw new Error('the chat reference server did not start');
}

/** The demo owner's session and an anti-forgery token for it, and the demo business. */
async function signIn(base) {
  const { cookie, user } = await signInDemoOwner(base);
  const business = user.businesses.owned.find((b) => b.identifier === 'demo-coffee') ?? user.businesses.owned[0];
  const csrf = await fetch(`${base}/csrf-token`, { method: 'POST', headers: { ...XHR, cookie } });
  const { token } = await csrf.json();
  return { cookie, csrf: token, businessId: business.id };
}

/** Starts one conversation over the public API, as the public page does: its id and token. */
async function startOverApi(base, businessId) {
  const csrf = await fetch(`${base}/csrf-token`, { method: 'POST', headers: XHR });
  const guest = csrf.headers.get('set-cookie').split(';')[0];
  const { token } = await csrf.json();
  const res = await fetch(`${base}/v1/public/support-chat/${businessId}`, {
    method: 'POST',
    headers: { ...XHR, cookie: guest, 'x-csrf-token': token, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench customer', email: 'bench.customer@example.com', message: 'Hello from the chat benchmark' }),
  });
  if (res.status !== 200 && res.status !== 201) throw new Error(`starting a conversation answered ${res.status}: ${await res.text()}`);
  const started = await res.json();
  return { id: started.conversation.id, token: started.token };
}

/** A conversation's token as the server signs it (support-chat/chat-token.ts). */
const signToken = (key, businessId, conversationId) =>
  `${conversationId}.${createHmac('sha256', key).update(`chat.v1|${businessId.toLowerCase()}|${conversationId}`).digest('base64url')}`;

/** `count` open conversations of the business, each with its customer's first message: ids, last seqs and tokens. */
async function seedConversations(target, businessId, count, sample) {
  const db = await connect(target);
  try {
    const { rows: secrets } = await db.query(`SELECT value FROM app_secrets WHERE name = 'support_chat_key'`);
    const key = secrets[0]?.value;
    if (!key || signToken(key, businessId, sample.id) !== sample.token) throw new Error('The chat tokens signed here do not match the server’s');
    const started = performance.now();
    const { rows } = await db.query(
      `WITH c AS (
         INSERT INTO chat_conversations (business_id, id, customer_name, customer_email, status, unread_by_staff, last_side, last_body,
                                         last_message_at, created_at)
         SELECT $1, gen_random_uuid(), 'Bench customer ' || g, 'bench' || g || '@example.com', 'open', 1, 'customer',
                'Hello from bench customer ' || g, now(), now()
         FROM generate_series(1, $2::int) AS g
         RETURNING business_id, id, last_body
       )
       INSERT INTO chat_messages (business_id, id, conversation_id, side, body, created_at)
       SELECT business_id, gen_random_uuid(), id, 'customer', last_body, now() FROM c
       RETURNING conversation_id, seq`,
      [businessId, count],
    );
    for (const table of ['chat_conversations', 'chat_messages']) await db.query(`ANALYZE ${table}`);
    return {
      ms: performance.now() - started,
      conversations: rows.map((r) => ({ id: r.conversation_id, seq: Number(r.seq), token: signToken(key, businessId, r.conversation_id) })),
    };
  } finally {
    await db.close();
  }
}

const wsOf = (base) => base.replace(/^http/, 'ws');

/**
 * One configuration: a fresh client and reference, the reference's and the app's sockets opened (memory before and
 * after), a warm-up, then the rounds alternated. `apps[0]` takes the sends; with two apps the customer sockets
 * alternate between them and only the second's conversations are sent to.
 */
async function measure(label, apps, session, conversations) {
  const hello = await startHello();
  const client = await startClient();
  try {
    const two = apps.length === 2;
    const groupOf = (i) => (two ? (i % 2 === 0 ? 'A' : 'B') : 'A');
    const appOf = (group) => (group === 'B' ? apps[1] : apps[0]);
    const { businessId, cookie } = session;

    const ref = {
      customers: conversations.map((_, i) => ({ url: `${wsOf(hello.base)}/s/${i}`, conversation: String(i), group: 'ref' })),
      staff: Array.from({ length: settings.staff }, () => ({ url: `${wsOf(hello.base)}/staff`, group: 'ref' })),
    };
    const app = {
      customers: conversations.map((c, i) => ({
        url: `${wsOf(appOf(groupOf(i)).base)}/v1/public/support-chat/${businessId}/${c.token}/socket`,
        conversation: c.id,
        after: c.seq,
        group: groupOf(i),
      })),
      staff: Array.from({ length: settings.staff }, (_, i) => ({
        url: `${wsOf(appOf(groupOf(i)).base)}/v1/business/${businessId}/support-chat/socket`,
        cookie,
        group: groupOf(i),
      })),
    };
    const count = (group) => [...app.customers, ...app.staff].filter((s) => s.group === group).length;

    const memory = [];
    const helloBefore = rssKb(hello.pid);
    const refOpened = await client.ask({ cmd: 'open', target: 'ref', ...ref });
    await settle(2_000);
    memory.push({
      name: 'reference (bare Fastify + @fastify/websocket)',
      sockets: ref.customers.length + ref.staff.length,
      before: helloBefore,
      after: rssKb(hello.pid),
    });
    const appsBefore = apps.map((a) => rssKb(a.pid));
    const appOpened = await client.ask({ cmd: 'open', target: 'app', ...app });
    await settle(2_000);
    apps.forEach((a, i) => {
      const group = i === 0 ? 'A' : 'B';
      memory.push({ name: two ? `app process ${group}` : 'app process', sockets: count(group), before: appsBefore[i], after: rssKb(a.pid) });
    });
    console.error(
      `${label}: ${refOpened.opened} reference sockets in ${refOpened.seconds.toFixed(1)} s, ${appOpened.opened} app sockets in ${appOpened.seconds.toFixed(1)} s`,
    );

    const targets = {
      ref: {
        servers: [hello.pid],
        sends: ref.customers.map((c) => ({ url: `${hello.base}/send/${c.conversation}`, conversation: c.conversation })),
        headers: {},
      },
      app: {
        servers: apps.map((a) => a.pid),
        sends: app.customers
          .filter((c) => !two || c.group === 'B')
          .map((c) => ({
            url: `${apps[0].base}/v1/business/${businessId}/support-chat/conversations/${c.conversation}/messages`,
            conversation: c.conversation,
          })),
        headers: { ...XHR, cookie, 'x-csrf-token': session.csrf },
      },
    };
    const round = async (name, tag, seconds) => {
      const t = targets[name];
      const cpu0 = t.servers.map(cpuMs);
      const t0 = performance.now();
      const result = await client.ask({ cmd: 'round', target: name, sends: t.sends, headers: t.headers, rate: settings.rate, seconds, tag });
      const wall = performance.now() - t0;
      result.serverCpu = t.servers.map((pid, i) => (cpuMs(pid) - cpu0[i]) / wall);
      if (result.failed) throw new Error(`${label} ${name}: ${result.failed} of ${result.sent} sends failed: ${JSON.stringify(result.failures)}`);
      console.error(
        `${label} ${name} ${tag}: ${result.sent} sent, ${result.lost} lost; ${Object.entries(result.groups)
          .map(
            ([g, k]) =>
              `${g}: ${Object.entries(k)
                .map(([kind, s]) => `${kind} p50 ${s.p50?.toFixed(1)} p99 ${s.p99?.toFixed(1)} ms`)
                .join(', ')}`,
          )
          .join('; ')}`,
      );
      return result;
    };
    await round('ref', `${label}-warm`, WARM_UP_SECONDS);
    await round('app', `${label}-warm`, WARM_UP_SECONDS);
    const rounds = { ref: [], app: [] };
    for (let r = 1; r <= settings.rounds; r++) {
      rounds.ref.push(await round('ref', `${label}-${r}`, settings.seconds));
      rounds.app.push(await round('app', `${label}-${r}`, settings.seconds));
    }
    return { memory, rounds, opened: { ref: refOpened, app: appOpened } };
  } finally {
    await client.close();
    await stop(hello.app);
  }
}

async function main() {
  checkOpenFiles();
  const customers = settings.sockets - settings.staff;
  if (customers < 2 || settings.staff < 0) throw new Error('BENCH_CHAT_SOCKETS must exceed BENCH_CHAT_STAFF by 2 or more');
  const startedAt = performance.now();
  const loadBefore = loadAverage();
  const measured = {};
  const dirs = [];
  const pg = DATABASES.includes('postgres') ? await startPostgres() : null;
  try {
    if (pg) {
      const dataDir = mkdtempSync(join(tmpdir(), 'md-bench-chat-pg-'));
      dirs.push(dataDir);
      const database = { DATA_DIR: dataDir, DATABASE_URL: pg.url };
      const one = await startApp({ ...database, ROLE: 'all' });
      let seeded;
      try {
        const session = await signIn(one.base);
        const sample = await startOverApi(one.base, session.businessId);
        seeded = await seedConversations(pg.url, session.businessId, customers, sample);
        measured.postgres = { seedMs: seeded.ms, ...(await measure('postgres', [one], session, seeded.conversations)) };
      } finally {
        await stop(one.app);
      }
      const a = await startApp({ ...database, ROLE: 'web' });
      const b = await startApp({ ...database, ROLE: 'web' }).catch(async (error) => {
        await stop(a.app);
        throw error;
      });
      try {
        measured.postgresTwo = await measure('postgres-two', [a, b], await signIn(a.base), seeded.conversations);
      } finally {
        await stop(a.app);
        await stop(b.app);
      }
    }
    if (DATABASES.includes('pglite')) {
      const dataDir = mkdtempSync(join(tmpdir(), 'md-bench-chat-'));
      dirs.push(dataDir);
      const database = { DATA_DIR: dataDir, DATABASE_URL: '' };
      const first = await startApp(database);
      let sample;
      let businessId;
      try {
        businessId = (await signIn(first.base)).businessId;
        sample = await startOverApi(first.base, businessId);
      } finally {
        await stop(first.app); // the embedded database has one owner: the app stops while the conversations are written
      }
      const seeded = await seedConversations(dataDir, businessId, customers, sample);
      const app = await startApp(database);
      try {
        measured.pglite = { seedMs: seeded.ms, ...(await measure('pglite', [app], await signIn(app.base), seeded.conversations)) };
      } finally {
        await stop(app.app);
      }
    }
  } finally {
    pg?.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
  const date = new Date().toISOString().slice(0, 10);
  const seconds = (performance.now() - startedAt) / 1000;
  const section = [
    `## Support chat: ${settings.sockets.toLocaleString('en')} open sockets, ${settings.rate} messages a second (${date})`,
    '',
    `Measured by \`node bench/chat.mjs\` in ${seconds.toFixed(0)} s: ${customers.toLocaleString('en')} customer sockets (one per conversation) and ` +
      `${settings.staff} staff sockets of the demo business; the owner answers over HTTP at ${settings.rate} messages a second (open loop) for ` +
      `${settings.seconds} s a round, ${settings.rounds} round${settings.rounds === 1 ? '' : 's'} alternated with the reference (bare Fastify and @fastify/websocket pushing the same ` +
      `frames, no database); the time runs from the send to the message on the customer\u2019s socket and to the inbox\u2019s \`conversation\` frame on ` +
      `each staff socket. Servers on core 0, the client (sockets and sender) on core 1${pinning ? '' : ' (not pinned: no taskset)'}; load average ` +
      `${loadBefore} before. ${process.env.BENCH_NOTE ?? ''}`.trimEnd(),
    '',
    ...(measured.postgres
      ? [
          '### One app process on PostgreSQL',
          '',
          tables(measured.postgres, false, settings.staff),
          '',
          verdict(measured.postgres, 'A', GOALS.one, 'on one process'),
          '',
        ]
      : []),
    ...(measured.postgresTwo
      ? [
          '### Two app processes on one PostgreSQL',
          '',
          'Both `ROLE=web`; customer sockets alternate between them, the messages go through process A to the conversations whose sockets are on B ' +
            '(the change feed carries them across), staff sockets are on both.',
          '',
          tables(measured.postgresTwo, true, settings.staff),
          '',
          verdict(measured.postgresTwo, 'B', GOALS.two, 'across two processes'),
          '',
        ]
      : []),
    ...(measured.pglite
      ? [
          '### One app process on the embedded database (PGlite)',
          '',
          tables(measured.pglite, false, settings.staff),
          '',
          verdict(measured.pglite, 'A', GOALS.one, 'on one process'),
          '',
        ]
      : []),
  ].join('\n');
  writeSection(section);
  console.log(section);
  if (PROFILE)
    console.log(
      `\nCPU profiles of the app processes: ${readdirSync(PROFILE)
        .filter((f) => f.endsWith('.cpuprofile'))
        .join(', ')} in ${PROFILE}`,
    );
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
