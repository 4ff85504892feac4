import { formatMoneyWithCode } from '@merchant/core';
import { renderEmail } from '@merchant/business';
import type { Executor } from '@/db/client';
import type { Mailer } from '@/mail/mailer';
import type { EmailTemplatesService } from '@/modules/business/email-templates/email-templates.service';
import { sendMoneyRepository as repo, type TransferRow } from './send-money.repository';

const displayDate = (d: Date) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(d);

/**
 * Tells a beneficiary that a transfer arrived (docs/decisions.md, "Mailing the beneficiary"): after the transfer's
 * commit, through the outbox, in the business's `transfer_received` template, only when the beneficiary has an
 * email and is not closed. The amount is what they received, in their currency.
 */
export function createTransferMail(deps: { db: Executor; mailer: Mailer; emailTemplates: Pick<EmailTemplatesService, 'template'> }) {
  const { db, mailer, emailTemplates } = deps;
  return {
    async arrived(row: TransferRow): Promise<void> {
      if (row.status !== 'completed') return;
      const beneficiary = await repo.findBeneficiary(db, row.businessId, row.beneficiaryId);
      if (!beneficiary?.email || beneficiary.status !== 'active') return;
      const businessName = (await repo.businessName(db, row.businessId)) ?? '';
      const template = await emailTemplates.template(row.businessId, 'transfer_received');
      const rendered = renderEmail(template, {
        beneficiary_name: row.beneficiaryName,
        business_name: businessName,
        amount: formatMoneyWithCode(row.receiveAmount, row.targetCurrency),
        payment_date: displayDate(row.completedAt ?? row.updatedAt),
        reference: row.reference ?? '-',
      });
      await mailer.send({ to: beneficiary.email, ...rendered });
    },
  };
}
