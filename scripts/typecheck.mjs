// Strict TypeScript over every workspace (each has its own tsconfig).
import { run } from './lib.mjs';

const projects = ['packages/core', 'packages/business', 'packages/identity', 'packages/payments', 'packages/catalogue', 'apps/server', 'apps/web', 'e2e'];
for (const p of projects) run('npx', ['tsc', '-p', `${p}/tsconfig.json`]);
