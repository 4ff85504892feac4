import type { MailMessage, Mailer } from './mailer';

/** The line every mail opens with while payments run on the test processor. */
export const TEST_MODE_MAIL_LINE = 'Test mode: this mail tells of test activity. No real money moved.';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const HTML_MARK = `<p style="margin:0 0 16px;padding:8px 12px;border-radius:6px;background:#fff3bf;color:#5c3c00;font-weight:600">${escape(TEST_MODE_MAIL_LINE)}</p>`;

/** A mail as it is sent in test mode: the mark's line first in the text, and as a banner at the top of the HTML body. */
export function markTestMail(message: MailMessage): MailMessage {
  const html = message.html
    ? /<body[^>]*>/i.test(message.html)
      ? message.html.replace(/<body[^>]*>/i, (open) => `${open}${HTML_MARK}`)
      : `${HTML_MARK}${message.html}`
    : undefined;
  return { ...message, text: `${TEST_MODE_MAIL_LINE}\n\n${message.text}`, ...(html ? { html } : {}) };
}

/**
 * The mail layout's one place for the Test mode mark: every mail the modules send goes through it, and carries the
 * mark while `testMode()` says payments run on the test processor (asked at each send).
 */
export function withTestModeMark(mailer: Mailer, testMode: () => boolean): Mailer {
  return {
    ...mailer,
    send: (db, message) => mailer.send(db, testMode() ? markTestMail(message) : message),
    write: (db, message) => mailer.write(db, testMode() ? markTestMail(message) : message),
  };
}
