// The support chat benchmark's client (bench/chat.mjs starts it as its own process, pinned to core 1): it holds the
// open sockets and sends the messages over HTTP, so a message's send and its receipt are read on one clock.
// Driven over the IPC channel:
//   { cmd: 'open', target, customers: [{ url, conversation, after, group }], staff: [{ url, cookie, group }] }
//     opens the sockets (a customer's sends `follow` after its last seq, as the public page does) and waits for each
//     one's `ready` frame; answers { opened, seconds }.
//   { cmd: 'round', target, sends: [{ url, conversation }], headers, rate, seconds, tag }
//     posts `rate` messages a second for `seconds` (open loop: each at its own time, whatever the answers before it
//     did), each to the next conversation of `sends` in turn, and answers, per group of receiving sockets, the times
//     from the send to the message on the conversation's customer socket and to the inbox's `conversation` frame on
//     every staff socket, with the HTTP answers' times, the messages never received, and this process's CPU share.
//   { cmd: 'close' } closes every socket and exits.
import { WebSocket } from 'undici';

const OPEN_AT_ONCE = 100;
/** How long after the last send a round waits for what is still on its way. */
const DRAIN_MS = 5_000;

const targets = new Map();
const targetOf = (name) => {
  if (!targets.has(name)) targets.set(name, { sockets: [], round: null });
  return targets.get(name);
};

function openSocket(target, spec, onFrame) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(spec.url, spec.cookie ? { headers: { cookie: spec.cookie } } : undefined);
    const timer = setTimeout(() => reject(new Error(`no ready frame from ${spec.url}`)), 60_000);
    ws.onerror = (event) => reject(new Error(`socket ${spec.url} failed: ${event.message ?? event.error?.message ?? 'error'}`));
    ws.onclose = (event) => {
      if (target.round) target.round.closed++;
      reject(new Error(`socket ${spec.url} closed: ${event.code} ${event.reason}`));
    };
    ws.onopen = () => {
      if (spec.conversation !== undefined && spec.after !== undefined) ws.send(JSON.stringify({ type: 'follow', after: spec.after }));
    };
    ws.onmessage = (event) => {
      const frame = JSON.parse(event.data);
      if (frame.type === 'ready') {
        clearTimeout(timer);
        resolve(ws);
        return;
      }
      onFrame(frame);
    };
    target.sockets.push(ws);
  });
}

/** Opens every socket, OPEN_AT_ONCE at a time. */
async function open({ target: name, customers, staff }) {
  const target = targetOf(name);
  const started = performance.now();
  const specs = [...customers.map((c) => ({ ...c, kind: 'customer' })), ...staff.map((s) => ({ ...s, kind: 'staff' }))];
  let next = 0;
  const worker = async () => {
    while (next < specs.length) {
      const spec = specs[next++];
      let counts = new Map();
      let countsOf = null;
      await openSocket(target, spec, (frame) => {
        const round = target.round;
        if (!round) return;
        if (countsOf !== round) {
          counts = new Map();
          countsOf = round;
        }
        const now = performance.now();
        if (spec.kind === 'customer' && frame.type === 'message') {
          const sent = round.byBody.get(frame.message.body);
          if (!sent) return;
          sent.received = true;
          round.latency(spec.group, 'message').push(now - sent.at);
        } else if (spec.kind === 'staff' && frame.type === 'conversation') {
          // The k-th inbox frame of a conversation on this socket answers the k-th message sent to it.
          const k = counts.get(frame.conversation_id) ?? 0;
          counts.set(frame.conversation_id, k + 1);
          const sent = round.byConversation.get(String(frame.conversation_id))?.[k];
          if (sent) round.latency(spec.group, 'inbox').push(now - sent.at);
        }
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(OPEN_AT_ONCE, specs.length) }, worker));
  return { opened: specs.length, seconds: (performance.now() - started) / 1000 };
}

const percentile = (sorted, p) => (sorted.length === 0 ? null : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]);
const summary = (xs) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return { count: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted.at(-1) ?? null };
};

async function round({ target: name, sends, headers, rate, seconds, tag }) {
  const target = targetOf(name);
  const total = Math.round(rate * seconds);
  const latencies = new Map();
  const http = [];
  const failures = [];
  const state = {
    byBody: new Map(),
    byConversation: new Map(),
    closed: 0,
    latency(group, kind) {
      const key = `${group}|${kind}`;
      if (!latencies.has(key)) latencies.set(key, []);
      return latencies.get(key);
    },
  };
  // Counts frames of this target's conversations from now on: every socket's per-conversation count starts again.
  target.round = state;
  const pending = [];
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const sendOne = (i) => {
    const { url, conversation } = sends[i % sends.length];
    const body = `bench ${tag} ${i}`;
    const sent = { at: performance.now(), received: false };
    state.byBody.set(body, sent);
    const list = state.byConversation.get(String(conversation)) ?? [];
    list.push(sent);
    state.byConversation.set(String(conversation), list);
    pending.push(
      fetch(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ body }) }).then(
        async (res) => {
          await res.arrayBuffer();
          http.push(performance.now() - sent.at);
          if (res.status !== 200 && res.status !== 201) failures.push(res.status);
        },
        (error) => failures.push(String(error?.message ?? error)),
      ),
    );
  };
  for (let i = 0; i < total; i++) {
    const due = t0 + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    sendOne(i);
  }
  const sentSeconds = (performance.now() - t0) / 1000;
  await Promise.all(pending);
  const deadline = performance.now() + DRAIN_MS;
  const allIn = () => [...state.byBody.values()].every((s) => s.received);
  while (!allIn() && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  // Inbox frames of the last messages still under way get a moment more.
  await new Promise((r) => setTimeout(r, 200));
  const wall = performance.now() - t0;
  const used = process.cpuUsage(cpu0);
  target.round = null;
  const groups = {};
  for (const [key, xs] of latencies) {
    const [group, kind] = key.split('|');
    groups[group] ??= {};
    groups[group][kind] = summary(xs);
  }
  return {
    sent: total,
    sentSeconds,
    lost: [...state.byBody.values()].filter((s) => !s.received).length,
    closed: state.closed,
    failures: failures.slice(0, 5),
    failed: failures.length,
    http: summary(http),
    groups,
    cpu: (used.user + used.system) / 1000 / wall,
  };
}

process.on('message', async (message) => {
  try {
    if (message.cmd === 'open') process.send({ ok: true, ...(await open(message)) });
    else if (message.cmd === 'round') process.send({ ok: true, ...(await round(message)) });
    else if (message.cmd === 'close') {
      for (const t of targets.values()) for (const ws of t.sockets) ws.close();
      process.send({ ok: true }, () => process.exit(0));
    }
  } catch (error) {
    process.send({ ok: false, error: String(error?.stack ?? error) });
  }
});
process.send({ ok: true, started: true });
