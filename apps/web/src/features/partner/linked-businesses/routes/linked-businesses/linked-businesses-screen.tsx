import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { formatLocalDate, formatMoneyWithCode } from '@merchant/core';
import { partnerEndpoints, type LinkedBusiness } from '@merchant/business';
import { DataList } from '@/components/data-list';
import { StatusBadge } from '@/components/status-badge';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { LoadingScreen } from '@/components/loading-screen';
import { PageFrame } from '@/components/page-frame';
import { endpointQuery } from '@/lib/queries';
import { useBusiness } from '@/lib/session';

const volumeText = (b: LinkedBusiness) =>
  b.volume.length === 0 ? 'No payments yet' : b.volume.map((v) => `${formatMoneyWithCode(v.amount, v.currency)} (${v.count})`).join(', ');

/** The partner's linked businesses: each one's verification state and payment volume while linked, as totals only. */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const business = useBusiness(businessId);
  const query = useQuery(endpointQuery(partnerEndpoints.linkedBusinesses, { params: { business_id: businessId } }));

  if (query.isError) return <ErrorState message="The linked businesses could not be loaded." onRetry={() => void query.refetch()} />;
  if (!query.data || !business.data) return <LoadingScreen />;
  const zone = business.data.time_zone;
  const rows = query.data.businesses;

  return (
    <PageFrame
      title="Linked businesses"
      description="Businesses that signed up through your referral link. You see their state and totals, never their customers or payments."
    >
      {rows.length === 0 ? (
        <EmptyState
          title="No linked businesses yet"
          description="Share your referral link from the overview: businesses that sign up through it appear here."
        />
      ) : (
        <DataList
          label="Linked businesses"
          rows={rows}
          rowKey={(b) => b.link_id}
          columns={[
            { header: 'Business', cell: (b) => b.name, card: 'title' },
            {
              header: 'Verification',
              cell: (b) => <StatusBadge kind="linkedOnboarding" status={b.onboarding_status} />,
              card: 'status',
              nowrap: true,
            },
            { header: 'Volume while linked', cell: (b) => <Text size="sm">{volumeText(b)}</Text>, card: 'secondary' },
            { header: 'Linked on', cell: (b) => formatLocalDate(b.linked_at, zone), card: 'meta', nowrap: true },
            { header: 'Link', cell: (b) => (b.status === 'active' ? 'Linked' : `Ended ${formatLocalDate(b.ended_at, zone)}`), card: 'meta' },
          ]}
        />
      )}
    </PageFrame>
  );
}
