import {
  PUBLIC_CHARGES_PATHS as P,
  PublicBalancesSchema,
  PublicBalanceTransactionsSchema,
  PublicChargeDetailSchema,
  PublicChargeListSchema,
  PublicReceiptPrintBodySchema,
  PublicRefundBodySchema,
  PublicRefundSchema,
  PublicSuccessSchema,
} from '@merchant/payments';
import { bodyOf, commonResponses, error, idempotencyKeyParameter, inDocument, json, pathId, type PublicApiPaths } from './public-api.openapi';

const query = (name: string, schema: Record<string, unknown>, description?: string) => ({ name, in: 'query', schema, ...(description ? { description } : {}) });
const day = { type: 'string', format: 'date' };
const provider = { name: 'balance_provider', in: 'path', required: true, schema: { type: 'string', enum: ['adyen', 'card', 'wallet', 'xendit'] } };
const chargeStatuses = ['success', 'succeeded', 'succeeded_manually', 'pending', 'failed', 'refunded', 'cancelled', 'partially_refunded', 'void'];

/** The charges', refunds' and balances' paths in the public API's document (docs/developers.md), HitPay's operation ids. */
export function publicChargesPaths(): PublicApiPaths {
  const common = commonResponses();
  const noCharge = error('No charge of this id in the business');
  const invalid = error('Invalid input (`errors` by field)');
  const balanceDays = [query('created_at_from', day), query('created_at_to', day)];
  return {
    [inDocument(P.charges)]: {
      get: {
        operationId: 'get-all-charges',
        summary: 'Get All Charges (newest first; `cursor` from `meta.next_cursor`)',
        parameters: [
          query('per_page', { type: 'integer', minimum: 1, maximum: 100, default: 25 }),
          query('cursor', { type: 'string' }),
          query('keywords', { type: 'string' }, "A reference, a customer's name or email, or a card's last 4"),
          query('status', { type: 'string', enum: ['succeeded', 'failed', 'refunded'] }),
          query('statuses', { type: 'array', items: { type: 'string', enum: chargeStatuses } }),
          query('date_from', day),
          query('date_to', day),
          query('amount_from', { type: 'number' }, "Major units of the business's currency"),
          query('amount_to', { type: 'number' }, "Major units of the business's currency"),
          query('payment_request_id', { type: 'string', format: 'uuid' }),
          query('customer_id', { type: 'string', format: 'uuid' }),
        ],
        responses: { 200: json(PublicChargeListSchema, 'A page of charges'), 422: invalid, ...common },
      },
    },
    [inDocument(P.chargesExport)]: {
      get: {
        operationId: 'export-charges',
        summary: "Export Charges: the Transactions screen's CSV of the filtered charges, sent at once",
        parameters: [
          query('keywords', { type: 'string' }),
          query('payment_method', { type: 'string', enum: ['card', 'paynow', 'ewallet', 'direct_debit'] }),
          query('statuses[]', { type: 'string' }),
          query('dateFrom', day),
          query('dateTo', day),
        ],
        responses: { 200: { description: 'The CSV', content: { 'text/csv': { schema: { type: 'string' } } } }, 422: invalid, ...common },
      },
    },
    [inDocument(P.charge)]: {
      get: {
        operationId: 'get-charge',
        summary: 'Get Charge Details (with its refunds)',
        parameters: [pathId('charge_id')],
        responses: { 200: json(PublicChargeDetailSchema, 'The charge'), 404: noCharge, ...common },
      },
    },
    [inDocument(P.chargeReceiptPrint)]: {
      post: {
        operationId: 'print-charge-receipt',
        summary: 'Print Receipt: no terminal here prints, so every terminal is not found (422)',
        parameters: [pathId('charge_id'), idempotencyKeyParameter],
        requestBody: bodyOf(PublicReceiptPrintBodySchema),
        responses: { 404: noCharge, 422: error('Terminal not found'), ...common },
      },
    },
    [inDocument(P.refunds)]: {
      post: {
        operationId: 'refund',
        summary: "Refund a charge (`amount` in major units of its currency; the dashboard's rules hold)",
        parameters: [idempotencyKeyParameter],
        requestBody: bodyOf(PublicRefundBodySchema),
        responses: {
          200: json(PublicRefundSchema, 'The refund'),
          404: noCharge,
          409: error('A request with this Idempotency-Key is still running'),
          422: error('Invalid input, more than is left to refund, or a charge that cannot be refunded'),
          ...common,
        },
      },
    },
    [inDocument(P.refund)]: {
      get: {
        operationId: 'get-refund',
        summary: 'Get Refund Details',
        parameters: [pathId('refund_id')],
        responses: { 200: json(PublicRefundSchema, 'The refund'), 404: error('No refund of this id in the business'), ...common },
      },
    },
    [inDocument(P.balances)]: {
      get: {
        operationId: 'get-balances',
        summary: 'Get Balances (the wallet balance per currency)',
        responses: { 200: json(PublicBalancesSchema, 'The balances'), ...common },
      },
    },
    [inDocument(P.balanceTransactions)]: {
      get: {
        operationId: 'get-balance-transactions',
        summary: "Get Balance Transactions (the available balance's statement in the business's currency, newest first)",
        parameters: [
          provider,
          ...balanceDays,
          query('cursor', { type: 'string' }),
          query('per_page', { type: 'integer', minimum: 1, maximum: 100, default: 10 }),
        ],
        responses: {
          200: json(PublicBalanceTransactionsSchema, 'A page of transactions'),
          404: error('A balance the business does not have'),
          422: invalid,
          ...common,
        },
      },
    },
    [inDocument(P.balanceTransactionsExport)]: {
      post: {
        operationId: 'export-transactions',
        summary: "Export Balance Breakdown: the statement's CSV mailed to the business's owners",
        parameters: [provider, ...balanceDays, idempotencyKeyParameter],
        responses: { 200: json(PublicSuccessSchema, 'Mailed'), 404: error('A balance the business does not have'), 422: invalid, ...common },
      },
    },
  };
}
