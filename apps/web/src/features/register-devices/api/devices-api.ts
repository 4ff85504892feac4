import { useMutation, useQueryClient } from '@tanstack/react-query';
import { registerEndpoints, type RenameDeviceBody } from '@merchant/pos';
import { call } from '@/lib/api-client';
import { endpointQuery, endpointScope, invalidateEndpoints } from '@/lib/queries';

/** The business's register devices (docs/pos.md, "Register devices"). */
export const devicesQuery = (businessId: string) => endpointQuery(registerEndpoints.listDevices, { params: { business_id: businessId } });

function useInvalidateDevices(businessId: string) {
  const client = useQueryClient();
  const params = { business_id: businessId };
  return () =>
    invalidateEndpoints(client, [endpointScope(registerEndpoints.listDevices, { params }), endpointScope(registerEndpoints.registerDevice, { params })]);
}

const deviceParams = (businessId: string, deviceId: string) => ({ business_id: businessId, device_id: deviceId });

/** The rename dialog shows field issues itself. */
export function useRenameDevice(businessId: string, deviceId: string) {
  const invalidate = useInvalidateDevices(businessId);
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: RenameDeviceBody) => call(registerEndpoints.renameDevice, { params: deviceParams(businessId, deviceId), body }),
    onSuccess: invalidate,
  });
}

export function useSetDeviceAllowance(businessId: string) {
  const invalidate = useInvalidateDevices(businessId);
  return useMutation({
    mutationFn: ({ deviceId, allowed }: { deviceId: string; allowed: boolean }) =>
      call(registerEndpoints.setOfflineAllowance, { params: deviceParams(businessId, deviceId), body: { allowed } }),
    onSuccess: invalidate,
  });
}

export function useForgetDevice(businessId: string) {
  const invalidate = useInvalidateDevices(businessId);
  return useMutation({
    mutationFn: (deviceId: string) => call(registerEndpoints.forgetDevice, { params: deviceParams(businessId, deviceId) }),
    onSuccess: invalidate,
  });
}
