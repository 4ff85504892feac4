import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { LoadingScreen } from '@/components/loading-screen';
import { NotFound } from '@/components/status-page';
import { errorMessage } from '@/lib/error-message';
import { mandateQuery, useBankDecision } from '@/features/direct-debit/api/direct-debit-api';

/**
 * The test bank's mandate page (checkout host `/direct-debit/:public_id/bank`), served by the test-mode provider as
 * the e-wallet's approval page is: Authorise or Decline, then back through the direct-debit redirection screen.
 */
export function Component() {
  const { public_id: publicId = '' } = useParams();
  const mandate = useQuery(mandateQuery(publicId));
  const decide = useBankDecision(publicId);
  const [failure, setFailure] = useState<string | null>(null);
  if (mandate.isPending) return <LoadingScreen />;
  if (mandate.isError) return <NotFound homeHref="/" />;
  const state = mandate.data;
  const choose = (decision: 'authorise' | 'decline') =>
    decide.mutate(decision, { onSuccess: (answer) => window.location.assign(answer.return_url), onError: (e) => setFailure(errorMessage(e)) });
  return (
    <Stack maw={480} mx="auto" gap="md">
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="bank-title">
        <Stack gap="sm">
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            Test bank (test mode)
          </Text>
          <Title order={1} size="h3" id="bank-title">
            Authorise a direct debit
          </Title>
          <Text size="sm">
            {state.business.name} asks to collect payments from your {state.bank_name ?? ''} account ending {state.account_last4 ?? '—'}.
          </Text>
          {failure ? (
            <Alert color="red" role="alert" title="Nothing was sent">
              {failure}
            </Alert>
          ) : null}
          <Group gap="sm">
            <Button onClick={() => choose('authorise')} loading={decide.isPending && decide.variables === 'authorise'}>
              Authorise
            </Button>
            <Button variant="default" onClick={() => choose('decline')} loading={decide.isPending && decide.variables === 'decline'}>
              Decline
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
