import { useState } from 'react';
import { Button, Group, Modal, Paper, SegmentedControl, Select, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { formatDateTime, formatMoney, formatSignedMoney } from '@merchant/core';
import type { DrawerSession, Location } from '@merchant/catalogue';
import { useFormFields } from '@/components/form/form-fields';
import { MoneyInput } from '@/components/money-input';
import { notifySuccess } from '@/lib/notify';
import { useCloseDrawer, useDrawerCash, useOpenDrawer } from '../api/register-api';

/** No drawer is open: the cashier picks the location and counts the float to start selling. */
export function OpenDrawerCard({
  businessId,
  currency,
  locations,
  locationId,
  onLocation,
}: {
  businessId: string;
  currency: string;
  locations: Location[];
  locationId: string | null;
  onLocation: (id: string) => void;
}) {
  const open = useOpenDrawer(businessId);
  const form = useFormFields<{ opening_float: number | null }>({ opening_float: null });
  const [locationError, setLocationError] = useState<string | undefined>();
  const submit = () => {
    const float = form.values.opening_float;
    if (!locationId) setLocationError('Choose a location');
    if (float === null) form.setErrors({ opening_float: 'Enter the cash in the drawer' });
    if (!locationId || float === null) return;
    open.mutate({ location_id: locationId, opening_float: float }, { onSuccess: () => notifySuccess('Drawer opened'), onError: form.handleServerError });
  };
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={520} component="section" aria-labelledby="open-drawer">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        noValidate
      >
        <Stack gap="md">
          <Title order={2} size="h4" id="open-drawer">
            Open the cash drawer
          </Title>
          <Text size="sm" c="dimmed">
            Every sale is recorded in your drawer. Count the cash in it now; closing the drawer compares the cash counted then with what it should hold.
          </Text>
          {locations.length === 0 ? (
            <Text size="sm" role="alert">
              Add a location first: the register sells at a location.
            </Text>
          ) : (
            <Select
              label="Location"
              required
              data={locations.map((l) => ({ value: l.id, label: l.name }))}
              value={locationId}
              onChange={(id) => id && onLocation(id)}
              allowDeselect={false}
              error={locationError}
            />
          )}
          <MoneyInput {...form.money('opening_float', currency)} label="Opening float" description="The cash in the drawer now" required />
          <Group justify="flex-end">
            <Button type="submit" loading={open.isPending} disabled={locations.length === 0}>
              Open drawer
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** The open drawer above the register: where, since when, the cash it should hold; pay in or out; close. */
export function DrawerBar({
  businessId,
  drawer,
  zone,
  onClosed,
}: {
  businessId: string;
  drawer: DrawerSession;
  zone: string;
  onClosed: (closed: DrawerSession) => void;
}) {
  const [dialog, setDialog] = useState<'cash' | 'close' | null>(null);
  return (
    <Group justify="space-between" gap="xs" wrap="wrap">
      <Text size="sm" c="dimmed">
        {drawer.location.name} · Drawer open since {formatDateTime(drawer.opened_at, zone)} · Expected cash {formatMoney(drawer.expected_cash)}
      </Text>
      <Group gap="xs">
        <Button variant="default" size="compact-md" onClick={() => setDialog('cash')}>
          Pay in or out
        </Button>
        <Button variant="default" size="compact-md" onClick={() => setDialog('close')}>
          Close drawer
        </Button>
      </Group>
      {dialog === 'cash' ? <CashDialog businessId={businessId} drawer={drawer} onClose={() => setDialog(null)} /> : null}
      {dialog === 'close' ? <CloseDialog businessId={businessId} drawer={drawer} onClose={() => setDialog(null)} onClosed={onClosed} /> : null}
    </Group>
  );
}

function CashDialog({ businessId, drawer, onClose }: { businessId: string; drawer: DrawerSession; onClose: () => void }) {
  const cash = useDrawerCash(businessId, drawer.id);
  const [direction, setDirection] = useState<'in' | 'out'>('in');
  const form = useFormFields<{ amount: number | null; reason: string }>({ amount: null, reason: '' });
  const currency = drawer.opening_float.currency;
  const submit = () =>
    cash.mutate(
      { direction, amount: form.values.amount ?? 0, reason: form.values.reason },
      {
        onSuccess: () => {
          notifySuccess(direction === 'in' ? 'Cash paid in' : 'Cash paid out');
          onClose();
        },
        onError: form.handleServerError,
      },
    );
  return (
    <Modal opened onClose={onClose} title="Pay in or out" size="sm">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        noValidate
      >
        <Stack gap="sm">
          <SegmentedControl
            aria-label="Direction"
            value={direction}
            onChange={(v) => setDirection(v as 'in' | 'out')}
            data={[
              { value: 'in', label: 'Pay in' },
              { value: 'out', label: 'Pay out' },
            ]}
          />
          <MoneyInput {...form.money('amount', currency)} label="Amount" required data-autofocus />
          <TextInput {...form.field('reason')} label="Reason" required maxLength={200} />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={cash.isPending}>
              {direction === 'in' ? 'Pay in' : 'Pay out'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function CloseDialog({
  businessId,
  drawer,
  onClose,
  onClosed,
}: {
  businessId: string;
  drawer: DrawerSession;
  onClose: () => void;
  onClosed: (closed: DrawerSession) => void;
}) {
  const close = useCloseDrawer(businessId, drawer.id);
  const form = useFormFields<{ counted_cash: number | null; note: string }>({ counted_cash: null, note: '' });
  const currency = drawer.opening_float.currency;
  const submit = () => {
    const counted = form.values.counted_cash;
    if (counted === null) return form.setErrors({ counted_cash: 'Enter the cash counted' });
    close.mutate(
      { counted_cash: counted, note: form.values.note.trim() || null },
      { onSuccess: (closed) => (onClose(), onClosed(closed)), onError: form.handleServerError },
    );
  };
  return (
    <Modal opened onClose={onClose} title="Close the drawer" size="sm">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        noValidate
      >
        <Stack gap="sm">
          <Text size="sm">Count the cash in the drawer. It should hold {formatMoney(drawer.expected_cash)}.</Text>
          <MoneyInput {...form.money('counted_cash', currency)} label="Cash counted" required data-autofocus />
          <Textarea {...form.field('note')} label="Note (optional)" maxLength={500} autosize minRows={2} />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={close.isPending}>
              Close drawer
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The drawer just closed: what it should have held, what was counted, and the difference. */
export function DrawerClosedDialog({ closed, onClose }: { closed: DrawerSession; onClose: () => void }) {
  const currency = closed.opening_float.currency;
  const difference = closed.difference?.amount ?? 0;
  return (
    <Modal opened onClose={onClose} title="Drawer closed" size="sm">
      <Stack gap="sm">
        <Text>
          Expected {formatMoney(closed.expected_cash)}, counted {formatMoney(closed.counted_cash)}.
        </Text>
        <Text fw={700} role="status">
          {difference === 0 ? 'The drawer balances.' : `${difference < 0 ? 'Short' : 'Over'} by ${formatSignedMoney(Math.abs(difference), currency)}.`}
        </Text>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            Done
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
