import type { CursorQuery } from '@merchant/core';

/** The signed-in user's active sessions. */
export const sessionListKeys = {
  all: ['user-settings', 'sessions'] as const,
  lists: () => [...sessionListKeys.all, 'list'] as const,
  list: () => [...sessionListKeys.lists(), 'active'] as const,
};

/** The signed-in user's own security events. */
export const auditLogKeys = {
  all: ['user-settings', 'audit-logs'] as const,
  lists: () => [...auditLogKeys.all, 'list'] as const,
  /** Every input of the fetch except the cursor, which the infinite query pages through. */
  list: (query: Pick<CursorQuery, 'limit'>) => [...auditLogKeys.lists(), query] as const,
};
