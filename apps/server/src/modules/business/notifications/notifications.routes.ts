import type { WebSocket } from '@fastify/websocket';
import { NOTIFICATIONS_SOCKET_PATH, notificationsEndpoints as endpoints, type NotificationServerFrame } from '@merchant/business';
import type { Endpoint } from '@merchant/core';
import { createAccessHook } from '@/http/access';
import { registerEndpoint } from '@/http/endpoint';
import { memberSocketGuard } from '@/http/sockets';
import type { RouteHost } from '@/modules/module';
import { createNotificationsHub, type NotificationClient } from './notifications-hub';
import type { NotificationsService } from './notifications.service';

/** The socket's access rule, checked by the same hook as every business endpoint: session and membership (every role). */
const socketEndpoint = {
  id: 'notifications.socket',
  method: 'GET',
  path: NOTIFICATIONS_SOCKET_PATH,
  access: { kind: 'business', permission: 'business:view', standing: 'any' },
} as unknown as Endpoint;

export function notificationsRoutes(host: RouteHost, notifications: NotificationsService): void {
  const { app } = host;
  registerEndpoint(app, host, endpoints.list, async ({ ctx, query }) => notifications.list(ctx, query));
  registerEndpoint(app, host, endpoints.markAllRead, async ({ ctx }) => notifications.markAllRead(ctx));
  registerEndpoint(app, host, endpoints.markRead, async ({ ctx, params }) => notifications.markRead(ctx, params.id));

  const hub = createNotificationsHub(notifications.changes);
  const accessHook = createAccessHook(socketEndpoint, { standings: host.standings });
  host.sockets.add((sockets) =>
    sockets.get(
      NOTIFICATIONS_SOCKET_PATH,
      {
        websocket: true,
        schema: { hide: true },
        preValidation: memberSocketGuard(accessHook),
      },
      (socket: WebSocket, req) => {
        const client: NotificationClient = {
          businessId: req.ctx.business!.row.id,
          userId: req.ctx.user!.id,
          send(frame: NotificationServerFrame) {
            if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
          },
        };
        // The socket only listens: whatever a client sends closes it.
        socket.on('message', () => socket.close(1008, 'This socket takes no frames'));
        socket.on('close', () => hub.close(client));
        socket.on('error', () => hub.close(client));
        hub.open(client);
        client.send({ type: 'ready' });
      },
    ),
  );
}
