import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import type { Permission } from '@merchant/core';
import { LEDGER_KIND_LABELS, type StatementEntry, type StatementSource } from '@merchant/payments';
import { href } from '@/app/route-table';
import type { Business } from '@merchant/business';
import { canView } from '@/lib/session';

/** The detail screen of each kind of source (a refund is shown on its payment's page) and what opening it needs. */
function sourceRoute(businessId: string, source: StatementSource): { to: string; permission: Permission } {
  switch (source.kind) {
    case 'payment':
    case 'refund':
      return { to: href('payments.transactions-detail', { business_id: businessId, b_charge: source.id }), permission: 'payments:view' };
    case 'payout':
      return { to: href('payments.balance-payouts-detail', { business_id: businessId, payout: source.id }), permission: 'wallets:manage' };
    case 'transfer':
      return { to: href('payments.transfer-history-detail', { business_id: businessId, transfer: source.id }), permission: 'transfers:manage' };
  }
}

/**
 * A statement line's description: its source's label, linked to the source's detail screen when the person may open
 * it (issue 25: ids are shown as links with a human label); the type's name for a line without a source.
 */
export function StatementSourceLabel({ entry, businessId, business }: { entry: StatementEntry; businessId: string; business: Business | undefined }) {
  const { source } = entry;
  if (!source) return <>{LEDGER_KIND_LABELS[entry.kind]}</>;
  const route = sourceRoute(businessId, source);
  if (!canView(business, route.permission)) return <>{source.label}</>;
  return (
    <Anchor component={Link} to={route.to} inherit>
      {source.label}
    </Anchor>
  );
}
