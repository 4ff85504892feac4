import { useState } from 'react';
import { Alert, Button, Group, Skeleton, Stack, Stepper, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconClipboardList } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { ONBOARDING_STEP_TITLES, ONBOARDING_STEPS, type Onboarding } from '@merchant/business';
import { BusinessWarningBanners } from '@/app/business-warnings-banners';
import { href } from '@/app/route-table';
import { LabelledProgress } from '@/components/labelled-progress';
import { OnboardingSummary } from '@/components/onboarding-summary';
import { canView, useBusiness } from '@/lib/session';
import { onboardingQuery, useSubmitOnboarding } from '@/features/onboarding/api/onboarding-api';
import { DocumentsStep } from '@/features/onboarding/components/documents-step';
import { OnboardingStatusPage } from '@/features/onboarding/components/onboarding-status-page';
import { AddressStepForm, BusinessStepForm, OwnerStepForm, SalesStepForm } from '@/features/onboarding/components/step-forms';

/** Spec 8: what an onboarding fetch failure says. */
const ONBOARDING_FAILURE = 'Something went wrong with onboarding. Please contact customer support';

const STEP_DESCRIPTIONS: Record<(typeof ONBOARDING_STEPS)[number], string> = {
  business: 'Registration',
  owner: 'Who owns it',
  address: 'Where it is',
  sales: 'What it sells',
  documents: 'Uploads',
};

/** Resume at the first step not complete yet; the review when every step is. */
function firstIncomplete(onboarding: Onboarding): number {
  const index = ONBOARDING_STEPS.findIndex((s) => !onboarding.completed_steps.includes(s));
  return index === -1 ? ONBOARDING_STEPS.length : index;
}

export function Component() {
  const { business_id: businessId = '' } = useParams();
  // The failure has its own wording (spec 8), shown on the page rather than as the generic snackbar.
  const business = useBusiness(businessId);
  // Verification is the owner's (the permission map): other members read that, rather than a refusal as a failure.
  const mayVerify = canView(business.data, 'verification:view');
  const onboarding = useQuery({ ...onboardingQuery(businessId), meta: { silent: true }, enabled: mayVerify });

  return (
    <OnboardingStatusPage businessId={businessId} icon={<IconClipboardList size={24} />} color="yellow" title="Business verification" size={1040}>
      {business.data && business.data.warnings.length > 0 && <BusinessWarningBanners business={business.data} />}
      {business.isSuccess && !mayVerify && (
        <Text size="sm">Only an owner of {business.data.name} can complete its verification. You can work in the business once it is verified.</Text>
      )}
      {mayVerify && onboarding.isPending && <Skeleton height={320} />}
      {onboarding.isError && (
        <Alert color="red" variant="light" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{ONBOARDING_FAILURE}</Text>
            <Button size="xs" variant="white" color="red" onClick={() => void onboarding.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      )}
      {onboarding.isSuccess && <Questionnaire businessId={businessId} onboarding={onboarding.data} />}
    </OnboardingStatusPage>
  );
}

function Questionnaire({ businessId, onboarding }: { businessId: string; onboarding: Onboarding }) {
  const [active, setActive] = useState(() => firstIncomplete(onboarding));
  // Five steps side by side need about 830 px with their labels on one line: below `md` they stand one above the other.
  const narrow = useMediaQuery('(max-width: 61.99em)');
  const navigate = useNavigate();
  const submit = useSubmitOnboarding(businessId);
  const next = () => setActive((i) => Math.min(i + 1, ONBOARDING_STEPS.length));
  const back = () => setActive((i) => Math.max(i - 1, 0));
  const props = { businessId, onboarding, onSaved: next };
  const ready = onboarding.missing_steps.length === 0;
  const editable = onboarding.status === 'questionnaire';

  return (
    <Stack gap="lg">
      <Stack gap={6} aria-live="polite">
        <Text size="sm" fw={500}>
          Onboarding {onboarding.progress}% complete
        </Text>
        <LabelledProgress value={onboarding.progress} label={`Onboarding ${onboarding.progress}% complete`} size="lg" radius="xl" />
      </Stack>
      <Text size="sm">
        Before the business can take payments we verify it and the people behind it. Each step is saved when you continue, so you can stop and come back later.
      </Text>
      {!editable ? (
        <Alert color="blue" variant="light">
          The questionnaire cannot be changed now.
        </Alert>
      ) : (
        <Stepper
          active={active}
          onStepClick={setActive}
          allowNextStepsSelect={false}
          orientation={narrow ? 'vertical' : 'horizontal'}
          size="sm"
          wrap={false}
          // A step's label and description each on one line (they were squeezed to three: "Owner / identity / Who owns it").
          styles={narrow ? undefined : { stepBody: { whiteSpace: 'nowrap' } }}
        >
          {ONBOARDING_STEPS.map((step) => (
            <Stepper.Step
              key={step}
              label={ONBOARDING_STEP_TITLES[step]}
              description={narrow ? undefined : STEP_DESCRIPTIONS[step]}
              aria-label={`${ONBOARDING_STEP_TITLES[step]}${onboarding.completed_steps.includes(step) ? ' (complete)' : ''}`}
            >
              <Stack gap="md" mt="md">
                <Title order={2} size="h3">
                  {ONBOARDING_STEP_TITLES[step]}
                </Title>
                {step === 'business' && <BusinessStepForm {...props} />}
                {step === 'owner' && <OwnerStepForm {...props} onBack={back} />}
                {step === 'address' && <AddressStepForm {...props} onBack={back} />}
                {step === 'sales' && <SalesStepForm {...props} onBack={back} />}
                {step === 'documents' && <DocumentsStep businessId={businessId} onboarding={onboarding} onContinue={next} onBack={back} />}
              </Stack>
            </Stepper.Step>
          ))}
          <Stepper.Completed>
            <Stack gap="md" mt="md">
              <Title order={2} size="h3">
                Review and submit
              </Title>
              <Text size="sm">Check the answers below. Once submitted, our team reviews them, usually within two working days.</Text>
              <OnboardingSummary onboarding={onboarding} headingOrder={3} />
              {!ready && (
                <Alert color="yellow" variant="light" role="status">
                  Still missing: {onboarding.missing_steps.map((s) => ONBOARDING_STEP_TITLES[s]).join(', ')}.
                </Alert>
              )}
              <Group justify="space-between">
                <Button variant="default" onClick={back}>
                  Back
                </Button>
                <Button
                  disabled={!ready}
                  loading={submit.isPending}
                  onClick={() =>
                    submit.mutate(undefined, { onSuccess: () => void navigate(href('onboarding.pending', { business_id: businessId }), { replace: true }) })
                  }
                >
                  Submit for verification
                </Button>
              </Group>
            </Stack>
          </Stepper.Completed>
        </Stepper>
      )}
    </Stack>
  );
}
