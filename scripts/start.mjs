// npm start: install what is missing, build, then serve (the server migrates and seeds on start).
import { build, ensureNodeModules, log, ROOT } from './lib.mjs';
import { spawn } from 'node:child_process';

ensureNodeModules();
build();
log('starting the server (migrates the database, seeds demo data into an empty one)');
// The server stops if this process is killed without passing the signal on (EXIT_WITH_PARENT).
const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/server.mjs'], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { EXIT_WITH_PARENT: 'on', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
