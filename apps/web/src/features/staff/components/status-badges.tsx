import { Badge } from '@mantine/core';

export function MemberStatusBadge({ status }: { status: 'active' | 'deactivated' }) {
  return (
    <Badge color={status === 'active' ? 'green' : 'gray'} variant="light">
      {status === 'active' ? 'Active' : 'Deactivated'}
    </Badge>
  );
}

export function InvitationStatusBadge({ expired }: { expired: boolean }) {
  return (
    <Badge color={expired ? 'red' : 'yellow'} variant="light">
      {expired ? 'Expired' : 'Pending'}
    </Badge>
  );
}
