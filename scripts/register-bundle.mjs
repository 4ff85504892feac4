// The register's JavaScript budget (docs/benchmarks.md, "The register's JavaScript"): the chunks only the register
// (pos home) loads, gzipped (level 9, as a gzip-only client gets them), from the build's Vite manifest: its own chunk
// and the chunks it imports statically, less those the entry and the business shell load (every business screen pays
// for them) and less those another screen loads too (shared code, counted apart). Chunks loaded only when a dialog
// opens (dynamic imports) are listed apart. Needs a build first (npm run build). Exits 1 over the budget.
//   node scripts/register-bundle.mjs
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 150;
const ROOT = new URL('..', import.meta.url).pathname;
const DIST = join(ROOT, 'apps/web/dist');
const SCREEN = 'src/features/register/routes/register/register-screen.tsx';

const manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8'));
const kb = (n) => (n / 1024).toFixed(1);
const gz = (file) => gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;

/** The manifest's keys a key imports statically, itself included. */
function staticClosure(key, seen = new Set()) {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const next of manifest[key].imports ?? []) staticClosure(next, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
// What every business screen loads: the entry and the business shell (the layout the entry imports lazily).
const everyScreen = staticClosure(entryKey);
for (const k of manifest[entryKey].dynamicImports ?? []) if (manifest[k].name === 'business-shell') staticClosure(k, everyScreen);
if (!manifest[SCREEN]) throw new Error(`${SCREEN} is not in the build's manifest: was the register moved?`);
// What the other screens load (their lazy modules are the manifest's dynamic entries under src/).
const others = new Set();
for (const [k, v] of Object.entries(manifest)) if (v.isDynamicEntry && k.startsWith('src/') && k !== SCREEN) staticClosure(k, others);
const beyondShell = [...staticClosure(SCREEN)].filter((k) => !everyScreen.has(k));
const own = beyondShell.filter((k) => !others.has(k));
const shared = beyondShell.filter((k) => others.has(k));
const ownFiles = new Set(own.map((k) => manifest[k].file));
const later = new Set();
for (const k of own)
  for (const d of manifest[k].dynamicImports ?? [])
    for (const c of staticClosure(d)) if (!everyScreen.has(c) && !ownFiles.has(manifest[c].file)) later.add(manifest[c].file);

const rows = [...ownFiles].map((file) => ({ file, gz: gz(file) })).sort((a, b) => b.gz - a.gz);
const total = rows.reduce((sum, r) => sum + r.gz, 0);
const sharedGz = shared.reduce((sum, k) => sum + gz(manifest[k].file), 0);
const laterRows = [...later].map((file) => ({ file, gz: gz(file) })).sort((a, b) => b.gz - a.gz);
console.log(`The register's own JavaScript (loaded by no other screen), gzipped: ${kb(total)} KB in ${rows.length} chunks; budget ${BUDGET_KB} KB.`);
for (const r of rows) console.log(`  ${r.file}  ${kb(r.gz)} KB`);
console.log(
  `Shared with other screens, beyond the entry and the business shell: ${kb(sharedGz)} KB in ${shared.length} chunks (on a first visit to the register: ${kb(total + sharedGz)} KB).`,
);
console.log(`Loaded only when a dialog or tender opens: ${kb(laterRows.reduce((s, r) => s + r.gz, 0))} KB in ${laterRows.length} chunks.`);
for (const r of laterRows) console.log(`  ${r.file}  ${kb(r.gz)} KB`);
if (total / 1024 > BUDGET_KB) {
  console.error(`Over the register's budget of ${BUDGET_KB} KB gzipped.`);
  process.exit(1);
}
