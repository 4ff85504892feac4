import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** In `vite dev`, API calls go to the server (npm start) on API_TARGET. */
const API_TARGET = process.env.API_TARGET ?? 'http://localhost:3000';
const apiPaths = ['/csrf-token', '/auth', '/v1', '/password/email', '/openapi.json', '/_dev'];

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 800 },
  server: { proxy: Object.fromEntries(apiPaths.map((p) => [p, { target: API_TARGET, changeOrigin: false }])) },
});
