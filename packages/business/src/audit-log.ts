import { z } from 'zod';
import { csvAnswer, CalendarDateSchema, CursorQuerySchema, defineEndpoint, pageOf, text } from '@merchant/core';
import { BusinessParamsSchema } from './business';

/** Most rows one CSV export holds; the answer says so in `X-Export-Row-Limit` / `X-Export-Truncated`. */
export const AUDIT_EXPORT_MAX_ROWS = 10_000;

/**
 * Filters of the business audit log (the screen keeps them in its URL, the CSV export takes the same).
 * `action` is exact (`staff.invited`) or a prefix ending in `*` (`staff.*`). Dates are calendar days of the business's time zone, both inclusive.
 */
const AuditLogFilterFields = z.object({
  person: z.uuid('Choose a person from the list').optional(),
  action: text()
    .trim()
    .max(100)
    .regex(/^[a-z0-9_.]+\*?$/, 'Use an action name such as staff.invited, or a prefix such as staff.*')
    .optional(),
  from: CalendarDateSchema.optional(),
  to: CalendarDateSchema.optional(),
});
const datesInOrder = (f: { from?: string | undefined; to?: string | undefined }) => !f.from || !f.to || f.from <= f.to;
const DATES_IN_ORDER = { path: ['to'], message: 'The end date is before the start date' };

export const AuditLogFiltersSchema = AuditLogFilterFields.refine(datesInOrder, DATES_IN_ORDER);
export type AuditLogFilters = z.infer<typeof AuditLogFiltersSchema>;

export const ListAuditLogsQuerySchema = AuditLogFilterFields.extend(CursorQuerySchema.shape).refine(datesInOrder, DATES_IN_ORDER);
export type ListAuditLogsQuery = z.input<typeof ListAuditLogsQuerySchema>;

export const BusinessAuditLogEntrySchema = z.object({
  id: z.string(),
  /** When, in UTC (ISO 8601). */
  created_at: z.string(),
  /** Who: null for the system or a deleted user. `role` is the role held at the time when recorded, else the current one. */
  actor: z
    .object({
      user_id: z.string().nullable(),
      name: z.string().nullable(),
      email: z.string().nullable(),
      role: z.string().nullable(),
    })
    .nullable(),
  /** What. */
  action: z.string(),
  description: z.string(),
  object_type: z.string().nullable(),
  object_id: z.string().nullable(),
  /** From where. */
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
});
export type BusinessAuditLogEntry = z.infer<typeof BusinessAuditLogEntrySchema>;

export const AuditActionOptionSchema = z.object({ action: z.string(), label: z.string() });

/** Readable names of the actions the product records; an action missing here shows its code. */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'business.created': 'Business created',
  'invitation.accepted': 'Invitation accepted',
  'notification_settings.updated': 'Notification recipients changed',
  'email_template.updated': 'Email template saved',
  'email_template.reset': 'Email template reset to default',
  'payment.refunded': 'Payment refunded',
  'customer.created': 'Customer added',
  'customer.updated': 'Customer changed',
  'customer.deleted': 'Customer deleted',
  'customer.portal_link_sent': 'Portal link emailed to a customer',
  'direct_debit.mandate_activated': 'Direct debit authorised by a customer',
  'product.created': 'Product added',
  'product.updated': 'Product changed',
  'product.archived': 'Product archived',
  'product.unarchived': 'Product brought back',
  'product.add_on_groups_set': 'Add-on groups of a product changed',
  'category.created': 'Product category added',
  'category.updated': 'Product category renamed',
  'category.reordered': 'Product categories reordered',
  'category.removed': 'Product category deleted',
  'category.products_assigned': 'Products moved to a category',
  'add_on_group.created': 'Add-on group added',
  'add_on_group.updated': 'Add-on group changed',
  'add_on_group.removed': 'Add-on group deleted',
  'location.created': 'Location added',
  'location.updated': 'Location changed',
  'location.archived': 'Location archived',
  'location.unarchived': 'Location brought back',
  'location.settings_saved': 'Online store location chosen',
  'stock.adjusted': 'Stock adjusted',
  'stock.thresholds_set': 'Low-stock thresholds set',
  'store_order.fulfilled': 'Store order fulfilment step',
  'store_order.cancelled': 'Store order cancelled',
  'store_settings.updated': 'Store settings changed',
  'store_domain.connected': 'Store domain connected',
  'store_domain.verified': 'Store domain verified',
  'store_domain.unverified': 'Store domain check failed',
  'store_domain.removed': 'Store domain disconnected',
  'payment_methods.updated': 'Payment methods changed',
  'payment_provider.connected': 'Payment provider connected',
  'payment_provider.pending': 'Payment provider awaiting review',
  'payment_provider.disconnected': 'Payment provider disconnected',
  'checkout_settings.updated': 'Checkout settings changed',
  'business.logo_updated': 'Logo changed',
  'business.logo_removed': 'Logo removed',
  'bank_account.created': 'Bank account added',
  'bank_account.updated': 'Bank account changed',
  'bank_account.default_set': 'Default bank account chosen',
  'bank_account.removed': 'Bank account removed',
  'beneficiary.created': 'Beneficiary added',
  'beneficiary.updated': 'Beneficiary changed',
  'beneficiary.closed': 'Beneficiary deleted',
  'transfer.created': 'Transfer requested',
  'transfer.approved': 'Transfer approved',
  'transfer.rejected': 'Transfer rejected',
  'transfer.cancelled': 'Transfer cancelled',
  'transfer_settings.updated': 'Transfer approval rule changed',
};

/** `staff.invited` -> its label; `staff.*` -> "All staff actions"; anything else -> the code. */
export function auditActionLabel(action: string): string {
  if (action.endsWith('*'))
    return `All ${action
      .slice(0, -1)
      .replace(/[._]+$/, '')
      .replace(/_/g, ' ')} actions`;
  return AUDIT_ACTION_LABELS[action] ?? action;
}

export const auditLogEndpoints = {
  list: defineEndpoint({
    id: 'auditLog.list',
    method: 'GET',
    path: '/v1/business/:business_id/audit-logs',
    summary: 'The business audit log, newest first, filtered by person, action and UTC dates (cursor pages)',
    access: { kind: 'business', permission: 'audit-logs:view', standing: 'merchant' },
    params: BusinessParamsSchema,
    query: ListAuditLogsQuerySchema,
    response: pageOf(BusinessAuditLogEntrySchema),
  }),
  actions: defineEndpoint({
    id: 'auditLog.actions',
    method: 'GET',
    path: '/v1/business/:business_id/audit-logs/actions',
    summary: 'The actions recorded in the business audit log, for the action filter',
    access: { kind: 'business', permission: 'audit-logs:view', standing: 'merchant' },
    params: BusinessParamsSchema,
    response: z.object({ data: z.array(AuditActionOptionSchema) }),
  }),
  export: defineEndpoint({
    id: 'auditLog.export',
    method: 'GET',
    path: '/v1/business/:business_id/audit-logs/export',
    summary: `The filtered audit log as a CSV download (text/csv, newest first, at most ${AUDIT_EXPORT_MAX_ROWS} rows; X-Export-Truncated: true when more matched)`,
    access: { kind: 'business', permission: 'audit-logs:view', standing: 'merchant' },
    params: BusinessParamsSchema,
    query: AuditLogFiltersSchema,
    response: csvAnswer(),
  }),
} as const;
