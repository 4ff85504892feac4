import type { FastifyInstance } from 'fastify';
import { AppError } from '@merchant/core';
import { onlyFromThisMachine } from '@/lib/loopback';
import type { KeptMail, Mailer } from '@/mail/mailer';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const attachmentList = (mail: KeptMail) =>
  mail.attachments.length
    ? `<p><strong>Attachments:</strong></p><ul>${attachmentsOf(mail)
        .map((a) => `<li><a href="${a.url}" download>${escapeHtml(a.filename)}</a> (${escapeHtml(a.content_type)}, ${Math.ceil(a.size / 1024)} KB)</li>`)
        .join('')}</ul>`
    : '';
const linkify = (s: string) => escapeHtml(s).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

/** Where the mailbox serves a kept mail's attachment. */
const attachmentPath = (mailId: string, position: number) => `/_dev/mailbox/${mailId}/attachments/${position}`;

const attachmentsOf = (mail: KeptMail) =>
  mail.attachments.map((a) => ({ filename: a.filename, content_type: a.contentType, size: a.size, url: attachmentPath(mail.id, a.position) }));

/** Local runs without SMTP: every mail the product sent, readable in the browser (and as JSON for tests). */
export function devMailboxRoutes(app: FastifyInstance, mailer: Pick<Mailer, 'recent' | 'attachment'>): void {
  // The mailbox holds password reset and invitation links.
  const options = { schema: { hide: true }, onRequest: onlyFromThisMachine('dev mailbox') };
  app.get('/_dev/mailbox.json', options, async () => {
    const rows = await mailer.recent(100);
    return {
      data: rows.map((r) => ({ id: r.id, to: r.to, subject: r.subject, text: r.text, attachments: attachmentsOf(r), created_at: r.createdAt.toISOString() })),
    };
  });
  app.get<{ Params: { mail_id: string; position: string } }>('/_dev/mailbox/:mail_id/attachments/:position', options, async (req, reply) => {
    const { mail_id: mailId, position } = req.params;
    const file = /^[0-9a-f-]{36}$/.test(mailId) && /^\d{1,3}$/.test(position) ? await mailer.attachment(mailId, Number(position)) : undefined;
    if (!file) throw new AppError('NOT_FOUND', 'No such attachment.');
    return reply
      .type(file.contentType)
      .header('content-disposition', `attachment; filename="${file.filename.replace(/["\\\r\n]/g, '_')}"`)
      .send(file.content);
  });
  app.get('/_dev/mailbox', options, async (_req, reply) => {
    const rows = await mailer.recent(100);
    const items = rows
      .map(
        (r) =>
          `<article><h2>${escapeHtml(r.subject)}</h2><p><strong>To:</strong> ${escapeHtml(r.to)} · ${escapeHtml(r.createdAt.toISOString())}</p><pre>${linkify(r.text)}</pre>${attachmentList(r)}</article>`,
      )
      .join('\n');
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev mailbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem}article{border:1px solid #ccc;border-radius:8px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap}</style></head>
<body><main><h1>Dev mailbox</h1><p>Mail the product sent while no SMTP server is configured (newest first).</p>${items || '<p>No mail yet.</p>'}</main></body></html>`;
    return reply.type('text/html; charset=utf-8').send(html);
  });
}
