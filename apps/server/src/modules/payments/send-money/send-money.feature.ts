import { AppError } from '@merchant/core';
import type { BusinessRow } from '@/http/context';

/** Every endpoint of send money answers 404 SEND_MONEY_NOT_ENABLED while the business's feature is off. */
export function assertSendMoneyEnabled(business: BusinessRow): void {
  if (!business.features.send_money) throw new AppError('SEND_MONEY_NOT_ENABLED', 'Sending money is not turned on for this business.');
}
