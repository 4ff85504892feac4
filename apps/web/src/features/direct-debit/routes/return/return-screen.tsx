import { Alert, Button, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DIRECT_DEBIT_PATHS } from '@merchant/payments';
import { LoadingScreen } from '@/components/loading-screen';
import { StatusPage } from '@/components/status-page';
import { errorMessage } from '@/lib/error-message';
import { useConfirmMandate } from '@/features/direct-debit/api/direct-debit-api';
import { MandateFrame } from '@/features/direct-debit/components/mandate-frame';

/**
 * The spec's direct-debit redirection screen (checkout host `/direct-debit/return?mandate=mdt_...`): the bank sends
 * the customer here; the server confirms the mandate with the provider and the screen shows the outcome.
 */
export function Component() {
  const [search] = useSearchParams();
  const publicId = search.get('mandate') ?? '';
  const valid = /^mdt_[A-Za-z0-9]+$/.test(publicId);
  const confirm = useConfirmMandate(publicId);
  const started = useRef(false);
  useEffect(() => {
    if (!valid || started.current) return;
    started.current = true;
    confirm.mutate();
  }, [valid, confirm]);

  if (!valid)
    return (
      <StatusPage title="Nothing to confirm" message="This address names no direct debit. Start again from the business's page." homeHref="/" action={<></>} />
    );
  if (confirm.isError) {
    return (
      <MandateFrame mandate={null}>
        <Alert color="red" role="alert" title="Your direct debit could not be confirmed">
          {errorMessage(confirm.error)}
        </Alert>
      </MandateFrame>
    );
  }
  if (!confirm.data) return <LoadingScreen />;
  const state = confirm.data;
  return (
    <MandateFrame mandate={state}>
      {state.status === 'active' ? (
        <Alert color="green" role="status" title="Direct debit set up">
          <Stack gap="xs">
            <Text size="sm">
              {state.business.name} will collect payments from your {state.bank_name} account ending {state.account_last4}.
            </Text>
            <Button component="a" href={state.return_url} w="fit-content">
              Continue
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Alert color="red" role="alert" title="Your bank declined the direct debit">
          <Stack gap="xs">
            <Text size="sm">Nothing was set up and nothing will be collected. You can try again, with this account or another one.</Text>
            <Button component={Link} to={DIRECT_DEBIT_PATHS.mandate.replace(':public_id', state.public_id)} w="fit-content">
              Try again
            </Button>
          </Stack>
        </Alert>
      )}
    </MandateFrame>
  );
}
