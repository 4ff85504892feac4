import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '@merchant/core';
import { isLoopbackAddress } from '@/lib/loopback';
import type { Mailer } from '@/mail/mailer';

/** Headers a proxy adds when it forwards someone else's request. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'] as const;

/**
 * The mailbox holds password reset and invitation links, so it answers the machine itself only. The
 * socket's remote address decides (a client cannot forge it, whatever TRUST_PROXY says about req.ip);
 * a request that a proxy on this machine forwarded for someone else is refused too.
 */
async function onlyFromThisMachine(req: FastifyRequest): Promise<void> {
  const forwarded = FORWARDING_HEADERS.some((h) => req.headers[h] !== undefined);
  if (!isLoopbackAddress(req.socket.remoteAddress) || forwarded) {
    throw new AppError('FORBIDDEN', 'The dev mailbox answers requests from this machine only.');
  }
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const linkify = (s: string) => escapeHtml(s).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

/** Local runs without SMTP: every mail the product sent, readable in the browser (and as JSON for tests). */
export function devMailboxRoutes(app: FastifyInstance, mailer: Pick<Mailer, 'recent'>): void {
  const options = { schema: { hide: true }, onRequest: onlyFromThisMachine };
  app.get('/_dev/mailbox.json', options, async () => {
    const rows = await mailer.recent(100);
    return { data: rows.map((r) => ({ id: r.id, to: r.to, subject: r.subject, text: r.text, created_at: r.createdAt.toISOString() })) };
  });
  app.get('/_dev/mailbox', options, async (_req, reply) => {
    const rows = await mailer.recent(100);
    const items = rows
      .map(
        (r) =>
          `<article><h2>${escapeHtml(r.subject)}</h2><p><strong>To:</strong> ${escapeHtml(r.to)} · ${escapeHtml(r.createdAt.toISOString())}</p><pre>${linkify(r.text)}</pre></article>`,
      )
      .join('\n');
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev mailbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem}article{border:1px solid #ccc;border-radius:8px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap}</style></head>
<body><main><h1>Dev mailbox</h1><p>Mail the product sent while no SMTP server is configured (newest first).</p>${items || '<p>No mail yet.</p>'}</main></body></html>`;
    return reply.type('text/html; charset=utf-8').send(html);
  });
}
