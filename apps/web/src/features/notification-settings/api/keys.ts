/** Notification recipients of one business. */
export const notificationSettingsKeys = {
  all: (businessId: string) => ['notification-settings', businessId] as const,
  lists: (businessId: string) => [...notificationSettingsKeys.all(businessId), 'list'] as const,
  list: (businessId: string) => [...notificationSettingsKeys.lists(businessId), 'all-events'] as const,
};
