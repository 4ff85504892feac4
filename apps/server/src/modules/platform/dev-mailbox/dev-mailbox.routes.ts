import type { FastifyInstance } from 'fastify';
import { onlyFromThisMachine } from '@/lib/loopback';
import type { Mailer } from '@/mail/mailer';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const linkify = (s: string) => escapeHtml(s).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

/** Local runs without SMTP: every mail the product sent, readable in the browser (and as JSON for tests). */
export function devMailboxRoutes(app: FastifyInstance, mailer: Pick<Mailer, 'recent'>): void {
  // The mailbox holds password reset and invitation links.
  const options = { schema: { hide: true }, onRequest: onlyFromThisMachine('dev mailbox') };
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
