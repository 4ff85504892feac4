// The support chat benchmark's report (bench/chat.mjs): its tables, the goals' verdicts, and its section of
// docs/benchmarks.md between the chat markers.
import { median } from './api.mjs';
import { writeDocSection } from './doc-section.mjs';

export const ms = (x) => (x === null || x === undefined ? '-' : x.toFixed(1));
const pct = (x) => `${(x * 100).toFixed(0)} %`;

/** Medians over the rounds of one receiver's figures. */
export function receiver(rounds, group, kind) {
  const xs = rounds.map((r) => r.groups[group]?.[kind]).filter(Boolean);
  if (xs.length === 0) return null;
  const med = (key) => median(xs.map((x) => x[key]).filter((v) => v !== null));
  return {
    count: xs.reduce((n, x) => n + x.count, 0),
    p50: med('p50'),
    p95: med('p95'),
    p99: med('p99'),
    max: Math.max(...xs.map((x) => x.max ?? 0)),
    p99s: xs.map((x) => x.p99),
  };
}

export function tables(m, two, staff) {
  const lines = ['| target | received on | frames | p50 (ms) | p95 (ms) | p99 (ms) | max (ms) | rounds\u2019 p99 (ms) |', '|---|---|---|---|---|---|---|---|'];
  const row = (target, where, s) =>
    s &&
    lines.push(
      `| ${target} | ${where} | ${s.count.toLocaleString('en')} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.p99)} | ${ms(s.max)} | ${s.p99s.map(ms).join(', ')} |`,
    );
  row('reference', 'the customer\u2019s socket', receiver(m.rounds.ref, 'ref', 'message'));
  row('reference', `${staff} staff sockets`, receiver(m.rounds.ref, 'ref', 'inbox'));
  if (two) {
    row('app', 'the customer\u2019s socket, on process B', receiver(m.rounds.app, 'B', 'message'));
    row('app', `${Math.ceil(staff / 2)} staff sockets on process A (the sender\u2019s)`, receiver(m.rounds.app, 'A', 'inbox'));
    row('app', `${Math.floor(staff / 2)} staff sockets on process B`, receiver(m.rounds.app, 'B', 'inbox'));
  } else {
    row('app', 'the customer\u2019s socket', receiver(m.rounds.app, 'A', 'message'));
    row('app', `${staff} staff sockets`, receiver(m.rounds.app, 'A', 'inbox'));
  }
  const http = (xs) => ({ p50: median(xs.map((x) => x.http.p50)), p99: median(xs.map((x) => x.http.p99)) });
  const sum = (xs, key) => xs.reduce((n, x) => n + x[key], 0);
  const cpu = (xs) => xs[0].serverCpu.map((_, i) => pct(median(xs.map((x) => x.serverCpu[i])))).join(' + ');
  lines.push(
    '',
    `HTTP answers to the sends (median p50 / p99): reference ${ms(http(m.rounds.ref).p50)} / ${ms(http(m.rounds.ref).p99)} ms, ` +
      `app ${ms(http(m.rounds.app).p50)} / ${ms(http(m.rounds.app).p99)} ms. Messages never received: reference ${sum(m.rounds.ref, 'lost')}, ` +
      `app ${sum(m.rounds.app, 'lost')} of ${sum(m.rounds.app, 'sent').toLocaleString('en')}; sockets closed during the rounds: ${sum(m.rounds.app, 'closed')}.`,
    `CPU share (median of rounds): server ${cpu(m.rounds.ref)} (reference), ${cpu(m.rounds.app)} (app${two ? ': A + B' : ''}); ` +
      `client ${pct(median(m.rounds.ref.map((x) => x.cpu)))} / ${pct(median(m.rounds.app.map((x) => x.cpu)))}.`,
    '',
    '| process | open sockets | VmRSS before (MB) | VmRSS after (MB) | per socket (KB) |',
    '|---|---|---|---|---|',
    ...m.memory.map(
      (x) =>
        `| ${x.name} | ${x.sockets.toLocaleString('en')} | ${(x.before / 1024).toFixed(0)} | ${(x.after / 1024).toFixed(0)} | ${((x.after - x.before) / x.sockets).toFixed(1)} |`,
    ),
  );
  return lines.join('\n');
}

export function verdict(m, group, goal, what) {
  const s = receiver(m.rounds.app, group, 'message');
  if (!s) return `Goal (${what}): not measured.`;
  const lost = m.rounds.app.reduce((n, x) => n + x.lost, 0);
  const met = s.p99 < goal && lost === 0;
  return `Goal: p99 from send to receipt under ${goal} ms ${what}: **${met ? 'met' : 'not met'}** (median of the rounds\u2019 p99 ${ms(s.p99)} ms${lost ? `, ${lost} messages never received` : ''}).`;
}

export const writeSection = (section) => writeDocSection('chat', section);
