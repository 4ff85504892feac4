import { LabelledProgress } from '@/components/labelled-progress';
import { Anchor, Badge, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import type { Business } from '@merchant/business';
import type { Permission } from '@merchant/core';
import { href, type RouteId } from '@/app/route-table';
import { ErrorState } from '@/components/error-state';
import { LoadingScreen } from '@/components/loading-screen';
import { PageFrame } from '@/components/page-frame';
import { onboardingProgressQuery } from '@/lib/onboarding-progress';
import { canChange, canView, useBusiness, useSignedInUser } from '@/lib/session';
import { LinkCard } from '@/components/link-card';
import { overviewQueryOf, PaymentsOverview } from '@/features/payments/overview/components/payments-overview';
import { overviewQuery } from '@/features/payments/overview/api/overview-api';

/** Spec 8: shown when the onboarding progress cannot be fetched. */
const ONBOARDING_FETCH_FAILED = 'Something went wrong with onboarding. Please contact customer support';

interface NextStep {
  routeId: RouteId;
  title: string;
  description: string;
  permission: Permission;
}

const NEXT_STEPS: NextStep[] = [
  { routeId: 'payments.links-create', title: 'Create a payment link', description: 'Share a link and get paid online.', permission: 'payments:create' },
  { routeId: 'payments.invoices-create', title: 'Send an invoice', description: 'Bill a customer with a payable invoice.', permission: 'payments:create' },
  { routeId: 'payments.static-qr-create', title: 'Create a static QR code', description: 'Take payments at the counter.', permission: 'payments:create' },
  { routeId: 'payments.payment-methods', title: 'Choose payment methods', description: 'Turn on cards and local methods.', permission: 'settings:manage' },
  { routeId: 'payments.bank-accounts', title: 'Add a bank account', description: 'Where your payouts go.', permission: 'bank-accounts:manage' },
  { routeId: 'payments.settings-users-invite', title: 'Invite your team', description: 'Give staff their own sign-in.', permission: 'staff:manage' },
];

function greeting(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

function OnboardingProgressCard({ business }: { business: Business }) {
  const progress = useQuery({ ...onboardingProgressQuery(business.id), meta: { silent: true } });
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="onboarding-progress-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id="onboarding-progress-title">
            Account setup
          </Title>
          {progress.data?.is_completed ? (
            <Badge color="green" variant="light">
              Complete
            </Badge>
          ) : null}
        </Group>
        {/* While it loads, the card keeps the height of its bar and first line (the whole card once set-up is
            done): the screen may paint before this answer, and the sections below then barely move. */}
        {progress.isPending ? (
          <>
            <Skeleton h={12} radius="xl" aria-label="Loading setup progress" />
            <Skeleton h={21.7} radius="sm" />
          </>
        ) : null}
        {progress.isError ? <ErrorState message={ONBOARDING_FETCH_FAILED} onRetry={() => void progress.refetch()} /> : null}
        {progress.data ? (
          <>
            <LabelledProgress value={progress.data.progress} label="Account setup progress" size="lg" radius="xl" />
            <Text size="sm" c="dimmed">
              {progress.data.is_completed ? 'Your account is set up.' : `${progress.data.progress}% done. Finish setting up to start taking payments.`}
            </Text>
            {!progress.data.is_completed && canView(business, 'business:view') ? (
              <Anchor component={Link} to={href('payments.onboarding', { business_id: business.id })} size="sm" fw={600}>
                Continue setup
              </Anchor>
            ) : null}
          </>
        ) : null}
      </Stack>
    </Card>
  );
}

/** The overview's own first requests, started by its route while the shell still loads the user and business. */
export function prefetch(queryClient: QueryClient, { params, request }: LoaderFunctionArgs): void {
  const businessId = params.business_id;
  if (!businessId) return;
  void queryClient.prefetchQuery({ ...onboardingProgressQuery(businessId), meta: { silent: true } });
  const query = overviewQueryOf(new URL(request.url).searchParams);
  if (query) void queryClient.prefetchQuery(overviewQuery(businessId, query));
}

export function Component() {
  const { business_id: businessId = '' } = useParams();
  const user = useSignedInUser();
  const business = useBusiness(businessId);

  if (business.isError) return <ErrorState message="The business could not be loaded." onRetry={() => void business.refetch()} />;
  if (!business.data) return <LoadingScreen />;
  const b = business.data;
  const firstName = user.name.trim().split(/\s+/)[0] ?? user.name;
  const steps = NEXT_STEPS.filter((s) => canChange(b, s.permission));

  return (
    <PageFrame
      title={`${greeting(new Date().getHours())}, ${firstName}`}
      description={
        <>
          Payments overview for <strong>{b.name}</strong>
        </>
      }
    >
      <Group gap="xs">
        <Badge variant="light" color="gray">
          Currency: {b.currency.toUpperCase()}
        </Badge>
        <Badge variant="light" color="gray">
          Country: {b.country.toUpperCase()}
        </Badge>
        {b.role ? (
          <Badge variant="light" color="indigo">
            {b.role.title}
          </Badge>
        ) : null}
      </Group>

      <OnboardingProgressCard business={b} />

      {steps.length > 0 ? (
        <Stack gap="sm" component="section" aria-labelledby="next-steps-title">
          <Title order={2} size="h4" id="next-steps-title">
            Next steps
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {steps.map((step) => (
              <LinkCard key={step.routeId} to={href(step.routeId, { business_id: b.id })} title={step.title} description={step.description} />
            ))}
          </SimpleGrid>
        </Stack>
      ) : null}

      {canView(b, 'payments:view') ? <PaymentsOverview businessId={b.id} /> : null}
    </PageFrame>
  );
}
