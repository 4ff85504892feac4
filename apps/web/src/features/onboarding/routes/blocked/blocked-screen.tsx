import { Text } from '@mantine/core';
import { IconBan } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { OnboardingStatusPage } from '@/features/onboarding/components/onboarding-status-page';

export function Component() {
  const { business_id: businessId = '' } = useParams();
  return (
    <OnboardingStatusPage businessId={businessId} icon={<IconBan size={24} />} color="red" title="Verification unsuccessful">
      <Text>We could not verify this business, so it cannot take payments from the dashboard.</Text>
      <Text>
        Please contact customer support. Tell them the business name shown above; they can explain the decision and what you can provide to have it reviewed
        again.
      </Text>
    </OnboardingStatusPage>
  );
}
