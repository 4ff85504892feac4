import { LabelledProgress } from '../../../../components/labelled-progress';
import { Alert, List, Skeleton, Stack, Text } from '@mantine/core';
import { IconClipboardList } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { onboardingProgressQuery } from '../../../../lib/session';
import { OnboardingStatusPage } from '../../components/onboarding-status-page';

/** Spec 8: what an onboarding fetch failure says. */
const ONBOARDING_FAILURE = 'Something went wrong with onboarding. Please contact customer support';

export function Component() {
  const { business_id: businessId = '' } = useParams();
  // The failure has its own wording (spec 8), shown on the page rather than as the generic snackbar.
  const progress = useQuery({ ...onboardingProgressQuery(businessId), meta: { silent: true } });

  return (
    <OnboardingStatusPage businessId={businessId} icon={<IconClipboardList size={24} />} color="yellow" title="Business verification">
      <Stack gap="xs" aria-live="polite">
        {progress.isPending && <Skeleton height={40} />}
        {progress.isError && (
          <Alert color="red" variant="light" role="alert">
            {ONBOARDING_FAILURE}
          </Alert>
        )}
        {progress.isSuccess && (
          <>
            <Text size="sm" fw={500} id="onboarding-progress-label">
              Onboarding {progress.data.progress}% complete
            </Text>
            <LabelledProgress value={progress.data.progress} label={`Onboarding ${progress.data.progress}% complete`} size="lg" radius="xl" />
          </>
        )}
      </Stack>
      <Text>
        Before the business can take payments we verify it and the people behind it. The verification questionnaire will
        ask for:
      </Text>
      <List spacing="xs">
        <List.Item>business details: legal name, registration and address</List.Item>
        <List.Item>the identity of the owners and directors</List.Item>
        <List.Item>supporting documents</List.Item>
      </List>
      <Alert color="blue" variant="light" title="The questionnaire is not available yet">
        It arrives with the business verification work. Nothing needs to be filled in here until then; your progress above
        is what our records show today.
      </Alert>
    </OnboardingStatusPage>
  );
}
