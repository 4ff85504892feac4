// Bundles the server into dist/server.mjs (or `--outdir <dir>`: the process tests' own copy, test/server-process.ts):
// workspace packages are bundled, npm packages stay external. `@/` is src/ (the tsconfig's paths, which esbuild reads).
import { build } from 'esbuild';
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const at = process.argv.indexOf('--outdir');
const outdir = at === -1 ? 'dist' : process.argv[at + 1];
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: ['src/server.ts'],
  outfile: join(outdir, 'server.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [
    {
      name: 'externalize-npm',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@merchant/') || args.path.startsWith('@/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});
cpSync('src/db/migrations', join(outdir, 'migrations'), { recursive: true });
console.log(`server built: ${join(outdir, 'server.mjs')}`);
