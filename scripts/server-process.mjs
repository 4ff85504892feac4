// What the scripts and benchmarks that start the built server share: a free port, waiting for an answer,
// and signing in as the demo owner over HTTP.
import { createServer } from 'node:net';

/** A TCP port nobody listens on right now (on 127.0.0.1). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Waits until `url` answers 2xx; fails early when the given child process has exited. */
export async function waitFor(url, child, timeoutMs = 100_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no answer from ${url}`);
}

const XHR = { 'x-requested-with': 'XMLHttpRequest' };

/** Signs in as the seeded demo owner; answers the session cookie and the signed-in user. */
export async function signInDemoOwner(base) {
  const csrf = await fetch(`${base}/csrf-token`, { method: 'POST', headers: XHR });
  const guest = csrf.headers.get('set-cookie').split(';')[0];
  const { token } = await csrf.json();
  const login = await fetch(`${base}/auth`, {
    method: 'POST',
    headers: { ...XHR, cookie: guest, 'content-type': 'application/json', 'x-csrf-token': token },
    body: JSON.stringify({ email: 'owner@demo.test', password: 'demo-password' }),
  });
  if (login.status !== 200) throw new Error(`sign-in answered ${login.status}`);
  const cookie = login.headers.get('set-cookie').split(';')[0];
  const res = await fetch(`${base}/v1/user`, { headers: { ...XHR, cookie } });
  if (res.status !== 200) throw new Error(`GET /v1/user answered ${res.status}`);
  return { cookie, user: await res.json() };
}
