import { LEDGER_KIND_LABELS, maskAccount, paymentLineLabel, type StatementSource } from '@merchant/payments';
import type { Executor } from '@/db/client';
import { paymentLabelFacts } from '../charges/payment-labels.read-model';
import { payoutLabelFacts } from '../payouts/payouts.read-model';
import { transferLabelFacts } from '../send-money/transfers.read-model';
import type { StatementPageRow } from '../ledger/balances.read-model';

/** A line's source for the API, with the id the business knows it by (a payment's public id) for the CSV. */
export interface LineSource {
  source: StatementSource;
  reference: string;
}

type Refs = Pick<StatementPageRow, 'id' | 'kind' | 'paymentId' | 'refundId' | 'referenceType' | 'referenceId'>;

/**
 * The source of each line, keyed by entry id (issue 25: ids are shown as links with a human label): the transaction's
 * payment (its refund for a refund), payout or transfer, labelled from its own record read through the owning
 * module's read model (one read per kind of source on the page). A line whose source is gone or absent has none.
 */
export async function statementSources(db: Executor, businessId: string, rows: readonly Refs[]): Promise<Map<string, LineSource>> {
  const ids = (type: string) => [...new Set(rows.filter((r) => r.referenceType === type && r.referenceId).map((r) => r.referenceId!))];
  const paymentIds = [...new Set(rows.map((r) => r.paymentId).filter((id): id is string => id !== null))];
  const [paymentFacts, payoutFacts, transferFacts] = await Promise.all([
    paymentLabelFacts(db, businessId, paymentIds),
    payoutLabelFacts(db, businessId, ids('payout')),
    transferLabelFacts(db, businessId, ids('transfer')),
  ]);
  const paymentsById = new Map(paymentFacts.map((p) => [p.id, p]));
  const payoutsById = new Map(payoutFacts.map((p) => [p.id, p]));
  const transfersById = new Map(transferFacts.map((x) => [x.id, x]));
  const sources = new Map<string, LineSource>();
  for (const row of rows) {
    const payment = row.paymentId ? paymentsById.get(row.paymentId) : undefined;
    const payout = row.referenceType === 'payout' && row.referenceId ? payoutsById.get(row.referenceId) : undefined;
    const transfer = row.referenceType === 'transfer' && row.referenceId ? transfersById.get(row.referenceId) : undefined;
    if (payment) {
      const refund = row.kind === 'refund' || row.refundId !== null;
      sources.set(row.id, {
        source: { kind: refund ? 'refund' : 'payment', id: payment.id, label: paymentLineLabel(payment, refund) },
        reference: payment.publicId,
      });
    } else if (payout) {
      sources.set(row.id, {
        source: { kind: 'payout', id: payout.id, label: `Payout to ${payout.bankName} ${maskAccount(payout.accountNumber.slice(-4))}` },
        reference: payout.id,
      });
    } else if (transfer) {
      sources.set(row.id, { source: { kind: 'transfer', id: transfer.id, label: `Transfer to ${transfer.beneficiaryName}` }, reference: transfer.id });
    }
  }
  return sources;
}

/** What the CSV's description says of a line: its source's label, or the type's name without one. */
export const lineDescription = (row: Pick<Refs, 'kind'>, source: LineSource | undefined): string => source?.source.label ?? LEDGER_KIND_LABELS[row.kind];
