import '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from '@fastify/websocket';
import {
  CHAT_LAUNCHER_PATH,
  CHAT_SOCKET_PATHS,
  ChatClientFrameSchema,
  MAX_CHAT_ATTACHMENT_BYTES,
  MAX_CHAT_MESSAGE_LENGTH,
  ChatTokenSchema,
  supportChatEndpoints as endpoints,
  type ChatServerFrame,
  type ChatSide,
} from '@merchant/business';
import { AppError, fieldError, type Endpoint } from '@merchant/core';
import { createAccessHook } from '@/http/access';
import { registerEndpoint } from '@/http/endpoint';
import { memberSocketGuard } from '@/http/sockets';
import type { RouteHost } from '@/modules/module';
import { contentDisposition } from '@/lib/content-disposition';
import { tooLarge } from './attachment-type';
import { launcherScript } from './launcher';
import { createChatHub, type ChatClient } from './chat-hub';
import type { ChatUpload, SupportChatService } from './support-chat.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

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

/** Reads an attachment's upload: one `file` part (refused past 5 MB while it streams in) and an optional `body` text part. */
async function readUpload(app: FastifyInstance, req: FastifyRequest): Promise<ChatUpload> {
  const notMultipart = () => fieldError('CHAT_ATTACHMENT_INVALID', 'file', 'Send the file as multipart/form-data with one part named "file".');
  if (!req.isMultipart()) throw notMultipart();
  let file: { bytes: Buffer; fileName: string } | null = null;
  let body = '';
  let name = 'The file';
  try {
    for await (const part of req.parts({ limits: { fileSize: MAX_CHAT_ATTACHMENT_BYTES, fieldSize: MAX_CHAT_MESSAGE_LENGTH * 4, files: 1 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) throw notMultipart();
        name = part.filename;
        file = { bytes: await part.toBuffer(), fileName: part.filename };
      } else if (part.fieldname === 'body' && typeof part.value === 'string') {
        body = part.value;
      }
    }
  } catch (error) {
    if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw tooLarge(name);
    if (error instanceof Error && 'code' in error && typeof error.code === 'string' && error.code.startsWith('FST_')) throw notMultipart();
    throw error;
  }
  if (!file) throw notMultipart();
  return { ...file, body };
}

/**
 * A message's file as it was checked: its own type (never sniffed again by the browser), images inline and PDFs
 * as a download, in a sandbox that runs nothing, kept by no cache.
 */
function sendFile(reply: FastifyReply, file: { name: string; contentType: string; stream: NodeJS.ReadableStream; size: number }) {
  reply
    .header('Content-Type', file.contentType)
    .header('Content-Length', String(file.size))
    .header('Content-Disposition', contentDisposition(file.name, file.contentType === 'application/pdf' ? 'attachment' : 'inline'))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('Cache-Control', 'private, no-store');
  return file.stream;
}

export function supportChatRoutes(host: RouteHost, chat: SupportChatService): void {
  const { app } = host;
  registerEndpoint(app, host, endpoints.start, async ({ params, body, ctx }) => chat.start(params.business_id, body, ctx));
  registerEndpoint(app, host, endpoints.read, async ({ params, query }) => chat.readPublic(params.business_id, params.token, query.after));
  registerEndpoint(app, host, endpoints.post, async ({ params, body, ctx }) => chat.postPublic(params.business_id, params.token, body.body, ctx));
  registerEndpoint(app, host, endpoints.postAttachment, async ({ params, req, ctx }) =>
    chat.postAttachment(params.business_id, params.token, () => readUpload(app, req), ctx),
  );
  registerEndpoint(app, host, endpoints.readAttachment, async ({ params, reply }) =>
    sendFile(reply, await chat.readAttachment(params.business_id, params.token, params.message_id)),
  );
  registerEndpoint(app, host, endpoints.answerAttachment, async ({ ctx, params, req }) => chat.answerAttachment(ctx, params.id, () => readUpload(app, req)));
  registerEndpoint(app, host, endpoints.staffAttachment, async ({ ctx, params, reply }) =>
    sendFile(reply, await chat.staffAttachment(ctx, params.id, params.message_id)),
  );
  registerEndpoint(app, host, endpoints.inbox, async ({ ctx, query }) => chat.inbox(ctx, query));
  registerEndpoint(app, host, endpoints.thread, async ({ ctx, params }) => chat.thread(ctx, params.id));
  registerEndpoint(app, host, endpoints.answer, async ({ ctx, params, body }) => chat.answer(ctx, params.id, body.body));
  registerEndpoint(app, host, endpoints.assign, async ({ ctx, params, body }) => chat.assign(ctx, params.id, body.user_id));
  registerEndpoint(app, host, endpoints.setStatus, async ({ ctx, params, body }) => chat.setStatus(ctx, params.id, body.status));
  registerEndpoint(app, host, endpoints.cannedList, async ({ ctx }) => chat.cannedList(ctx));
  registerEndpoint(app, host, endpoints.cannedCreate, async ({ ctx, body }) => chat.cannedCreate(ctx, body));
  registerEndpoint(app, host, endpoints.cannedUpdate, async ({ ctx, params, body }) => chat.cannedUpdate(ctx, params.id, body));
  registerEndpoint(app, host, endpoints.cannedDelete, async ({ ctx, params }) => chat.cannedDelete(ctx, params.id));

  // The embeddable launcher: a script, not an API answer (no JSON, no session); any site may load it.
  app.get(CHAT_LAUNCHER_PATH, { schema: { hide: true } }, async (req, reply) => {
    const { business_id: businessId } = req.params as { business_id: string };
    const name = UUID.test(businessId) ? await chat.businessName(businessId) : undefined;
    if (name === undefined) throw new AppError('CHAT_BUSINESS_NOT_FOUND', 'Business not found.');
    return reply
      .type('text/javascript; charset=utf-8')
      .header('Cache-Control', 'public, max-age=300')
      .header('Cross-Origin-Resource-Policy', 'cross-origin')
      .send(launcherScript(businessId, name));
  });

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
  host.sockets.add((sockets) => {
    sockets.get(
      CHAT_SOCKET_PATHS.staff,
      {
        websocket: true,
        schema: { hide: true },
        preValidation: memberSocketGuard(accessHook),
      },
      (socket, req) => {
        const ctx = req.ctx;
        const businessId = ctx.business!.row.id;
        serve(socket, clientOf(socket, 'staff', businessId, null), ctx.business!.role !== null);
      },
    );

    sockets.get(
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
  });
}
