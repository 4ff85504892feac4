// Lint: the type-aware rules in oxlint (.oxlintrc.json: promises awaited, returned or voided, never handed to a place
// that expects a plain function or a boolean; its tsgolint builds each workspace's program with TypeScript 7), then
// ESLint's rules without type information (eslint.config.js: the house style's import boundaries, the hooks; cycles
// are dpdm's, in scripts/check-structure.mjs) in one process, its results kept in node_modules/.cache/eslint/ by
// content so a run lints again only the files that changed. typescript-eslint's type-aware run cost about 200 CPU-s and 2.5 GB per part on a fresh checkout;
// oxlint does the same two rules in about 50 CPU-s (the findings compared on injected mistakes).
import { pathToFileURL } from 'node:url';
import { runAsync } from './lib.mjs';

/** What the type-aware rules read: every file a workspace tsconfig covers (scripts/typecheck.mjs checks the same). */
const TYPED = [
  'apps/server/src',
  'apps/server/test',
  'apps/server/drizzle.config.ts',
  'apps/web/src',
  'apps/web/vite.config.ts',
  'apps/web/precompress.ts',
  'apps/web/mantine-styles.ts',
  'apps/web/first-screen-chunks.ts',
  'packages',
  'e2e',
];

/**
 * Runs both (so one run shows every finding); answers 0 when both passed, else a failing one's exit code.
 * `npx` runs `npx` with the arguments (npm test prints its lines in a lane).
 */
export async function lint(npx = (args) => runAsync('npx', args)) {
  const typed = await npx(['oxlint', '--type-aware', '--deny-warnings', ...TYPED]);
  const rest = await npx([
    'eslint',
    '.',
    '--max-warnings=0',
    '--cache',
    '--cache-location',
    'node_modules/.cache/eslint/all.json',
    '--cache-strategy',
    'content',
  ]);
  return typed || rest;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) process.exit(await lint());
