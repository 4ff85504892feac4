// ESLint over the whole repository in four runs, one after the other, each its own process. Type-aware rules hold
// every TypeScript program they open; one run over every file outgrew Node's default heap on a fresh checkout
// (4 GB at two minutes in, "JavaScript heap out of memory"), while each part below peaks at about 2.5 GB.
// Each part keeps its results in its own cache file (by content): a run lints again only the files that changed.
import { pathToFileURL } from 'node:url';
import { runAsync } from './lib.mjs';

const PARTS = [
  { name: 'server', args: ['apps/server', '--ignore-pattern', 'apps/server/test/**'] },
  { name: 'server-tests', args: ['apps/server/test'] },
  { name: 'web', args: ['apps/web'] },
  { name: 'rest', args: ['.', '--ignore-pattern', 'apps/**'] },
];

/**
 * Runs every part (so one run shows every finding); answers 0 when all passed, else a failing part's exit code.
 * `npx` runs `npx` with the arguments (npm test prints its lines in a lane).
 */
export async function lint(npx = (args) => runAsync('npx', args)) {
  let failed = 0;
  for (const part of PARTS) {
    const code = await npx([
      'eslint',
      ...part.args,
      '--max-warnings=0',
      '--cache',
      '--cache-location',
      `node_modules/.cache/eslint/${part.name}.json`,
      '--cache-strategy',
      'content',
    ]);
    if (code !== 0) failed = code;
  }
  return failed;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) process.exit(await lint());
