import { EventEmitter } from 'node:events';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '@merchant/core';

/**
 * The app's WebSocket routes (the support chat's and the notifications' sockets) live in one encapsulated context
 * with `@fastify/websocket`: its request hooks (an onRequest and an onResponse on every route of the context it is
 * registered in) then run for these routes only, not for every answer of the app (docs/benchmarks.md, "What one
 * request costs"). A module adds its socket routes through `RouteHost.sockets`; the app installs them once all
 * modules have.
 */
export interface SocketRoutes {
  /** Registers socket routes (`websocket: true`) on the sockets' context; they also run the app's own hooks. */
  add(register: (sockets: FastifyInstance) => void): void;
}

/**
 * The `preValidation` of a member's socket (signed in with the session cookie): a page of another site cannot open it
 * with their cookie (cross-site WebSocket hijacking), then the endpoint's access hook (membership, permission).
 */
export function memberSocketGuard(accessHook: (req: FastifyRequest, reply: FastifyReply) => Promise<void>) {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const origin = req.headers.origin;
    if (origin && new URL(origin).host !== req.headers.host) throw new AppError('FORBIDDEN', 'This socket opens from the dashboard only.');
    await accessHook(req, reply);
  };
}

/** Socket frames are small (messages go over HTTP). */
const MAX_PAYLOAD = 4096;

/** A route pattern of find-my-way (`/v1/business/:business_id/...`) as a test of a request's path. */
function patternOf(url: string): RegExp {
  const parts = url.split('/').map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${parts.join('/')}/?$`);
}

export function createSocketRoutes(): SocketRoutes & { install(app: FastifyInstance): void } {
  const registrations: ((sockets: FastifyInstance) => void)[] = [];
  return {
    add: (register) => void registrations.push(register),
    install(app) {
      // Upgrades reach the plugin through this gate only when their path is a socket route's; any other upgrade is
      // refused at once (the plugin would otherwise route it to an ordinary route, whose answer leaves the socket open).
      const gate = new EventEmitter();
      const patterns: RegExp[] = [];
      let sockets: FastifyInstance | undefined;
      app.server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
        const path = (req.url ?? '/').split('?')[0] ?? '/';
        if (patterns.some((p) => p.test(path))) {
          gate.emit('upgrade', req, socket, head);
          return;
        }
        // Ended and destroyed once written: a client that keeps its side open holds no socket.
        socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n', () => socket.destroy());
      });
      app.register(async (scope) => {
        scope.addHook('onRoute', (route) => {
          const methods = Array.isArray(route.method) ? route.method : [route.method];
          if (route.websocket && methods.includes('GET')) patterns.push(patternOf(route.url));
        });
        // `server` is where the plugin listens for upgrades and where `injectWS` emits them: the gate (an emitter).
        await scope.register(websocket, { options: { maxPayload: MAX_PAYLOAD, server: gate as unknown as Server } });
        for (const register of registrations) register(scope);
        sockets = scope;
      });
      // The API tests open sockets through the app itself.
      app.decorate('injectWS', (...args: Parameters<FastifyInstance['injectWS']>) => {
        if (!sockets) throw new Error('The app is not ready: its sockets are not registered yet.');
        return sockets.injectWS(...args);
      });
    },
  };
}
