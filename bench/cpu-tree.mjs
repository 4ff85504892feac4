// CPU-seconds of a command and every process it starts (utime + stime from /proc, read every 100 ms; each process's
// last reading counts: one that lives under 100 ms is missed), and of a PostgreSQL server's processes when `--pg-data <dir>`
// names its data directory: the measure of docs/benchmarks.md "Test suite CPU time".
//   node bench/cpu-tree.mjs [--pg-data <dir>] -- <command> [args...]
// Prints one line per kind of process (node, chromium by --type, postgres) and the total, in CPU-seconds.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const dash = args.indexOf('--');
const options = args.slice(0, dash);
const command = args.slice(dash + 1);
const pgData = options.includes('--pg-data') ? options[options.indexOf('--pg-data') + 1] : undefined;
const TICK = 100; // USER_HZ on Linux

/** pid -> { ppid, start, cpu (own + reaped children), kind } of every process now. */
function snapshot() {
  const all = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // fields after the name: state(0) ppid(1) ... utime(11) stime(12) ... starttime(19)
      const cpu = (Number(rest[11]) + Number(rest[12])) / TICK;
      all.set(Number(name), { ppid: Number(rest[1]), start: rest[19], cpu, pid: Number(name) });
    } catch {
      // gone
    }
  }
  return all;
}

function kindOf(pid) {
  try {
    const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    const exe = cmd[0] ?? '';
    // A forked Chromium process rewrites its command line into one string: look for --type= in the whole of it.
    if (exe.includes('chrom')) return `chromium ${/--type=([a-z-]+)/.exec(cmd.join(' '))?.[1] ?? 'browser'}`;
    if (exe.includes('postgres') || cmd.join(' ').startsWith('postgres:')) return 'postgres';
    if (exe.endsWith('node') || exe.endsWith('node20') || exe.endsWith('node22')) return 'node';
    return exe.split('/').pop() || 'other';
  } catch {
    return 'other';
  }
}

function pgPostmaster() {
  if (!pgData) return undefined;
  try {
    return Number(readFileSync(`${pgData}/postmaster.pid`, 'utf8').split('\n')[0]);
  } catch {
    return undefined;
  }
}

const last = new Map(); // `${pid}:${start}` -> { cpu, kind, ppid }
const pgBase = new Map(); // the CPU of the PostgreSQL server's processes from before the run (not the run's)
let first = true;
function sample(rootPid) {
  const all = snapshot();
  const roots = new Set([rootPid, pgPostmaster()].filter(Boolean));
  const children = new Map();
  for (const p of all.values()) (children.get(p.ppid) ?? children.set(p.ppid, []).get(p.ppid)).push(p);
  const stack = [...roots].map((pid) => all.get(pid)).filter(Boolean);
  while (stack.length) {
    const p = stack.pop();
    const key = `${p.pid}:${p.start}`;
    const known = last.get(key);
    const kind = known?.kind ?? kindOf(p.pid);
    if (first && p.pid !== rootPid) pgBase.set(key, p.cpu);
    last.set(key, { cpu: p.cpu - (pgBase.get(key) ?? 0), kind, ppid: p.ppid, pid: p.pid });
    stack.push(...(children.get(p.pid) ?? []));
  }
  first = false;
}

const started = Date.now();
const child = spawn(command[0], command.slice(1), { stdio: 'inherit' });
sample(child.pid);
const timer = setInterval(() => sample(child.pid), 100);
child.on('exit', (code) => {
  clearInterval(timer);
  sample(child.pid);
  const sums = new Map();
  let total = 0;
  for (const v of last.values()) {
    sums.set(v.kind, (sums.get(v.kind) ?? 0) + v.cpu);
    total += v.cpu;
  }
  const lines = [...sums].sort((a, b) => b[1] - a[1]).map(([k, s]) => `  ${k}: ${s.toFixed(1)}`);
  console.error(
    `\ncpu-tree: ${command.join(' ')}\n${lines.join('\n')}\n  total: ${total.toFixed(1)} CPU-s, wall ${((Date.now() - started) / 1000).toFixed(0)} s, exit ${code}`,
  );
  process.exit(code ?? 1);
});
