// Writes docs/roles.md from the permission map.
import { build } from 'esbuild';
import { writeFileSync } from 'node:fs';
import { ROOT } from './lib.mjs';

const out = await build({ entryPoints: [`${ROOT}/packages/core/src/permissions/roles-doc.ts`], bundle: true, format: 'esm', platform: 'node', write: false });
const mod = await import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString('base64')}`);
writeFileSync(`${ROOT}/docs/roles.md`, mod.renderRolesDoc());
console.log('docs/roles.md written');
