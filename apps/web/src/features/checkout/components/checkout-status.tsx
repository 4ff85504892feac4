import { Alert, Paper, Text, Title } from '@mantine/core';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';

/** Why a checkout page cannot show: an id nobody issued, or the server's own sentence. */
export function CheckoutUnavailable({ error, what }: { error: unknown; what: string }) {
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <Paper withBorder p="lg" radius="md">
      <Title order={1} size="h3" mb="xs">
        {missing ? `This ${what} does not exist` : `This ${what} could not be loaded`}
      </Title>
      <Text size="sm">{missing ? 'Check the address you were given, or ask the business for a new one.' : errorMessage(error)}</Text>
    </Paper>
  );
}

/** A payment or a request that failed: the server's sentence (declined, insufficient funds, ...). */
export function FailureAlert({ message }: { message: string | null }) {
  return message ? (
    <Alert color="red" title="Payment not completed" role="alert">
      {message}
    </Alert>
  ) : null;
}
