import { useState, type ReactNode } from 'react';
import { Alert, Button, Group, Modal, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconDeviceMobile, IconPlugConnected } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { PairReaderBodySchema } from '@merchant/pos';
import { href } from '@/app/route-table';
import type { DetailAction } from '@/components/detail-layout';
import { useZodForm } from '@/components/form/use-zod-form';
import { BusinessTime } from '@/components/business-time';
import { errorMessage } from '@/lib/error-message';
import { notifySuccess } from '@/lib/notify';
import { usePairReader, useSimulatePairingCode } from '@/features/terminals/api/terminals-api';
import { LocationSelect } from './location-select';

const EMPTY = { code: '', name: '', location_id: null as string | null };

/**
 * "Pair a reader" (an action of the terminals list, with its dialog): the person types the code the reader shows, names
 * the reader and places it at a location. In test mode a simulated new reader shows a code on the dialog itself.
 */
export function usePairReaderAction(businessId: string, testMode: boolean): { action: DetailAction; dialog: ReactNode } {
  const [opened, setOpened] = useState(false);
  const navigate = useNavigate();
  const form = useZodForm(PairReaderBodySchema, EMPTY);
  const pair = usePairReader(businessId);
  const simulate = useSimulatePairingCode(businessId);
  const close = () => {
    setOpened(false);
    form.reset(EMPTY);
    simulate.reset();
  };
  const submit = form.onSubmit((body) =>
    pair.mutate(body, {
      onSuccess: (reader) => {
        notifySuccess(`${reader.name} is paired.`);
        close();
        void navigate(href('pos.terminals-reader', { business_id: businessId, terminal_reader: reader.id }));
      },
      onError: form.handleServerError,
    }),
  );
  const shown = simulate.data;
  const action: DetailAction = { label: 'Pair a reader', icon: <IconPlugConnected size={16} aria-hidden />, onClick: () => setOpened(true), primary: true };
  const dialog = (
    <Modal opened={opened} onClose={close} title="Pair a reader" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">Turn the reader on: its screen shows a pairing code. Enter it here within 10 minutes; each code pairs once.</Text>
          {testMode ? (
            <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-yellow-light)">
              <Stack gap="xs">
                <Text size="sm" fw={600}>
                  Test mode: no real reader needed
                </Text>
                {shown ? (
                  <Text size="sm" data-testid="simulated-code">
                    The simulated reader ({shown.serial_number}) shows <strong>{shown.code}</strong> until <BusinessTime at={shown.expires_at} />.
                  </Text>
                ) : (
                  <Text size="sm">A simulated reader shows a code as a real one would.</Text>
                )}
                {simulate.isError ? (
                  <Alert color="red" role="alert">
                    {errorMessage(simulate.error)}
                  </Alert>
                ) : null}
                <Group>
                  <Button
                    variant="default"
                    size="xs"
                    leftSection={<IconDeviceMobile size={14} aria-hidden />}
                    loading={simulate.isPending}
                    onClick={() => simulate.mutate('countertop_c1')}
                  >
                    {shown ? 'Show another code' : 'Turn on a simulated reader'}
                  </Button>
                </Group>
              </Stack>
            </Paper>
          ) : null}
          <TextInput {...form.field('code')} label="Pairing code" description="The 8 letters and digits on the reader’s screen" required autoComplete="off" />
          <TextInput {...form.field('name')} label="Reader name" description="For you and your staff, e.g. Front counter" required />
          <LocationSelect
            businessId={businessId}
            value={form.values.location_id}
            onChange={(id) => form.setValues((v) => ({ ...v, location_id: id }))}
            error={form.errors.location_id}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={pair.isPending}>
              Pair reader
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
  return { action, dialog };
}
