import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationSettingsEndpoints, type NotificationEvent, type UpdateNotificationSettingBody } from '@merchant/business';
import { call } from '@/lib/api-client';
import { endpointQuery, endpointScope } from '@/lib/queries';

export const notificationSettingsQuery = (businessId: string) =>
  queryOptions({
    ...endpointQuery(notificationSettingsEndpoints.list, { params: { business_id: businessId } }),
    select: (answer) => answer.data,
  });

export function useUpdateNotificationSetting(businessId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: ({ event, body }: { event: NotificationEvent; body: UpdateNotificationSettingBody }) =>
      call(notificationSettingsEndpoints.update, { params: { business_id: businessId, event }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointScope(notificationSettingsEndpoints.list, { params: { business_id: businessId } }) }),
  });
}
