import { Card, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { formatDate, formatLocalDate, formatMoneyWithCode } from '@merchant/core';
import { referralEndpoints, type ReferredBusiness } from '@merchant/business';
import { DataList } from '@/components/data-list';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { Fact, FactRow } from '@/components/fact';
import { LoadingScreen } from '@/components/loading-screen';
import { PageFrame } from '@/components/page-frame';
import { ReferralLinkCard } from '@/components/referral-link-card';
import { StatusBadge } from '@/components/status-badge';
import { endpointQuery } from '@/lib/queries';
import { useBusiness } from '@/lib/session';

const rewardText = (r: ReferredBusiness) => {
  if (r.reward === 'credited' && r.reward_amount) return `${formatMoneyWithCode(r.reward_amount.amount, r.reward_amount.currency)} credited`;
  if (r.reward === 'missed') return `First payment not taken by ${formatDate(r.reward_deadline)}`;
  return `First payment by ${formatDate(r.reward_deadline)}`;
};

/** Refer and Earn: the business's referral link and code, the reward rule, and the businesses that signed up with it. */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const business = useBusiness(businessId);
  const query = useQuery(endpointQuery(referralEndpoints.program, { params: { business_id: businessId } }));

  if (query.isError) return <ErrorState message="Refer and Earn could not be loaded." onRetry={() => void query.refetch()} />;
  if (!query.data || !business.data) return <LoadingScreen />;
  const zone = business.data.time_zone;
  const program = query.data;
  const reward = formatMoneyWithCode(program.reward.amount, program.reward.currency);
  const link = `${window.location.origin}${program.link_path}`;

  return (
    <PageFrame title="Refer and earn" description="Invite other businesses and earn a reward when they start taking payments.">
      <ReferralLinkCard
        code={program.code}
        link={link}
        description="Businesses that sign up through this link, or enter your code when they register, count as your referrals."
        email={{
          subject: `Take payments with us: ${business.data.name} invites you`,
          body: `Sign up with my referral link: ${link}\n\nOr enter the code ${program.code} when you register.`,
        }}
      />
      <Card withBorder radius="md" padding="md" component="section" aria-labelledby="reward-title">
        <Stack gap="sm">
          <Title order={2} size="h4" id="reward-title">
            Your reward
          </Title>
          <Text size="sm">
            Earn {reward} for each business that signs up with your link, is verified, and takes its first payment within {program.reward_days} days of signing
            up. The reward is credited to your wallet balance once per business.
          </Text>
          <FactRow>
            <Fact label="Earned so far">{formatMoneyWithCode(program.earned.amount, program.earned.currency)}</Fact>
            <Fact label="Businesses referred">{program.referred.length}</Fact>
          </FactRow>
        </Stack>
      </Card>
      <Stack gap="sm" component="section" aria-labelledby="referred-title">
        <Title order={2} size="h4" id="referred-title">
          Businesses you referred
        </Title>
        {program.referred.length === 0 ? (
          <EmptyState title="No referrals yet" description="Share your link: businesses that sign up with it appear here." />
        ) : (
          <DataList
            label="Businesses you referred"
            rows={program.referred}
            rowKey={(r, i) => `${r.signed_up_at}-${i}`}
            columns={[
              { header: 'Business', cell: (r) => r.name, card: 'title' },
              { header: 'Status', cell: (r) => <StatusBadge kind="referral" status={r.status} />, card: 'status', nowrap: true },
              { header: 'Signed up', cell: (r) => formatLocalDate(r.signed_up_at, zone), card: 'meta', nowrap: true },
              { header: 'Reward', cell: (r) => <StatusBadge kind="referralReward" status={r.reward} />, card: 'secondary', nowrap: true },
              { header: 'Reward detail', cell: (r) => <Text size="sm">{rewardText(r)}</Text>, card: 'meta' },
            ]}
          />
        )}
        <Text size="xs" c="dimmed">
          Names of the businesses you referred are shortened to their initials: their details are theirs.
        </Text>
      </Stack>
    </PageFrame>
  );
}
