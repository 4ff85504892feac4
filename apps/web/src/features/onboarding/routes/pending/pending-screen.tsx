import { List, Text } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { OnboardingStatusPage } from '@/features/onboarding/components/onboarding-status-page';

export function Component() {
  const { business_id: businessId = '' } = useParams();
  return (
    <OnboardingStatusPage businessId={businessId} icon={<IconHourglass size={24} />} color="blue" title="Verification in progress">
      <Text>Thank you, we have what we need to verify the business. Here is what happens next:</Text>
      <List spacing="xs" type="ordered">
        <List.Item>Our team reviews the business details, the owners&apos; identity and the documents.</List.Item>
        <List.Item>Once verified, the dashboard opens and the business can start taking payments.</List.Item>
      </List>
      <Text size="sm" c="dimmed">
        There is nothing to do in the meantime. You can come back to this page any time to see the status.
      </Text>
    </OnboardingStatusPage>
  );
}
