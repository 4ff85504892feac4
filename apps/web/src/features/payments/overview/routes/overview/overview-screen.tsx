import { Anchor, Group, Text } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { href } from '@/app/route-table';
import { ErrorState } from '@/components/error-state';
import { LoadingScreen } from '@/components/loading-screen';
import { PageFrame } from '@/components/page-frame';
import { canChange, canView, useBusiness } from '@/lib/session';
import { overviewQueryOf, PaymentsOverview } from '@/features/payments/overview/components/payments-overview';
import { overviewQuery } from '@/features/payments/overview/api/overview-api';

/** The overview's own first request, started by its route while the shell still loads the user and business. */
export function prefetch(queryClient: QueryClient, { params, request }: LoaderFunctionArgs): void {
  const businessId = params.business_id;
  if (!businessId) return;
  const query = overviewQueryOf(new URL(request.url).searchParams);
  if (query) void queryClient.prefetchQuery(overviewQuery(businessId, query));
}

/**
 * The payments Overview leads with the money (issue 25): the period's figures, balances and the next payout, what
 * needs attention and set-up guidance while something is left, all from the overview's one answer.
 */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const business = useBusiness(businessId);

  if (business.isError) return <ErrorState message="The business could not be loaded." onRetry={() => void business.refetch()} />;
  if (!business.data) return <LoadingScreen />;
  const b = business.data;

  return (
    <PageFrame
      title="Overview"
      description={b.name}
      actions={
        canChange(b, 'payments:create') ? (
          <Group gap="md">
            <Anchor component={Link} to={href('payments.links-create', { business_id: b.id })} size="sm" fw={600}>
              New payment link
            </Anchor>
            <Anchor component={Link} to={href('payments.invoices-create', { business_id: b.id })} size="sm" fw={600}>
              New invoice
            </Anchor>
          </Group>
        ) : null
      }
    >
      {canView(b, 'payments:view') ? (
        <PaymentsOverview businessId={b.id} />
      ) : (
        <Text size="sm" c="dimmed">
          Your role does not include payments.
        </Text>
      )}
    </PageFrame>
  );
}
