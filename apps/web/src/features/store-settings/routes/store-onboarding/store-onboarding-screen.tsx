import { Anchor, Badge, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconCircleDashed } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { StoreOnboarding, StoreOnboardingStepKey } from '@merchant/catalogue';
import { href } from '@/app/route-table';
import { LabelledProgress } from '@/components/labelled-progress';
import { PageFrame } from '@/components/page-frame';
import { QueryPage } from '@/components/query-status';
import { storeOnboardingQuery } from '@/features/store-settings/api/store-settings-api';

const TITLE = 'Set up your online store';

/** Where each step is done, and what its link says. */
const STEP_LINKS: Record<StoreOnboardingStepKey, { to: (businessId: string) => string; label: string }> = {
  products: { to: (b) => href('online-store.products', { business_id: b }), label: 'Go to products' },
  design: { to: (b) => href('online-store.settings-store', { business_id: b }), label: 'Open store settings' },
  shipping: { to: (b) => href('online-store.shipping-pickup', { business_id: b }), label: 'Go to shipping and pickup' },
  payment_methods: { to: (b) => href('payments.payment-methods', { business_id: b }), label: 'Go to payment methods' },
  domain: { to: (b) => href('online-store.domain', { business_id: b }), label: 'Go to domain' },
};

/** The steps to open the store (spec 2, online-store onboarding), each checked from the business's data. */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const onboarding = useQuery(storeOnboardingQuery(businessId));
  if (!onboarding.data) return <QueryPage title={TITLE} query={onboarding} loadingLabel="Loading the store set-up" />;
  return <Steps businessId={businessId} onboarding={onboarding.data} />;
}

function Steps({ businessId, onboarding }: { businessId: string; onboarding: StoreOnboarding }) {
  const required = onboarding.steps.filter((s) => !s.optional);
  const ready = required.every((s) => s.done);
  return (
    <PageFrame
      title={TITLE}
      description={
        <>
          Each step is checked from what your business has now. Your store is at{' '}
          <Anchor href={onboarding.storefront_url} target="_blank" rel="noreferrer" underline="always">
            {onboarding.storefront_url.replace(/^https?:\/\//, '')}
          </Anchor>
          .
        </>
      }
    >
      <Stack gap="md" maw={760}>
        <LabelledProgress
          value={Math.round((onboarding.done / onboarding.total) * 100)}
          label={`${onboarding.done} of ${onboarding.total} steps done${ready ? ': your store is ready to sell' : ''}`}
        />
        <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Steps">
          {onboarding.steps.map((step) => {
            const link = STEP_LINKS[step.key];
            return (
              <Paper component="li" key={step.key} withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
                <Group align="flex-start" gap="md" wrap="nowrap">
                  <ThemeIcon color={step.done ? 'green' : 'gray'} variant={step.done ? 'filled' : 'light'} radius="xl" size="lg" aria-hidden>
                    {step.done ? <IconCheck size={18} /> : <IconCircleDashed size={18} />}
                  </ThemeIcon>
                  <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                    <Group gap="xs">
                      <Title order={2} size="h5">
                        {step.title}
                      </Title>
                      <Badge color={step.done ? 'green' : 'yellow'} variant="light">
                        {step.done ? 'Done' : step.optional ? 'Optional' : 'To do'}
                      </Badge>
                    </Group>
                    <Text size="sm" c="dimmed">
                      {step.description}
                    </Text>
                    <Text size="sm">{step.detail}</Text>
                    <Group mt={4}>
                      <Button component={Link} to={link.to(businessId)} variant={step.done ? 'default' : 'filled'} size="xs">
                        {link.label}
                      </Button>
                    </Group>
                  </Stack>
                </Group>
              </Paper>
            );
          })}
        </Stack>
      </Stack>
    </PageFrame>
  );
}
