import { Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { href } from '@/app/route-table';
import { useSignedInUser } from '@/lib/session';
import { AuthCard } from '@/features/auth/components/auth-card';

export function Component() {
  const user = useSignedInUser();
  const business = user.businesses.owned[0];

  if (!business) {
    return (
      <AuthCard title="Your account is ready" description="You do not own a business yet.">
        <Button component={Link} to={href('auth.choose-business')} fullWidth>
          Choose a business
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Your account is ready" description={`Welcome, ${user.name}.`}>
      <Stack gap="sm">
        <Text>
          Next, tell us about <strong>{business.name}</strong>. Before it can take payments we verify the business and its owner; the questionnaire walks you
          through what we need.
        </Text>
      </Stack>
      <Button component={Link} to={href('onboarding.questionnaire', { business_id: business.id })} fullWidth>
        Continue to the onboarding questionnaire
      </Button>
      <Button component={Link} to={href('auth.choose-business')} variant="subtle" fullWidth>
        Not now, show my businesses
      </Button>
    </AuthCard>
  );
}
