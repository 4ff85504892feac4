// The support chat benchmark's reference (bench/chat.mjs): a bare Fastify with @fastify/websocket and no database.
// A customer socket per conversation (`/s/:conversation`) and staff sockets (`/staff`); `POST /send/:conversation`
// pushes the message to the conversation's socket and a `conversation` frame to every staff socket, as the app's
// hub does, and answers 201. The floor of "send over HTTP, receive on a socket" on this machine.
import websocket from '@fastify/websocket';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
await app.register(websocket);
const customers = new Map();
const staff = new Set();

app.get('/s/:conversation', { websocket: true }, (socket, req) => {
  const { conversation } = req.params;
  customers.set(conversation, socket);
  socket.on('close', () => customers.delete(conversation));
  socket.send(JSON.stringify({ type: 'ready' }));
});
app.get('/staff', { websocket: true }, (socket) => {
  staff.add(socket);
  socket.on('close', () => staff.delete(socket));
  socket.send(JSON.stringify({ type: 'ready' }));
});
app.post('/send/:conversation', async (req, reply) => {
  const { conversation } = req.params;
  const message = { conversation_id: conversation, side: 'staff', body: req.body.body, created_at: new Date().toISOString() };
  customers.get(conversation)?.send(JSON.stringify({ type: 'message', message }));
  for (const socket of staff) socket.send(JSON.stringify({ type: 'conversation', conversation_id: conversation }));
  return reply.code(201).send(message);
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
