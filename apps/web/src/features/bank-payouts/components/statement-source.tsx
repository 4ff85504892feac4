import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { LEDGER_KIND_LABELS, type StatementEntry } from '@merchant/payments';
import type { Business } from '@merchant/business';
import { recordScreen } from '@/app/record-screens';
import { canView } from '@/lib/session';

/**
 * A statement line's description: its source's label, linked to the source's detail screen (`recordScreen`: a refund
 * is shown on its payment's page) when the person may open it (issue 25: ids are shown as links with a human label);
 * the type's name for a line without a source.
 */
export function StatementSourceLabel({ entry, businessId, business }: { entry: StatementEntry; businessId: string; business: Business | undefined }) {
  const { source } = entry;
  if (!source) return <>{LEDGER_KIND_LABELS[entry.kind]}</>;
  const screen = recordScreen(source.kind, businessId, source.id);
  if (!screen || (screen.permission && !canView(business, screen.permission))) return <>{source.label}</>;
  return (
    <Anchor component={Link} to={screen.to} inherit>
      {source.label}
    </Anchor>
  );
}
