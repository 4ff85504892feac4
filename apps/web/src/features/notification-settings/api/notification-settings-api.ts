import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationSettingsEndpoints, type NotificationEvent, type UpdateNotificationSettingBody } from '@merchant/business';
import { call } from '../../../lib/api-client';
import { notificationSettingsKeys } from './keys';

export const notificationSettingsQuery = (businessId: string) =>
  queryOptions({
    queryKey: notificationSettingsKeys.list(businessId),
    queryFn: async () => (await call(notificationSettingsEndpoints.list, { params: { business_id: businessId } })).data,
  });

export function useUpdateNotificationSetting(businessId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: ({ event, body }: { event: NotificationEvent; body: UpdateNotificationSettingBody }) =>
      call(notificationSettingsEndpoints.update, { params: { business_id: businessId, event }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationSettingsKeys.all(businessId) }),
  });
}
