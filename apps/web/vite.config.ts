import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
// The config runs in plain Node, which cannot load the package's TypeScript entry: the file itself is bundled.
import { isApiPath } from '../../packages/core/src/http/api-paths';
import { firstScreenChunks } from './first-screen-chunks';
import { mantineStyles } from './mantine-styles';
import { precompress } from './precompress';

/** In `vite dev`, API calls go to the server (npm start) on API_TARGET; GET and HEAD of pages stay with Vite. */
const API_TARGET = process.env.API_TARGET ?? 'http://localhost:3000';
const isPageRead = (method: string | undefined, url: string | undefined) => (method === 'GET' || method === 'HEAD') && !isApiPath(url ?? '/');

export default defineConfig({
  plugins: [
    react(),
    mantineStyles(),
    precompress(),
    // The signed-in landing screen's code in a few chunks instead of about 60 (first-screen-chunks.ts). The
    // server preloads the groups' chunks by these names (apps/server/src/http/page-bootstrap.ts).
    firstScreenChunks({
      groups: [
        { name: 'business-shell', roots: ['src/app/layouts/business-layout.tsx', '../../packages/business/src/business.ts'] },
        { name: 'payments-overview', roots: ['src/features/payments/overview/routes/overview/overview-screen.tsx'] },
      ],
      keep: ['src/app/layouts/guest-layout.tsx', 'src/features/auth/routes/login/login-screen.tsx'],
      screenMaps: ['src/app/screens/guest-screens.ts'],
      shared: 'app-shared',
      keptShared: 'first-shared',
    }),
  ],
  // `@/` is src/ (the same alias as tsconfig.json's paths).
  resolve: { alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) }] },
  // No source maps in the build: the server would never serve them (docs/decisions.md); `vite dev` has its own.
  build: {
    outDir: 'dist',
    sourcemap: false,
    // terser packs the entry about 2% tighter than esbuild; the login screen's budget is counted in those KB.
    minify: 'terser',
    // Every browser the product supports preloads modules natively: no polyfill in the entry.
    modulePreload: { polyfill: false },
    // `.vite/manifest.json`: which files each screen's module needs, for the server's page preloads (never served).
    manifest: true,
    rollupOptions: {
      // Mantine's index re-exports these two, which do not declare themselves free of side effects, so every
      // screen would carry them; they have none, and the dialogs and snackbars that use them still get them.
      treeshake: { moduleSideEffects: (id) => !/\/node_modules\/(react-remove-scroll|react-transition-group)\//.test(id) },
      // A screen's many small shared chunks (one per Mantine component, icon, contract part) each cost a round
      // trip on a phone: chunks under 8 KB are merged into a chunk loaded with them (the overview fetches 185
      // files instead of 244; /login 10 scripts instead of 19, for 0.3 KB more of code it does not run).
      output: { experimentalMinChunkSize: 8 * 1024 },
    },
  },
  server: {
    proxy: {
      // Every path the server may answer: its own prefixes, and the guest form posts beside their pages.
      '^/(?!@|src/|node_modules/|assets/)': {
        target: API_TARGET,
        changeOrigin: false,
        bypass: (req) => (isPageRead(req.method, req.url) ? req.url : undefined),
      },
    },
  },
});
