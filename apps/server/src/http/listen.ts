import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { listenHosts } from '../lib/loopback';

/** Errors of an address family the machine does not have (no IPv6): that address is skipped. */
const MISSING_FAMILY = new Set(['EADDRNOTAVAIL', 'EAFNOSUPPORT']);

export interface Listening {
  /** Every address:port the server accepts connections on. */
  addresses: string[];
  /**
   * Stops the extra listeners as app.close() stops the first: no new connection, idle ones closed, requests in
   * flight answered; resolves once their connections have ended.
   */
  close(): Promise<void>;
  /** Ends every connection of the extra listeners at once (the shutdown's grace has run out). */
  destroy(): void;
}

/**
 * Listens on every address of BIND_HOST: `localhost` means 127.0.0.1 and ::1 (browsers and tools may
 * resolve the name to either), anything else is one address. The extra listeners share the app's handler.
 */
export async function listen(app: FastifyInstance, options: { host: string; port: number; logger: FastifyBaseLogger }): Promise<Listening> {
  const [first, ...others] = listenHosts(options.host);
  await app.listen({ port: options.port, host: first });
  const { port } = app.server.address() as AddressInfo;
  const extra: Server[] = [];
  for (const host of others) {
    const server = createServer(app.routing);
    // WebSocket upgrades (the chat's and the bell's sockets) go to the app's own server, where http/sockets.ts listens.
    server.on('upgrade', (req, socket, head) => app.server.emit('upgrade', req, socket, head));
    server.keepAliveTimeout = app.server.keepAliveTimeout;
    server.requestTimeout = app.server.requestTimeout;
    server.headersTimeout = app.server.headersTimeout;
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen({ port, host }, () => {
          server.off('error', reject);
          resolve();
        });
      });
      extra.push(server);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (!MISSING_FAMILY.has(code)) throw error;
      options.logger.warn(`not listening on ${host}: this machine has no such address (${code})`);
    }
  }
  const addresses = [app.server, ...extra].map((s) => {
    const a = s.address() as AddressInfo;
    return a.family === 'IPv6' ? `[${a.address}]:${a.port}` : `${a.address}:${a.port}`;
  });
  return {
    addresses,
    close: async () => {
      await Promise.all(
        extra.map(
          (s) =>
            new Promise<void>((resolve) => {
              s.close(() => resolve());
              s.closeIdleConnections();
            }),
        ),
      );
    },
    destroy: () => {
      for (const s of extra) s.closeAllConnections();
    },
  };
}
