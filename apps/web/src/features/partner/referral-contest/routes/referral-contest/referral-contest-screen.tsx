import { Card, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { formatDateRange } from '@merchant/core';
import { referralEndpoints } from '@merchant/business';
import { DataList } from '@/components/data-list';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { Fact, FactRow } from '@/components/fact';
import { LoadingScreen } from '@/components/loading-screen';
import { PageFrame } from '@/components/page-frame';
import { endpointQuery } from '@/lib/queries';

/** The referral contest of this month: the partner's rank and count, and the leaderboard with other partners' names masked. */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const query = useQuery(endpointQuery(referralEndpoints.contest, { params: { business_id: businessId } }));

  if (query.isError) return <ErrorState message="The referral contest could not be loaded." onRetry={() => void query.refetch()} />;
  if (!query.data) return <LoadingScreen />;
  const contest = query.data;
  const { period, you } = contest;

  return (
    <PageFrame title="Referral contest" description={`This month's contest: ${formatDateRange(period.from, period.to)} (${period.time_zone}).`}>
      <Card withBorder radius="md" padding="md" component="section" aria-labelledby="standing-title">
        <Stack gap="sm">
          <Title order={2} size="h4" id="standing-title">
            Your standing
          </Title>
          <FactRow>
            <Fact label="Your rank">{you.rank === null ? 'Not ranked yet' : `${you.rank} of ${contest.partners} partners`}</Fact>
            <Fact label="Qualified referrals">{you.qualified}</Fact>
          </FactRow>
          <Text size="sm" c="dimmed">
            What counts: {contest.rule}
          </Text>
        </Stack>
      </Card>
      <Stack gap="sm" component="section" aria-labelledby="leaderboard-title">
        <Title order={2} size="h4" id="leaderboard-title">
          Leaderboard
        </Title>
        {contest.leaderboard.length === 0 ? (
          <EmptyState title="No qualified referrals yet this month" description="The first partner with a verified referral leads the board." />
        ) : (
          <DataList
            label="Leaderboard"
            rows={contest.leaderboard}
            rowKey={(r, i) => `${r.rank}-${i}`}
            columns={[
              { header: 'Rank', cell: (r) => r.rank, card: 'meta', nowrap: true },
              { header: 'Partner', cell: (r) => (r.you ? <strong>{`${r.name} (you)`}</strong> : r.name), card: 'title' },
              { header: 'Qualified referrals', cell: (r) => r.qualified, card: 'amount', align: 'right', nowrap: true },
            ]}
          />
        )}
        <Text size="xs" c="dimmed">
          Other partners are shown by their initials only.
        </Text>
      </Stack>
    </PageFrame>
  );
}
