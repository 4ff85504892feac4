import { Anchor, Badge, Card, Group, Progress, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { overviewEndpoints } from '@merchant/payments';
import { href } from '@/app/route-table';
import { ErrorState } from '@/components/error-state';
import { LoadingScreen } from '@/components/loading-screen';
import { PageFrame } from '@/components/page-frame';
import { endpointQuery } from '@/lib/queries';
import { STEPS } from '@/features/payments/overview/components/money-block';

/** What each step asks, under its name. */
const HELP: Record<keyof typeof STEPS, string> = {
  verify_business: 'Tell us about the business and its owners; payouts start once it is verified.',
  enable_payment_methods: 'Choose how customers may pay: cards, wallets and local methods.',
  add_bank_account: 'Where your payouts go.',
  customise_checkout: 'Your logo and colours on the checkout page customers see.',
  create_payment_link: 'A link you can send or post to take a payment without a website.',
  first_payment: 'Share a link or a QR code and take your first payment.',
};

/**
 * The payments onboarding page: the set-up checklist on a page of its own, every step ticked from the business's
 * data by the server and linking to its screen when the person may act on it (docs/payments.md, "Onboarding page").
 */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const query = useQuery(endpointQuery(overviewEndpoints.onboarding, { params: { business_id: businessId } }));

  if (query.isError) return <ErrorState message="The set-up checklist could not be loaded." onRetry={() => void query.refetch()} />;
  if (!query.data) return <LoadingScreen />;
  const { steps, done, total } = query.data;

  return (
    <PageFrame title="Get started with payments" description={done === total ? 'Everything is set up.' : `${done} of ${total} steps done`}>
      <Progress value={(done / total) * 100} aria-label={`${done} of ${total} set-up steps done`} />
      <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Set-up steps">
        {steps.map((step) => (
          <Card key={step.item} component="li" withBorder radius="md" padding="md">
            <Group wrap="nowrap" align="flex-start" gap="sm">
              {step.done ? <IconCircleCheck color="var(--mantine-color-green-8)" aria-hidden /> : <IconCircleDashed aria-hidden />}
              <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                <Group gap="xs" justify="space-between">
                  {step.can_act ? (
                    <Anchor component={Link} to={href(STEPS[step.item].routeId, { business_id: businessId })} fw={600}>
                      {STEPS[step.item].label}
                    </Anchor>
                  ) : (
                    <Text fw={600}>{STEPS[step.item].label}</Text>
                  )}
                  <Badge color={step.done ? 'green' : 'gray'} variant="light">
                    {step.done ? 'Done' : 'To do'}
                  </Badge>
                </Group>
                <Text size="sm" c="dimmed">
                  {HELP[step.item]}
                </Text>
                {!step.can_act && !step.done ? (
                  <Text size="sm" c="dimmed">
                    Your role cannot do this step: ask the owner or an admin.
                  </Text>
                ) : null}
              </Stack>
            </Group>
          </Card>
        ))}
      </Stack>
    </PageFrame>
  );
}
