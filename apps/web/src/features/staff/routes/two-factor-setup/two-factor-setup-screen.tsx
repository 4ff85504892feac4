import { useState } from 'react';
import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate, useParams } from 'react-router';
import { businessLanding } from '@/app/guards';
import { TwoFactorSetup } from '@/components/two-factor-setup';
import { LoadingScreen } from '@/components/loading-screen';
import { businessQuery, useSignedInUser, userQuery } from '@/lib/session';

/**
 * The spec's "two-factor setup for staff": a business that requires two-factor sends members without it here.
 * It uses the account's own two-factor API; once on, the business opens.
 */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const user = useSignedInUser();
  const business = useQuery({ ...businessQuery(businessId), meta: { silent: true } });
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // Stays true from the moment two-factor is on until the recovery codes are saved.
  const [showingCodes, setShowingCodes] = useState(false);

  if (!business.data) return business.isError ? <Navigate to="/not-found" replace /> : <LoadingScreen />;
  if (user.two_factor_enabled && !showingCodes) return <Navigate to={businessLanding(business.data)} replace />;

  const proceed = async () => {
    await queryClient.invalidateQueries({ queryKey: businessQuery(businessId).queryKey });
    const fresh = await queryClient.fetchQuery(businessQuery(businessId));
    void navigate(businessLanding(fresh));
  };

  return (
    <Container size={560} py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
            Set up two-factor authentication
          </Title>
          <Text c="dimmed" size="sm">
            {business.data.name} requires two-factor authentication for all staff. Turn it on for your account to continue.
          </Text>
        </Stack>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <TwoFactorSetup
            onEnabled={() => {
              setShowingCodes(true);
              return queryClient.invalidateQueries({ queryKey: userQuery.queryKey });
            }}
            onFinished={() => void proceed()}
            finishLabel="Continue to the business"
          />
        </Paper>
      </Stack>
    </Container>
  );
}
