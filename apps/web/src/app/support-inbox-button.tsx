import { ActionIcon, Tooltip } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Business } from '@merchant/business';
import { href } from '@/app/route-table';
import { canView } from '@/lib/session';

/**
 * The support inbox from the header, on every screen of the business (docs/decisions.md, "Support chat"): the spec's
 * menus do not list it, and a conversation should be one click away wherever staff are, as Shopify Inbox is.
 */
export function SupportInboxButton({ business }: { business: Business }) {
  if (business.type === 'partner' || !canView(business, 'chat:view')) return null;
  return (
    <Tooltip label="Support inbox">
      <ActionIcon component={Link} to={href('payments.support', { business_id: business.id })} variant="default" size="lg" aria-label="Support inbox">
        <IconMessages size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
