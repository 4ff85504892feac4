/**
 * Screens that several business sections show, each declared once: its screen, its one title and the
 * permission it needs. A section places one at its own path with `shared(id, path, SHARED.x, { sidebar })`.
 */
import type { SharedScreen } from './define';

export const SHARED = {
  staffList: { screen: 'staff.list', title: 'Staff', permission: 'staff:view' },
  staffInvite: { screen: 'staff.invite', title: 'Invite staff', permission: 'staff:manage' },
  staffDetail: { screen: 'staff.detail', title: 'Staff details', permission: 'staff:view' },
  businessDetails: { screen: 'business-details.edit', title: 'Business details', permission: 'business:update' },
  // The server's notifications and templates need settings:manage (store managers have store:manage only).
  notifications: { screen: 'notification-settings.edit', title: 'Notifications', permission: 'settings:manage' },
  emailTemplates: { screen: 'email-templates.edit', title: 'Email templates', permission: 'settings:manage' },
} as const satisfies Record<string, SharedScreen>;
