import { z } from 'zod';
import {
  PUBLIC_TRANSFERS_PATHS as P,
  PublicBeneficiaryBodySchema,
  PublicBeneficiaryPageSchema,
  PublicBeneficiarySchema,
  PublicBeneficiarySchemaBodySchema,
  PublicBeneficiaryUpdateBodySchema,
  PublicEstimateBodySchema,
  PublicEstimateSchema,
  PublicSchemaFieldSchema,
  PublicTransferBodySchema,
  PublicTransferPageSchema,
  PublicTransferSchema,
} from '@merchant/payments';
import { bodyOf, commonResponses, error, idempotencyKeyParameter, inDocument, json, pathId, type PublicApiPaths } from './public-api.openapi';

const query = (name: string, schema: Record<string, unknown>, description?: string) => ({ name, in: 'query', schema, ...(description ? { description } : {}) });

/** The beneficiaries, transfers, virtual accounts and remitters in the public API's document (HitPay's operation ids). */
export function publicTransfersPaths(): PublicApiPaths {
  const common = commonResponses();
  const post = { parameters: [idempotencyKeyParameter] };
  const invalid = error("Invalid input, in HitPay's field names");
  const off = error('Send money is not turned on for the business');
  const beneficiary = json(PublicBeneficiarySchema, 'The beneficiary');
  const noBeneficiary = error('No active beneficiary of this id in the business');
  const transfer = json(PublicTransferSchema, 'The transfer');
  const absent = (what: string) => ({ 404: error(`${what} are not available in this product`), ...common });
  return {
    [inDocument(P.beneficiarySchema)]: {
      post: {
        operationId: 'get-schema',
        summary: "The fields of a local bank beneficiary in the business's country",
        ...post,
        requestBody: { ...bodyOf(PublicBeneficiarySchemaBodySchema), required: false },
        responses: { 200: json(z.array(PublicSchemaFieldSchema), 'The fields'), 422: invalid, ...common },
      },
    },
    [inDocument(P.beneficiaries)]: {
      post: {
        operationId: 'create-beneficiary',
        summary: 'Create a local bank beneficiary',
        ...post,
        requestBody: bodyOf(PublicBeneficiaryBodySchema),
        responses: { 201: beneficiary, 404: off, 422: invalid, ...common },
      },
      get: {
        operationId: 'get-all-beneficiary',
        summary: 'The active beneficiaries, newest first (numbered pages)',
        parameters: [
          query('query', { type: 'string' }, 'Part of the holder name or the bank'),
          query('page', { type: 'integer', minimum: 1, default: 1 }),
          query('per_page', { type: 'integer', minimum: 1, maximum: 100, default: 10 }),
        ],
        responses: { 200: json(PublicBeneficiaryPageSchema, 'A page of beneficiaries'), ...common },
      },
    },
    [inDocument(P.beneficiary)]: {
      get: {
        operationId: 'get-beneficiary-detail',
        summary: 'One beneficiary',
        parameters: [pathId('beneficiary_id')],
        responses: { 200: beneficiary, 404: noBeneficiary, ...common },
      },
      patch: {
        operationId: 'update-beneficiary',
        summary: 'Update a beneficiary (nickname, remark and favourite are not kept here: sending one is refused)',
        parameters: [pathId('beneficiary_id')],
        requestBody: bodyOf(PublicBeneficiaryUpdateBodySchema),
        responses: { 200: beneficiary, 404: noBeneficiary, 422: invalid, ...common },
      },
      delete: {
        operationId: 'delete-beneficiary',
        summary: 'Delete a beneficiary (it is closed; its transfers keep it)',
        parameters: [pathId('beneficiary_id')],
        responses: { 204: { description: 'Deleted' }, 404: noBeneficiary, ...common },
      },
    },
    [inDocument(P.estimate)]: {
      post: {
        operationId: 'estimate-fee',
        summary: 'The fee and exchange of a transfer to a beneficiary',
        ...post,
        requestBody: bodyOf(PublicEstimateBodySchema),
        responses: { 200: json(PublicEstimateSchema, 'The estimate'), 404: off, 422: invalid, ...common },
      },
    },
    [inDocument(P.transfers)]: {
      post: {
        operationId: 'create-transfer',
        summary: 'Send money to a beneficiary (above the approval threshold it waits: scheduled, awaiting_approval)',
        ...post,
        requestBody: bodyOf(PublicTransferBodySchema),
        responses: { 201: transfer, 404: off, 409: error('A request with this Idempotency-Key is still running'), 422: invalid, ...common },
      },
      get: {
        operationId: 'get-transfers',
        summary: 'Transfers, newest first (cursor pages: `cursor` from `meta.next_cursor`)',
        parameters: [
          query('beneficiary_id', { type: 'string', format: 'uuid' }),
          query('status', { type: 'string', enum: ['scheduled', 'processing', 'paid', 'failed', 'canceled'] }),
          query('per_page', { type: 'integer', minimum: 1, maximum: 100, default: 10 }),
          query('cursor', { type: 'string' }),
        ],
        responses: { 200: json(PublicTransferPageSchema, 'A page of transfers'), 422: invalid, ...common },
      },
    },
    [inDocument(P.transfer)]: {
      get: {
        operationId: 'get-transfer-detail',
        summary: 'One transfer',
        parameters: [pathId('transfer_id')],
        responses: { 200: transfer, 404: error('No transfer of this id in the business'), ...common },
      },
    },
    [inDocument(P.virtualAccounts)]: {
      get: { summary: 'Virtual accounts: not available (404)', responses: absent('Virtual accounts') },
      post: { summary: 'Virtual accounts: not available (404)', ...post, responses: absent('Virtual accounts') },
    },
    [inDocument(P.virtualAccount)]: {
      get: { summary: 'Virtual accounts: not available (404)', parameters: [pathId('virtual_account_id')], responses: absent('Virtual accounts') },
    },
    [inDocument(P.remitters)]: {
      get: { operationId: 'get-remitters', summary: 'Remitters: not available (404)', responses: absent('Remitters') },
      post: { operationId: 'create-remitter', summary: 'Remitters: not available (404)', ...post, responses: absent('Remitters') },
    },
    [inDocument(P.remitter)]: {
      get: { operationId: 'get-remitter', summary: 'Remitters: not available (404)', parameters: [pathId('remitter_id')], responses: absent('Remitters') },
      delete: {
        operationId: 'delete-remitter',
        summary: 'Remitters: not available (404)',
        parameters: [pathId('remitter_id')],
        responses: absent('Remitters'),
      },
    },
  };
}
