import { Paper } from '@mantine/core';
import type { RegisterDevice } from '@merchant/pos';
import { SwitchRow } from '@/components/form/switch-row';
import { formatDateTime } from '@merchant/core';
import { notifyError } from '@/lib/notify';
import { useSetOfflineAllowance } from '../api/register-api';

/** A manager's switch of this device's offline selling (audited on the server). */
export function DeviceAllowance({ businessId, device, zone }: { businessId: string; device: RegisterDevice; zone: string }) {
  const set = useSetOfflineAllowance(businessId, device.id);
  const changed =
    device.offline_changed_by && device.offline_changed_at
      ? ` Last changed by ${device.offline_changed_by.name}, ${formatDateTime(device.offline_changed_at, zone)}.`
      : '';
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="This device">
      <SwitchRow
        label="Sell offline on this device"
        description={`When the network drops, cash and quick sales are kept on this device and sent when it returns.${changed}`}
        checked={device.offline_allowed}
        disabled={set.isPending}
        onChange={(e) => set.mutate(e.currentTarget.checked, { onError: notifyError })}
      />
    </Paper>
  );
}
