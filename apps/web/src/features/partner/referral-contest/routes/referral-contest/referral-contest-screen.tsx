import { Badge, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { formatDateTime, formatMoneyWithCode } from '@merchant/core';
import { referralEndpoints, type ContestPrize, type ReferralContest } from '@merchant/business';
import { DataList } from '@/components/data-list';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { Fact, FactRow } from '@/components/fact';
import { LoadingScreen } from '@/components/loading-screen';
import { PageFrame } from '@/components/page-frame';
import { endpointQuery } from '@/lib/queries';
import { useBusiness } from '@/lib/session';

/** A standing's figure: a count of merchants, or a volume in US dollars at the reference rates. */
const scoreText = (contest: ReferralContest, score: number) => (contest.rule === 'most_volume' ? formatMoneyWithCode(score, 'usd') : String(score));
const scoreHeader = (contest: ReferralContest) => (contest.rule === 'most_volume' ? 'Volume (USD)' : 'Verified referrals');
const prizeText = (prize: ContestPrize) =>
  [prize.text, prize.amount ? formatMoneyWithCode(prize.amount.amount, prize.amount.currency) : null].filter(Boolean).join(' and ');
const STATE_LABELS = { upcoming: 'Upcoming', current: 'Running', ended: 'Ended' } as const;

/**
 * The referral contests: the running and upcoming ones, then the latest ended. Each with its period, rule, prizes,
 * the partner's rank and the leaderboard (other partners' names masked); an ended contest shows its frozen results.
 */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const business = useBusiness(businessId);
  const query = useQuery(endpointQuery(referralEndpoints.contest, { params: { business_id: businessId } }));

  if (query.isError) return <ErrorState message="The referral contests could not be loaded." onRetry={() => void query.refetch()} />;
  if (!query.data || !business.data) return <LoadingScreen />;
  const zone = business.data.time_zone;
  const { contests } = query.data;

  return (
    <PageFrame
      title="Referral contest"
      description="Contests among partners: bring the most verified businesses or the most volume in a period to win a prize."
    >
      {contests.length === 0 ? (
        <EmptyState title="No contests yet" description="When the platform starts a contest, it appears here with its prizes and leaderboard." />
      ) : (
        contests.map((contest) => <ContestCard key={contest.id} contest={contest} zone={zone} />)
      )}
    </PageFrame>
  );
}

function ContestCard({ contest, zone }: { contest: ReferralContest; zone: string }) {
  const titleId = `contest-${contest.id}`;
  const { you } = contest;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={2} size="h4" id={titleId}>
            {contest.name}
          </Title>
          <Badge color={contest.state === 'current' ? 'green' : contest.state === 'upcoming' ? 'blue' : 'gray'} variant="light">
            {STATE_LABELS[contest.state]}
          </Badge>
        </Group>
        <Text size="sm">
          {formatDateTime(contest.starts_at, zone, { zone: true })} to {formatDateTime(contest.ends_at, zone, { zone: true })}
        </Text>
        <Text size="sm" c="dimmed">
          What counts: {contest.rule_text}
        </Text>
        {contest.prizes.length > 0 ? (
          <div>
            <Text size="sm" fw={600}>
              Prizes
            </Text>
            <List size="sm" spacing={2}>
              {contest.prizes.map((prize) => (
                <List.Item key={prize.rank}>
                  Rank {prize.rank}: {prizeText(prize)}
                </List.Item>
              ))}
            </List>
          </div>
        ) : null}
        {contest.state === 'upcoming' ? null : (
          <>
            <FactRow>
              <Fact label={contest.state === 'ended' ? 'Your final rank' : 'Your rank'}>
                {you.rank === null ? 'Not ranked' : `${you.rank} of ${contest.partners} partners`}
              </Fact>
              <Fact label={scoreHeader(contest)}>{scoreText(contest, you.score)}</Fact>
            </FactRow>
            {contest.state === 'ended' ? (
              <Text size="sm" c="dimmed">
                {contest.frozen ? 'Final results, frozen when the contest ended.' : 'The contest has ended; its results are being counted.'}
              </Text>
            ) : null}
            {contest.leaderboard.length === 0 ? (
              <Text size="sm" c="dimmed">
                No partner has scored yet.
              </Text>
            ) : (
              <DataList
                label={`Leaderboard of ${contest.name}`}
                rows={contest.leaderboard}
                rowKey={(r, i) => `${r.rank}-${i}`}
                columns={[
                  { header: 'Rank', cell: (r) => r.rank, card: 'meta', nowrap: true },
                  { header: 'Partner', cell: (r) => (r.you ? <strong>{`${r.name} (you)`}</strong> : r.name), card: 'title' },
                  { header: scoreHeader(contest), cell: (r) => scoreText(contest, r.score), card: 'amount', align: 'right', nowrap: true },
                ]}
              />
            )}
            <Text size="xs" c="dimmed">
              Other partners are shown by their initials only.
            </Text>
          </>
        )}
      </Stack>
    </Card>
  );
}
