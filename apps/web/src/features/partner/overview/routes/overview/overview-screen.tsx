import { SimpleGrid, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { partnerEndpoints } from '@merchant/business';
import { endpointQuery } from '@/lib/queries';
import { href, type RouteId } from '@/app/route-table';
import { ErrorState } from '@/components/error-state';
import { LoadingScreen } from '@/components/loading-screen';
import { PageFrame } from '@/components/page-frame';
import { useBusiness, useSignedInUser } from '@/lib/session';
import { LinkCard } from '@/components/link-card';
import { ReferralLinkCard } from '@/components/referral-link-card';
import { EarningsFigures, MerchantsAndNextSteps, MonthlyEarnings } from '@/features/partner/overview/components/partner-figures';

const AREAS: { routeId: RouteId; title: string; description: string }[] = [
  { routeId: 'partner.commissions', title: 'Commissions', description: 'What you earn from the businesses you brought in.' },
  { routeId: 'partner.linked-businesses', title: 'Linked businesses', description: 'Businesses connected to your partner account.' },
  { routeId: 'partner.referral-contest', title: 'Referral contest', description: 'Standings of the current referral contest.' },
  { routeId: 'partner.payouts', title: 'Payouts', description: 'Your bank account and the payouts of your balance to it.' },
];

export function Component() {
  const { business_id: businessId = '' } = useParams();
  const user = useSignedInUser();
  const business = useBusiness(businessId);
  const referral = useQuery(endpointQuery(partnerEndpoints.referral, { params: { business_id: businessId } }));
  const overview = useQuery(endpointQuery(partnerEndpoints.overview, { params: { business_id: businessId } }));

  if (business.isError) return <ErrorState message="The business could not be loaded." onRetry={() => void business.refetch()} />;
  if (!business.data) return <LoadingScreen />;
  const b = business.data;
  const firstName = user.name.trim().split(/\s+/)[0] ?? user.name;

  return (
    <PageFrame
      title={`Welcome, ${firstName}`}
      description={
        <>
          Partner overview for <strong>{b.name}</strong>
        </>
      }
    >
      {overview.isError ? (
        <ErrorState message="Your earnings could not be loaded." onRetry={() => void overview.refetch()} />
      ) : overview.data ? (
        <>
          <EarningsFigures overview={overview.data} />
          <MerchantsAndNextSteps overview={overview.data} businessId={b.id} />
          <MonthlyEarnings overview={overview.data} />
        </>
      ) : (
        <LoadingScreen />
      )}
      {referral.data ? (
        <ReferralLinkCard
          code={referral.data.code}
          link={`${window.location.origin}${referral.data.link_path}`}
          description="Businesses that sign up through this link, or enter your code, are linked to you."
        />
      ) : null}
      <Stack gap="sm" component="section" aria-labelledby="partner-areas-title">
        <Title order={2} size="h4" id="partner-areas-title">
          Your partner area
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {AREAS.map((area) => (
            <LinkCard key={area.routeId} to={href(area.routeId, { business_id: b.id })} title={area.title} description={area.description} />
          ))}
        </SimpleGrid>
      </Stack>
    </PageFrame>
  );
}
