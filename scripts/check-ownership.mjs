// Each server module owns its tables (docs/architecture.md, "Table ownership"; the map: apps/server/src/db/ownership.ts).
// 1. A file of a module imports of another module only its public surface: `*.module.ts`, `*.service.ts`,
//    `*.types.ts`, `*.presenter.ts`, `*.read-model.ts` and the files of PUBLIC_FILES (shared code directly in
//    modules/ and modules/<area>/ is open to all; the platform layers outside modules/ are not modules).
// 2. A file names (imports from db/schema, or names in raw SQL) only tables its module owns, tables the owner
//    shares for reading (SHARED_READS, never written), or tables of an explicit exception.
// 3. The owner's table list matches the schema: every table has one owner, every owner is a module folder.
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { transformSync } from 'esbuild';
import { ROOT } from './lib.mjs';

const SRC = 'apps/server/src';
const PUBLIC = /\.(module|service|types|presenter|read-model)$/;
const SKIP = [/\.test\.ts$/, /^apps\/server\/src\/db\/(schema|migrations)\//, /^apps\/server\/src\/db\/ownership\.ts$/];

const walk = (dir) =>
  readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    return statSync(join(ROOT, path)).isDirectory() ? walk(path) : [path];
  });

/** `area/module` for a file of a module folder, the area or `modules` for shared module code, else the top folder. */
export function moduleOf(file) {
  const parts = relative(SRC, file).split('/');
  if (parts[0] !== 'modules') return parts.length > 1 ? parts[0] : 'app';
  return parts.length > 3 ? `${parts[1]}/${parts[2]}` : parts.length > 2 ? `area:${parts[1]}` : 'area:modules';
}

async function loadOwnership() {
  const { code } = transformSync(readFileSync(join(ROOT, SRC, 'db/ownership.ts'), 'utf8'), { loader: 'ts', format: 'esm' });
  return import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
}

function tablesOfSchema() {
  const tables = new Map();
  for (const file of walk(`${SRC}/db/schema`))
    for (const m of readFileSync(join(ROOT, file), 'utf8').matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)) tables.set(m[1], m[2]);
  return tables;
}

function resolveImport(file, spec) {
  if (spec.startsWith('@/')) return `${SRC}/${spec.slice(2)}`;
  if (spec.startsWith('.')) return join(dirname(file), spec);
  return null;
}

const WRITE = (name, sqlName) => new RegExp(`\\.(insert|update|delete)\\(\\s*${name}\\b|\\b(insert\\s+into|update|delete\\s+from)\\s+"?${sqlName}"?\\b`, 'i');

export async function checkOwnership() {
  const { TABLE_OWNERS, SHARED_READS, PUBLIC_FILES, OUTSIDE_OWNERSHIP, OWNERSHIP_EXCEPTIONS } = await loadOwnership();
  const tables = tablesOfSchema();
  const problems = [];
  for (const name of tables.keys()) if (!TABLE_OWNERS[name]) problems.push(`db/ownership.ts: table ${name} has no owner`);
  for (const [name, owner] of Object.entries(TABLE_OWNERS)) {
    if (!tables.has(name)) problems.push(`db/ownership.ts: ${name} is not a table of db/schema`);
    if (owner !== 'http' && !existsSync(join(ROOT, SRC, 'modules', owner))) problems.push(`db/ownership.ts: ${name}'s owner ${owner} is no module folder`);
  }
  const excepted = new Set(OWNERSHIP_EXCEPTIONS.map(({ file, table, imports }) => `${file} ${table ?? imports}`));
  for (const file of [...Object.keys(PUBLIC_FILES), ...Object.keys(OUTSIDE_OWNERSHIP)])
    if (!existsSync(join(ROOT, SRC, file))) problems.push(`db/ownership.ts: ${file} does not exist`);
  const used = new Set();

  for (const file of walk(SRC).filter((f) => f.endsWith('.ts') && !SKIP.some((re) => re.test(f)))) {
    const short = relative(SRC, file);
    if (OUTSIDE_OWNERSHIP[short]) continue;
    const text = readFileSync(join(ROOT, file), 'utf8');
    const mine = moduleOf(file);
    const named = new Set();
    for (const m of text.matchAll(/import\s+(type\s+)?([^;]*?)\s+from\s+'([^']+)'/gs)) {
      const target = resolveImport(file, m[3]);
      if (!target) continue;
      if (/\/db\/schema$/.test(target) && !m[1]) {
        for (const part of m[2].replace(/[{}]/g, '').split(',')) {
          const name = part.trim().split(/\s+as\s+/)[0];
          if (tables.has(name) && !part.trim().startsWith('type ')) named.add(name);
        }
      }
      if (!mine.includes('/') || !target.startsWith(`${SRC}/modules/`)) continue;
      const theirs = moduleOf(`${target}.ts`);
      const their = relative(`${SRC}/modules`, target);
      if (!theirs.includes('/') || theirs === mine || PUBLIC.test(target) || PUBLIC_FILES[`modules/${their}.ts`]) continue;
      if (excepted.has(`${short} ${their}`)) {
        used.add(`${short} ${their}`);
        continue;
      }
      problems.push(`${short}: imports ${their}, not the public surface of ${theirs} (its module, service, types, presenters or read models)`);
    }
    for (const [name, sqlName] of tables) if (new RegExp(`\\b(from|join|into|update)\\s+"?${sqlName}"?\\b`, 'i').test(text)) named.add(name);
    for (const name of named) {
      const owner = TABLE_OWNERS[name];
      if (!owner || owner === mine) continue;
      const key = `${short} ${name}`;
      if (excepted.has(key)) {
        used.add(key);
        continue;
      }
      if (SHARED_READS[name] && !WRITE(name, tables.get(name)).test(text)) continue;
      problems.push(
        `${short}: uses ${name}, owned by ${owner}${SHARED_READS[name] ? ' (shared for reading only)' : ''}: call its service or a read model of ${owner}`,
      );
    }
  }
  for (const key of excepted) if (!used.has(key)) problems.push(`db/ownership.ts: the exception "${key}" is no longer needed`);
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const problems = await checkOwnership();
  for (const p of problems) process.stdout.write(`  ${p}\n`);
  process.exit(problems.length ? 1 : 0);
}
