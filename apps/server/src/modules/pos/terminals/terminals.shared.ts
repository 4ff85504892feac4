import { AppError } from '@merchant/core';
import type { Executor } from '@/db/client';
import type { BusinessContext } from '@/http/context';
import type { AuditService } from '@/modules/platform/audit/audit.service';

export const readerNotFound = () => new AppError('TERMINAL_READER_NOT_FOUND', 'Card reader not found.');
export const orderNotFound = () => new AppError('TERMINAL_ORDER_NOT_FOUND', 'Terminal order not found.');
/** Simulations exist in test mode only: elsewhere the endpoint answers as an unknown one would. */
export const testModeOnly = () => new AppError('NOT_FOUND', 'This simulation is only available in test mode.');

/** Who changes terminals: a member's request, or the public API acting as its key's maker (docs/developers.md). */
export type TerminalsActor = Pick<BusinessContext, 'business' | 'ip' | 'userAgent'> & { user: { id: string } };

/** One audit entry of a terminals change, by the member of the request, in the change's transaction. */
export function auditOf(audit: AuditService) {
  return (tx: Executor, ctx: TerminalsActor, objectType: 'terminal_reader' | 'terminal_order', objectId: string, action: string, description: string) =>
    audit.record(tx, ctx, { action, description, actorUserId: ctx.user.id, businessId: ctx.business.row.id, objectType, objectId });
}
