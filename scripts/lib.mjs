// Shared steps of `npm start` and `npm test`: install what is missing, build, run commands.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = new URL('..', import.meta.url).pathname.replace(/\/$/, '');

const began = Date.now();

/** A step's heading, with the seconds since the script began (where the time of `npm test` goes). */
export function log(message) {
  process.stdout.write(`\n> [${Math.round((Date.now() - began) / 1000)} s] ${message}\n`);
}

/** Runs a command and fails loudly when it fails. */
export function run(cmd, args, options = {}) {
  const res = spawnSync(cmd, args, { stdio: 'inherit', cwd: ROOT, ...options });
  if (res.status !== 0) {
    throw new Error(`${cmd} ${args.join(' ')} exited with ${res.status ?? res.signal}`);
  }
}

export function runAsync(cmd, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', cwd: ROOT, ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/**
 * Runs a command beside others: each line it writes is printed whole, after `[lane]`, so two lanes' output
 * stays readable. `onLine` sees each line too. Answers the exit code.
 */
export function runInLane(lane, cmd, args, options = {}) {
  const { onLine, ...spawnOptions } = options;
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], cwd: ROOT, ...spawnOptions });
    const relay = (stream, out) => {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) {
          out.write(`[${lane}] ${line}\n`);
          onLine?.(line);
        }
      });
      stream.on('end', () => rest && out.write(`[${lane}] ${rest}\n`));
    };
    relay(child.stdout, process.stdout);
    relay(child.stderr, process.stderr);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/**
 * Installs npm packages when node_modules is missing or older than the lock file. `npm install`, not
 * `npm ci`: npm 11's ci refuses this lock file over optional native bindings of other platforms
 * (unrs-resolver), while install follows the locked versions and tolerates them.
 */
export function ensureNodeModules() {
  const marker = join(ROOT, 'node_modules', '.package-lock.json');
  const lock = join(ROOT, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  log('installing npm packages');
  run('npm', ['install', '--no-audit', '--no-fund']);
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** Installs Debian packages whose probe binary is missing (the machine may be new). */
export function ensureApt(packages) {
  const missing = packages.filter((p) => !p.present()).map((p) => p.name);
  if (missing.length === 0) return;
  if (!isRoot()) {
    throw new Error(`Missing system packages: ${missing.join(', ')}. Install them with: sudo apt-get install -y ${missing.join(' ')}`);
  }
  log(`installing system packages: ${missing.join(', ')}`);
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

export const CHROMIUM = '/usr/bin/chromium';

export const chromiumPackage = { name: 'chromium', present: () => existsSync(CHROMIUM) };
/** The same Chromium as its headless shell, which most browser tests run in (e2e/support.ts). */
export const headlessShellPackage = { name: 'chromium-headless-shell', present: () => existsSync('/usr/bin/chromium-headless-shell') };
export const fontsPackage = { name: 'fonts-liberation', present: () => existsSync('/usr/share/fonts/truetype/liberation') };
export const postgresPackage = { name: 'postgresql', present: () => findPgBin('initdb') !== null };
/** PgBouncer for the pooler tests (scripts/postgres.mjs startPgBouncer). */
export const pgbouncerPackage = { name: 'pgbouncer', present: () => existsSync('/usr/sbin/pgbouncer') };

/** The newest PostgreSQL server binaries Debian installed (/usr/lib/postgresql/<v>/bin). */
export function findPgBin(name) {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', name)))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(base, versions[0], 'bin', name) : null;
}

export function build() {
  log('building the web app and the server');
  run('npm', ['run', 'build']);
}

export { isRoot };
