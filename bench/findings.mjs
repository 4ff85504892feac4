// Prose of docs/benchmarks.md that the figures of a run do not change: the figures from before the
// session cache (measured 2026-11-22 by the earlier bench/run.mjs) and what profiles showed.

export const API_BEFORE = `## API throughput: authenticated GET /v1/user vs a bare Fastify hello-world

### Before: a query per request (2026-11-22)

5 alternating rounds of 3 s each, 32 concurrent keep-alive connections, load generator, servers and
PostgreSQL sharing both cores; p99 was not recorded then (the issue measured about 250 ms under load).

| database | hello-world req/s | GET /v1/user req/s | ratio |
|---|---|---|---|
| embedded (PGlite) | 27489 | 322 | 0.01x |
| PostgreSQL | 23844 | 800 | 0.03x |

GET /v1/user then made three or four queries: the session joined with its user, the user's businesses,
the pending invitations, and a write of the last activity once a minute.
`;

export const API_WHERE_TIME_GOES = `Where the time goes now. GET /v1/user makes no database round trip once its session is known: the
session, its user, the memberships and the invitation expiries come from the session cache
(docs/security.md, "The session cache"), and the last activity is written at most once a minute per
session. A CPU profile of the app under this load (\`node --cpu-prof\`, 8 s of 50 connections, embedded
database) shows the database at 0.3% of the samples (before: most of them). Of the time the app is busy,
about 60% is Node's HTTP server (parsing, the \`writev\` of each answer), 15% Fastify with its router and
cookie parser, 10% zod checking and serialising the answer against the contract, 6% our own code
(session lookup with one sha256, access hook, security headers) and the rest logging, promises and GC. What separates us from the hello-world is that
per-request work (a larger answer, response validation, ten security headers), not waiting. On a loaded
machine the single-process load generator saturates before the app does (the app was idle 75% of the
profile), so the ratio there says more about the generator than about the app.

The p99 goal (under 20 ms at 50 connections) is not met: with the server pinned to one core, 50
connections queue behind each other, and the bare hello-world's own p99 on that core is 26-37 ms. A p99
under 20 ms at this concurrency needs more than one app process (they share nothing but the database, and
the session cache stays exact across them), or a measure at fewer connections.
`;

export const QUERY_BEFORE = `Before: "about 1 ms per query", blamed on file system calls (a CPU profile showed file opens and
stats per query, and PGlite's \`relaxedDurability\` changed nothing).
`;

export const QUERY_FINDINGS = `What a profile and \`strace -c\` of 3,000 queries showed instead:

- **The file system is not the cost.** PGlite with a data directory mounts Emscripten's NODEFS on it:
  Postgres' files are opened once and kept open; a query costs two \`fstat\` calls (the planner asks the
  size of the table and of its index, about 3 µs each) and reads nothing (pages are in Postgres' shared
  buffers). NODEFS's \`syncToFs\` is a no-op, which is why \`relaxedDurability\` changes nothing: PGlite
  does not sync or reopen anything per query (and no \`fsync\` reaches the disk at all: a commit is in the
  operating system's page cache when it returns, safe from a killed process, not from a power cut).
  A query costs the same in memory as with a data directory.
- **The cost is the protocol round trips into WebAssembly.** PGlite's \`query()\` sends each statement as six
  separate protocol messages (parse, describe statement, bind, describe portal, execute, sync), each a
  call into the WebAssembly Postgres and back through PGlite's JavaScript message parser; the statement
  is parsed and planned every time (unnamed statements). In the profile: 45% in Postgres (WebAssembly),
  about 40% in PGlite's and Emscripten's JavaScript, 6% GC, 2% file system calls. The same statement as
  one batched message is markedly cheaper in a quick trial, but that means replacing drizzle's PGlite
  driver, so it is left for later.
- **What was fixed is how the app uses it:** the hot path no longer queries (the session cache), last
  activity is written once a minute instead of every request, and unknown cookies are remembered so a
  guest's requests do not query either.
`;
