// Strict TypeScript over every workspace (each has its own tsconfig).
// Incremental: each project keeps what it learned in node_modules/.cache/tsc/ (never committed), so a run after a
// small change checks again only the files the change can reach (a change of a file's exported types reaches its
// importers); a first run, or one after a TypeScript upgrade, checks everything. `TYPECHECK_FRESH=1` ignores the cache.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, run } from './lib.mjs';

const projects = [
  'packages/core',
  'packages/business',
  'packages/identity',
  'packages/payments',
  'packages/catalogue',
  'packages/pos',
  'apps/server',
  'apps/web',
  'e2e',
];
const CACHE = join(ROOT, 'node_modules/.cache/tsc');
if (process.env.TYPECHECK_FRESH) rmSync(CACHE, { recursive: true, force: true });
mkdirSync(CACHE, { recursive: true });
// tsc itself, not through npx: npx's own start costs about as much as a small project's check.
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');
for (const p of projects) {
  run(process.execPath, [TSC, '-p', `${p}/tsconfig.json`, '--incremental', '--tsBuildInfoFile', join(CACHE, `${p.replace('/', '-')}.tsbuildinfo`)]);
}
