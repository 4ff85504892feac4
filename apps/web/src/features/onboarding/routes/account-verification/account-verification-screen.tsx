import { Alert, Badge, Button, Group, List, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ONBOARDING_STEP_TITLES, type Onboarding } from '@merchant/business';
import { href } from '@/app/route-table';
import { LabelledProgress } from '@/components/labelled-progress';
import { OnboardingSummary } from '@/components/onboarding-summary';
import { PageFrame } from '@/components/page-frame';
import { onboardingQuery } from '@/features/onboarding/api/onboarding-api';
import { QueryStatus } from '@/components/query-status';
import { BusinessTime } from '@/components/business-time';

const STATUS: Record<Onboarding['status'], { label: string; color: string; text: string }> = {
  questionnaire: {
    label: 'Not submitted',
    color: 'yellow',
    text: 'The verification questionnaire is not finished. Complete it and submit it so we can verify the business.',
  },
  pending_verification: {
    label: 'Pending verification',
    color: 'blue',
    text: 'Thank you: we have what we need and our team is reviewing it. We will mail the owners the result.',
  },
  blocked: {
    label: 'Blocked',
    color: 'red',
    text: 'We could not verify this business. Please contact customer support to find out what you can provide.',
  },
  completed: { label: 'Verified', color: 'green', text: 'The business is verified and can take payments.' },
};

export function Component() {
  const { business_id: businessId = '' } = useParams();
  const onboarding = useQuery(onboardingQuery(businessId));

  return (
    <PageFrame title="Account verification" description="Where the verification of this business stands, and what was submitted.">
      <QueryStatus query={onboarding} loadingLabel="Loading verification" loading={<Skeleton height={240} />} />
      {onboarding.isSuccess && <Verification businessId={businessId} onboarding={onboarding.data} />}
    </PageFrame>
  );
}

function Verification({ businessId, onboarding }: { businessId: string; onboarding: Onboarding }) {
  const status = STATUS[onboarding.status];
  const decision = onboarding.last_decision;
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="verification-status">
        <Stack gap="sm">
          <Group justify="space-between" gap="xs">
            <Title order={2} size="h4" id="verification-status">
              Status
            </Title>
            <Badge color={status.color} variant="light" size="lg">
              {status.label}
            </Badge>
          </Group>
          <Text size="sm">{status.text}</Text>
          <LabelledProgress value={onboarding.progress} label={`Verification ${onboarding.progress}% complete`} size="md" radius="xl" />
          <Text size="xs" c="dimmed">
            {onboarding.progress}% complete
            {onboarding.submitted_at ? (
              <>
                {' '}
                · last submitted <BusinessTime at={onboarding.submitted_at} />
              </>
            ) : (
              ''
            )}
          </Text>
          {decision?.kind === 'changes_requested' && onboarding.status === 'questionnaire' && (
            <Alert color="yellow" variant="light" title="Changes requested by our team">
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {decision.message}
              </Text>
            </Alert>
          )}
          {/* A verified business has nothing left to give: its steps are not listed as missing beside "Verified". */}
          {onboarding.status !== 'completed' && onboarding.missing_steps.length > 0 && (
            <Stack gap={4}>
              <Text size="sm" fw={600}>
                Still missing
              </Text>
              <List size="sm">
                {onboarding.missing_steps.map((s) => (
                  <List.Item key={s}>{ONBOARDING_STEP_TITLES[s]}</List.Item>
                ))}
              </List>
            </Stack>
          )}
          {onboarding.status === 'questionnaire' && (
            <Group>
              <Button
                component={Link}
                to={href('onboarding.questionnaire', { business_id: businessId })}
                rightSection={<IconArrowRight size={16} aria-hidden />}
              >
                Continue the questionnaire
              </Button>
            </Group>
          )}
        </Stack>
      </Paper>
      <Stack gap="sm">
        <Title order={2} size="h4">
          What was submitted
        </Title>
        <OnboardingSummary onboarding={onboarding} headingOrder={3} />
      </Stack>
    </Stack>
  );
}
