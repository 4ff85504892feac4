import { AppError, type ApiIssue } from '@merchant/core';
import {
  EMAIL_TEMPLATES,
  EMAIL_TEMPLATE_KEYS,
  renderEmail,
  sampleValues,
  unknownVariables,
  type EmailTemplate,
  type EmailTemplateKey,
} from '@merchant/business';
import type { Executor } from '@/db/client';
import type { BusinessContext } from '@/http/context';
import type { Clock } from '@/lib/clock';
import type { RateLimiter } from '@/lib/rate-limit';
import type { Mailer } from '@/mail/mailer';
import type { AuditService } from '@/modules/platform/audit/audit.service';
import { emailTemplatesRepository as repo, type EmailTemplateRow } from './email-templates.repository';

/** Test mails per person and business: a few while editing, not a mail cannon. */
const TEST_MAILS_PER_WINDOW = 5;
const TEST_MAIL_WINDOW_MS = 10 * 60 * 1000;

function present(key: EmailTemplateKey, row: EmailTemplateRow | null | undefined): EmailTemplate {
  const def = EMAIL_TEMPLATES[key];
  return {
    key,
    label: def.label,
    description: def.description,
    group: def.group,
    variables: [...def.variables],
    subject: row?.subject ?? def.subject,
    body: row?.body ?? def.body,
    is_custom: Boolean(row),
    updated_at: row?.updatedAt.toISOString() ?? null,
  };
}

/** A 422 naming every variable the template does not know, on the field that uses it. */
function assertKnownVariables(key: EmailTemplateKey, draft: { subject: string; body: string }): void {
  const allowed = EMAIL_TEMPLATES[key].variables;
  const issues: ApiIssue[] = [];
  for (const field of ['subject', 'body'] as const) {
    const unknown = unknownVariables(draft[field], allowed);
    if (unknown.length > 0) {
      issues.push({
        path: field,
        message: `Unknown ${unknown.length === 1 ? 'variable' : 'variables'} ${unknown.map((n) => `{{${n}}}`).join(', ')}. This mail knows ${allowed.map((n) => `{{${n}}}`).join(', ')}.`,
      });
    }
  }
  if (issues.length > 0) throw new AppError('EMAIL_TEMPLATE_UNKNOWN_VARIABLE', issues.map((i) => i.message).join(' '), issues);
}

export function createEmailTemplatesService(deps: { db: Executor; clock: Clock; audit: AuditService; mailer: Mailer; limiter: RateLimiter }) {
  const { db, clock, audit } = deps;
  return {
    async list(businessId: string): Promise<EmailTemplate[]> {
      const rows = await repo.listForBusiness(db, businessId);
      return EMAIL_TEMPLATE_KEYS.map((key) =>
        present(
          key,
          rows.find((r) => r.template === key),
        ),
      );
    },

    async save(ctx: BusinessContext, key: EmailTemplateKey, draft: { subject: string; body: string }) {
      const businessId = ctx.business.row.id;
      const actorUserId = ctx.user.id;
      assertKnownVariables(key, draft);
      return db.transaction(async (tx) => {
        const row = await repo.upsert(tx, {
          businessId,
          template: key,
          subject: draft.subject,
          body: draft.body,
          updatedByUserId: actorUserId,
          updatedAt: clock.now(),
        });
        await audit.record(tx, ctx, {
          action: 'email_template.updated',
          description: `Saved the “${EMAIL_TEMPLATES[key].label}” email template`,
          actorUserId,
          businessId,
          objectType: 'email_template',
          objectId: key,
          meta: { subject: draft.subject },
        });
        return present(key, row);
      });
    },

    async reset(ctx: BusinessContext, key: EmailTemplateKey) {
      const businessId = ctx.business.row.id;
      const actorUserId = ctx.user.id;
      return db.transaction(async (tx) => {
        const existed = await repo.remove(tx, businessId, key);
        if (existed) {
          await audit.record(tx, ctx, {
            action: 'email_template.reset',
            description: `Reset the “${EMAIL_TEMPLATES[key].label}” email template to the default`,
            actorUserId,
            businessId,
            objectType: 'email_template',
            objectId: key,
          });
        }
        return present(key, null);
      });
    },

    /** The business's template (its own or the default): what a customer mail says, before `renderEmail` (`executor`: the mail's transaction). */
    async template(businessId: string, key: EmailTemplateKey, executor: Executor = db): Promise<{ subject: string; body: string }> {
      const { subject, body } = present(key, await repo.find(executor, businessId, key));
      return { subject, body };
    },

    /** Renders the draft (or the saved template) with sample values and mails it to the caller. */
    async sendTest(ctx: BusinessContext, key: EmailTemplateKey, draft: { subject?: string | undefined; body?: string | undefined }) {
      const { user } = ctx;
      const business = ctx.business.row;
      const template =
        draft.subject !== undefined && draft.body !== undefined
          ? { subject: draft.subject, body: draft.body }
          : present(key, await repo.find(db, business.id, key));
      assertKnownVariables(key, template);
      const hits = await deps.limiter.hit(`email-template-test:${business.id}:${user.id}`, TEST_MAIL_WINDOW_MS);
      if (hits > TEST_MAILS_PER_WINDOW) {
        throw new AppError('RATE_LIMITED', 'You have sent several test mails in the last few minutes. Try again in 10 minutes.');
      }
      const mail = renderEmail(template, sampleValues(business, clock.now()));
      // A test mail changes nothing else: it is kept on its own.
      await deps.mailer.send(db, { to: user.email, subject: `[Test] ${mail.subject}`, text: mail.text, html: mail.html });
      return { sent_to: user.email };
    },
  };
}

export type EmailTemplatesService = ReturnType<typeof createEmailTemplatesService>;
