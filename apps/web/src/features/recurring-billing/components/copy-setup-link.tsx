import { useState, type ReactNode } from 'react';
import { Alert, Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconCopy, IconLink } from '@tabler/icons-react';
import type { DetailAction } from '@/components/detail-layout';
import { errorMessage } from '@/lib/error-message';
import { useCopySetupLink } from '@/features/recurring-billing/api/subscriptions-api';
import { BusinessTime } from '@/components/business-time';

/**
 * "Copy card link" (an action of the subscription's page, with its dialog): makes a new link to the page where the customer saves their card (not mailed) and shows it with a
 * Copy button, for the merchant to send it their own way. The mailed links keep working.
 */
export function useCopySetupLinkAction(businessId: string, subscriptionId: string): { action: DetailAction; dialog: ReactNode } {
  const [opened, setOpened] = useState(false);
  const make = useCopySetupLink(businessId, subscriptionId);
  const open = () => {
    setOpened(true);
    make.mutate();
  };
  const action: DetailAction = { label: 'Copy card link', icon: <IconLink size={16} aria-hidden />, onClick: open, loading: make.isPending };
  const dialog = (
    <Modal opened={opened} onClose={() => setOpened(false)} title="Card link" centered>
      <Stack gap="sm">
        {make.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(make.error)}
          </Alert>
        ) : null}
        {make.data ? (
          <>
            <Text size="sm">Send this link to the customer: it opens the page where they save the card the subscription charges. It was not mailed.</Text>
            <TextInput label="Link to save a card" value={make.data.url} readOnly onFocus={(e) => e.currentTarget.select()} />
            <Text size="xs" c="dimmed">
              It works until {<BusinessTime at={make.data.expires_at} />}.
            </Text>
            <Group justify="flex-end">
              <CopyButton value={make.data.url}>
                {({ copied, copy }) => (
                  <Button leftSection={<IconCopy size={16} aria-hidden />} onClick={copy} color={copied ? 'teal' : undefined}>
                    {copied ? 'Copied' : 'Copy link'}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </>
        ) : make.isPending ? (
          <Text size="sm">Making the link</Text>
        ) : null}
      </Stack>
    </Modal>
  );
  return { action, dialog };
}
