// Structure checks lint cannot make (run by `npm run lint` and `npm test`):
// 1. The import graph has no circle, type imports included (dpdm reads `import type` too), over the sources, the tests,
//    the browser tests, the scripts and the benchmarks (ESLint's import-x/no-cycle, which saw value imports only, was
//    its dearest rule without a cache: about 16 CPU-s of a fresh clone's lint).
// 2. No hand-written source file is over 500 lines. Counted: TypeScript and JavaScript under apps/,
//    packages/, scripts/ and bench/. Not counted: tests (*.test.*, *.e2e.*, e2e/), generated
//    migrations, build output. See docs/architecture.md "## Tooling".
// 3. Each server module uses only the tables it owns and the public surface of other modules
//    (scripts/check-ownership.mjs; docs/architecture.md "Table ownership").
// 4. No style breaks a word at any letter (`overflow-wrap: anywhere`, `word-break: break-all`) in the web app or the
//    server's pages and mails: long values wrap at their "@" and dots (components/long-text.tsx), other text between
//    words (docs/architecture.md, "List screens").
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { checkOwnership } from './check-ownership.mjs';
import { ROOT, log } from './lib.mjs';

export const MAX_LINES = 500;
const SOURCE = /^(apps|packages|scripts|bench)\/.*\.(ts|tsx|js|mjs|cjs)$/;
const NOT_HAND_WRITTEN = [/\.test\.[tj]sx?$/, /\.e2e\.ts$/, /^e2e\//, /\/db\/migrations\//, /\/dist\//];

log('import graph: no circle, type imports included (sources, tests, scripts, benchmarks)');
const cycles = spawnSync(
  'npx',
  [
    'dpdm',
    '--no-warning',
    '--no-tree',
    '--circular',
    '--progress=false',
    '--exit-code',
    'circular:1',
    '--ext',
    '.ts,.tsx,.mjs',
    'apps/web/src/**/*.{ts,tsx}',
    'apps/server/src/**/*.ts',
    'apps/server/test/**/*.ts',
    'packages/*/src/**/*.ts',
    'e2e/**/*.ts',
    'scripts/**/*.mjs',
    'bench/**/*.mjs',
  ],
  { cwd: ROOT, stdio: 'inherit' },
);

log(`file size: no hand-written source file over ${MAX_LINES} lines`);
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((f) => SOURCE.test(f) && !NOT_HAND_WRITTEN.some((re) => re.test(f)));
const tooLong = files.map((f) => ({ f, lines: readFileSync(`${ROOT}/${f}`, 'utf8').split('\n').length - 1 })).filter(({ lines }) => lines > MAX_LINES);
for (const { f, lines } of tooLong) process.stdout.write(`  ${f}: ${lines} lines (split it by section or capability)\n`);
if (tooLong.length === 0) process.stdout.write(`  ${files.length} files, none over ${MAX_LINES} lines\n`);

log('table ownership: a module uses its own tables and the public surface of others');
const ownership = await checkOwnership();
for (const problem of ownership) process.stdout.write(`  ${problem}\n`);
if (ownership.length === 0) process.stdout.write('  every table used by its owner, a shared read or a listed exception\n');
log('wrapping: no style breaks a word at any letter');
const WORD_BREAKERS = /overflow-?wrap\s*:\s*['"]?anywhere|word-?break\s*:\s*['"]?break-all/i;
const STYLED = /^apps\/(web|server)\/src\/.*\.(ts|tsx|css|html)$/;
const breakers = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((f) => STYLED.test(f) && !/\.test\.[tj]sx?$/.test(f))
  .flatMap((f) =>
    readFileSync(`${ROOT}/${f}`, 'utf8')
      .split('\n')
      .map((line, i) => ({ f, line: i + 1, text: line }))
      .filter(({ text }) => WORD_BREAKERS.test(text) && !/^\s*(\/\/|\*|\/\*)/.test(text)),
  );
for (const { f, line } of breakers) process.stdout.write(`  ${f}:${line}: breaks words at any letter (use overflow-wrap: break-word and wrapPoints)\n`);
if (breakers.length === 0) process.stdout.write('  no overflow-wrap: anywhere or word-break: break-all\n');
if (cycles.status !== 0 || tooLong.length > 0 || ownership.length > 0 || breakers.length > 0) process.exit(1);
