import { formatLocalDate, formatMoney } from '@merchant/core';
import { renderEmail } from '@merchant/business';
import type { Executor } from '@/db/client';
import type { Mailer } from '@/mail/mailer';
import type { EmailTemplatesService } from '@/modules/business/email-templates/email-templates.service';
import { sendMoneyRepository as repo, type TransferRow } from './send-money.repository';

/**
 * Tells a beneficiary that a transfer arrived (docs/decisions.md, "Mailing the beneficiary"): in the arrival's
 * transaction, through the outbox, in the business's `transfer_received` template, only when the beneficiary has an
 * email and is not closed. The amount is what they received, in their currency.
 */
export function createTransferMail(deps: { mailer: Mailer; emailTemplates: Pick<EmailTemplatesService, 'template'> }) {
  const { mailer, emailTemplates } = deps;
  return {
    /**
     * The mail of a business's arrivals: the template is read first (on the embedded database a read outside the
     * transaction would wait for its end), the rest in the arrival's transaction.
     */
    async forBusiness(businessId: string): Promise<(tx: Executor, row: TransferRow) => Promise<void>> {
      const template = await emailTemplates.template(businessId, 'transfer_received');
      return async (tx, row) => {
        if (row.status !== 'completed') return;
        const beneficiary = await repo.findBeneficiary(tx, row.businessId, row.beneficiaryId);
        if (!beneficiary?.email || beneficiary.status !== 'active') return;
        const business = await repo.businessNameAndZone(tx, row.businessId);
        const rendered = renderEmail(template, {
          beneficiary_name: row.beneficiaryName,
          business_name: business?.name ?? '',
          amount: formatMoney(row.receiveAmount, row.targetCurrency),
          payment_date: formatLocalDate(row.completedAt ?? row.updatedAt, business?.timeZone ?? 'UTC'),
          reference: row.reference ?? '-',
        });
        await mailer.send(tx, { to: beneficiary.email, ...rendered });
      };
    },
  };
}
