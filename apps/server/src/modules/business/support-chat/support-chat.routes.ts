import type { FastifyRequest } from 'fastify';
import type { WebSocket } from '@fastify/websocket';
import {
  CHAT_SOCKET_PATHS,
  ChatClientFrameSchema,
  ChatTokenSchema,
  supportChatEndpoints as endpoints,
  type ChatServerFrame,
  type ChatSide,
} from '@merchant/business';
import { AppError, type Endpoint } from '@merchant/core';
import { createAccessHook } from '@/http/access';
import { registerEndpoint } from '@/http/endpoint';
import type { RouteHost } from '@/modules/module';
import { createChatHub, type ChatClient } from './chat-hub';
import type { SupportChatService } from './support-chat.service';

/** Typing frames a socket may send on: one every so often, the rest are dropped. */
const TYPING_EVERY_MS = 2_000;
/** The largest frame a chat socket reads (a frame is a few ids, never a message: those go over HTTP). */
const MAX_FRAME_BYTES = 1024;

/** The staff socket's access rule, checked by the same hook as every business endpoint (session, membership, permission). */
const staffSocket = {
  id: 'supportChat.socket',
  method: 'GET',
  path: CHAT_SOCKET_PATHS.staff,
  access: { kind: 'business', permission: 'chat:view', standing: 'any' },
} as unknown as Endpoint;

declare module 'fastify' {
  interface FastifyRequest {
    /** The conversation a customer's socket opened with its token. */
    chatConversationId?: string;
  }
}

export function supportChatRoutes(host: RouteHost, chat: SupportChatService): void {
  const { app } = host;
  registerEndpoint(app, host, endpoints.start, async ({ params, body, ctx }) => chat.start(params.business_id, body, ctx));
  registerEndpoint(app, host, endpoints.read, async ({ params, query }) => chat.readPublic(params.business_id, params.token, query.after));
  registerEndpoint(app, host, endpoints.post, async ({ params, body, ctx }) => chat.postPublic(params.business_id, params.token, body.body, ctx));
  registerEndpoint(app, host, endpoints.inbox, async ({ ctx, query }) => chat.inbox(ctx, query));
  registerEndpoint(app, host, endpoints.thread, async ({ ctx, params }) => chat.thread(ctx, params.id));
  registerEndpoint(app, host, endpoints.answer, async ({ ctx, params, body }) => chat.answer(ctx, params.id, body.body));
  registerEndpoint(app, host, endpoints.assign, async ({ ctx, params, body }) => chat.assign(ctx, params.id, body.user_id));
  registerEndpoint(app, host, endpoints.setStatus, async ({ ctx, params, body }) => chat.setStatus(ctx, params.id, body.status));
  registerEndpoint(app, host, endpoints.cannedList, async ({ ctx }) => chat.cannedList(ctx));
  registerEndpoint(app, host, endpoints.cannedCreate, async ({ ctx, body }) => chat.cannedCreate(ctx, body));
  registerEndpoint(app, host, endpoints.cannedUpdate, async ({ ctx, params, body }) => chat.cannedUpdate(ctx, params.id, body));
  registerEndpoint(app, host, endpoints.cannedDelete, async ({ ctx, params }) => chat.cannedDelete(ctx, params.id));

  const hub = createChatHub({ changes: chat.changes, chat, onError: (error) => app.log.error({ err: error }, 'support chat delivery failed') });

  /** The frames of one socket: follow a conversation, typing, read marks. */
  function serve(socket: WebSocket, client: ChatClient, canMark: boolean) {
    let typedAt = 0;
    const fail = (error: unknown) => {
      app.log.error({ err: error }, 'support chat frame failed');
      socket.close(1011, 'Something went wrong');
    };
    socket.on('message', (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => {
      const raw = Buffer.isBuffer(data) ? data : Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data)]);
      let frame;
      try {
        frame = isBinary || raw.length > MAX_FRAME_BYTES ? null : ChatClientFrameSchema.safeParse(JSON.parse(raw.toString('utf8')));
      } catch {
        frame = null;
      }
      if (!frame?.success) {
        socket.close(1008, 'Not a chat frame');
        return;
      }
      const f = frame.data;
      const conversationId = client.side === 'customer' ? client.conversationId : (f.conversation_id ?? client.conversationId);
      if (!conversationId) return;
      if (f.type === 'follow') {
        if (client.side === 'customer') return void hub.follow(client, conversationId, f.after).catch(fail);
        // Staff follow any conversation of their business (the hub's reads are scoped by it).
        return void chat
          .conversation(client.businessId, conversationId)
          .then((row) => (row ? hub.follow(client, conversationId, f.after) : client.send({ type: 'conversation', conversation_id: conversationId })))
          .catch(fail);
      }
      if (f.type === 'typing') {
        const now = Date.now();
        if (now - typedAt < TYPING_EVERY_MS || conversationId !== client.conversationId) return;
        typedAt = now;
        return void chat.typing(client.businessId, conversationId, client.side).catch(fail);
      }
      if (f.type === 'read' && canMark && conversationId === client.conversationId) {
        return void chat.markRead(client.businessId, conversationId, client.side, Math.min(f.seq, client.lastSeq)).catch(fail);
      }
    });
    socket.on('close', () => hub.close(client));
    socket.on('error', () => hub.close(client));
    hub.open(client);
    client.send({ type: 'ready' });
  }

  const clientOf = (socket: WebSocket, side: ChatSide, businessId: string, conversationId: string | null): ChatClient => ({
    side,
    businessId,
    conversationId,
    lastSeq: 0,
    send(frame: ChatServerFrame) {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
    },
  });

  const accessHook = createAccessHook(staffSocket, { standings: host.standings });
  app.get(
    CHAT_SOCKET_PATHS.staff,
    {
      websocket: true,
      schema: { hide: true },
      preValidation: async (req: FastifyRequest, reply) => {
        // A page of another site cannot open a member's socket with their cookie (cross-site WebSocket hijacking).
        const origin = req.headers.origin;
        if (origin && new URL(origin).host !== req.headers.host) throw new AppError('FORBIDDEN', 'This socket opens from the dashboard only.');
        await accessHook(req, reply);
      },
    },
    (socket, req) => {
      const ctx = req.ctx;
      const businessId = ctx.business!.row.id;
      serve(socket, clientOf(socket, 'staff', businessId, null), ctx.business!.role !== null);
    },
  );

  app.get(
    CHAT_SOCKET_PATHS.customer,
    {
      websocket: true,
      schema: { hide: true },
      preValidation: async (req: FastifyRequest) => {
        const params = req.params as { business_id: string; token: string };
        if (!ChatTokenSchema.safeParse(params.token).success) throw new AppError('CHAT_TOKEN_INVALID', 'This conversation link is not valid.');
        req.chatConversationId = await chat.conversationOfToken(params.business_id, params.token);
      },
    },
    (socket, req) => {
      const { business_id: businessId } = req.params as { business_id: string };
      serve(socket, clientOf(socket, 'customer', businessId, req.chatConversationId ?? null), true);
    },
  );
}
