import { useState } from 'react';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconDeviceDesktop } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { RegisterDevice } from '@merchant/pos';
import { BusinessTime } from '@/components/business-time';
import { DataList } from '@/components/data-list';
import { EmptyState } from '@/components/empty-state';
import { PageFrame } from '@/components/page-frame';
import { QueryStatus } from '@/components/query-status';
import { TimeZoneNote } from '@/components/time-zone-note';
import { modals } from '@/lib/modals';
import { notifySuccess } from '@/lib/notify';
import { canChange, useBusiness } from '@/lib/session';
import { devicesQuery, useForgetDevice, useSetDeviceAllowance } from '@/features/register-devices/api/devices-api';
import { RenameDeviceDialog } from '@/features/register-devices/components/rename-device-dialog';

/**
 * Register devices (docs/pos.md, "Register devices"): every browser that opened the register, where and on which
 * version it was last seen, and whether it may sell offline; a manager renames, allows or stops offline selling
 * (confirmed, audited) and forgets a device.
 */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const business = useBusiness(businessId);
  const devices = useQuery(devicesQuery(businessId));
  const mayChange = canChange(business.data, 'pos:manage');
  const allowance = useSetDeviceAllowance(businessId);
  const forget = useForgetDevice(businessId);
  const [renaming, setRenaming] = useState<RegisterDevice | null>(null);

  const confirmAllowance = (device: RegisterDevice) => {
    const allowed = !device.offline_allowed;
    modals.openConfirmModal({
      title: allowed ? 'Allow offline selling' : 'Stop offline selling',
      children: (
        <Text size="sm">
          {allowed
            ? `When the network drops, “${device.name}” keeps cash and quick sales and sends them when it returns.`
            : `Without the network, “${device.name}” will refuse every sale. Sales it already kept are still sent.`}
        </Text>
      ),
      labels: { confirm: allowed ? 'Allow offline selling' : 'Stop offline selling', cancel: 'Cancel' },
      confirmProps: allowed ? {} : { color: 'red' },
      onConfirm: () =>
        allowance.mutate(
          { deviceId: device.id, allowed },
          { onSuccess: (d) => notifySuccess(d.offline_allowed ? `${d.name} may sell offline.` : `${d.name} no longer sells offline.`) },
        ),
    });
  };
  const confirmForget = (device: RegisterDevice) =>
    modals.openConfirmModal({
      title: 'Forget device',
      children: (
        <Text size="sm">
          “{device.name}” leaves this list and loses its offline allowance. If the register is opened on it again, it comes back as a new device that does not
          sell offline.
        </Text>
      ),
      labels: { confirm: 'Forget', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () => forget.mutate(device.id, { onSuccess: () => notifySuccess(`${device.name} is forgotten.`) }),
    });

  return (
    <PageFrame title="Register devices" description="The browsers that opened your register, and whether each may sell when the network drops.">
      {renaming ? <RenameDeviceDialog businessId={businessId} device={renaming} onClose={() => setRenaming(null)} /> : null}
      <Stack gap="md">
        <TimeZoneNote zone={business.data?.time_zone ?? 'UTC'} />
        {devices.data ? (
          devices.data.data.length === 0 ? (
            <EmptyState
              icon={<IconDeviceDesktop aria-hidden />}
              title="No register devices yet"
              description="A browser becomes a register device the first time someone opens the register on it."
              headingOrder={2}
            />
          ) : (
            <DataList
              label="Register devices"
              rows={devices.data.data}
              rowKey={(d) => d.id}
              striped={false}
              columns={[
                { header: 'Name', card: 'title', cell: (d) => d.name },
                { header: 'Location', card: 'secondary', cell: (d) => d.location?.name ?? 'Not yet known' },
                { header: 'Last seen', nowrap: true, cell: (d) => <BusinessTime at={d.last_seen_at} /> },
                {
                  header: 'Offline selling',
                  card: 'status',
                  nowrap: true,
                  cell: (d) => (
                    <Badge color={d.offline_allowed ? 'green' : 'gray'} variant="light">
                      {d.offline_allowed ? 'Allowed' : 'Off'}
                    </Badge>
                  ),
                },
                { header: 'App version', nowrap: true, cell: (d) => d.app_version ?? 'Older than versions' },
                ...(mayChange
                  ? [
                      {
                        header: 'Actions',
                        card: 'actions' as const,
                        nowrap: true,
                        align: 'right' as const,
                        cell: (d: RegisterDevice) => (
                          <Group gap="xs" justify="flex-end" wrap="nowrap">
                            <Button variant="subtle" size="compact-sm" onClick={() => setRenaming(d)} aria-label={`Rename ${d.name}`}>
                              Rename
                            </Button>
                            <Button
                              variant="subtle"
                              size="compact-sm"
                              onClick={() => confirmAllowance(d)}
                              aria-label={d.offline_allowed ? `Stop offline selling on ${d.name}` : `Allow offline selling on ${d.name}`}
                            >
                              {d.offline_allowed ? 'Stop offline' : 'Allow offline'}
                            </Button>
                            <Button variant="subtle" color="red" size="compact-sm" onClick={() => confirmForget(d)} aria-label={`Forget ${d.name}`}>
                              Forget
                            </Button>
                          </Group>
                        ),
                      },
                    ]
                  : []),
              ]}
            />
          )
        ) : (
          <QueryStatus query={devices} loadingLabel="Loading register devices" />
        )}
      </Stack>
    </PageFrame>
  );
}
