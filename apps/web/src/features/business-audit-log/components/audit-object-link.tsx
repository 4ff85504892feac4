import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import type { Business } from '@merchant/business';
import { recordScreen } from '@/app/record-screens';
import { canView } from '@/lib/session';

/**
 * What an audit entry is about, as a link to its screen (`recordScreen`; issue 25: records are named by links, not by
 * ids), when the record has one and the viewer may open it; nothing otherwise (the description already says what it is).
 */
export function AuditObjectLink({
  businessId,
  business,
  objectType,
  objectId,
}: {
  businessId: string;
  business: Business | undefined;
  objectType: string | null;
  objectId: string | null;
}) {
  const screen = objectType && objectId ? recordScreen(objectType, businessId, objectId) : null;
  if (!screen || (screen.permission && !canView(business, screen.permission))) return null;
  return (
    <Anchor component={Link} to={screen.to} size="xs">
      {screen.label}
    </Anchor>
  );
}
