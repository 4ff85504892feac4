import { z } from 'zod';
import { CalendarDateSchema, CurrencyCodeSchema, CursorQuerySchema, defineEndpoint, fileAnswer, pageOf, text } from '@merchant/core';
import { BusinessParamsSchema } from '@merchant/business';

/**
 * Mall sales reporting (docs/pos.md, "Mall sales reporting"): an integration per mall sends each day's sales of one
 * location as a file over SFTP; every run (scheduled or resent) is logged with its totals, its file and its error.
 */

/** The file formats offered (modelled on common Singapore mall GTO files; none is certified by a mall). */
export const MALL_FORMATS = ['generic_csv', 'harbour_point_pipe', 'orchid_square_fixed'] as const;
export type MallFormat = (typeof MALL_FORMATS)[number];
export const MALL_FORMAT_LABELS: Record<MallFormat, string> = {
  generic_csv: 'Generic daily sales CSV',
  harbour_point_pipe: 'Harbour Point Mall (pipe-delimited, hourly)',
  orchid_square_fixed: 'Orchid Square (one line per day)',
};

export const MALL_AUTH_KINDS = ['password', 'private_key'] as const;
export const MALL_RUN_STATUSES = ['pending', 'retrying', 'succeeded', 'failed'] as const;
export type MallRunStatus = (typeof MALL_RUN_STATUSES)[number];
export const MALL_RUN_STATUS_LABELS: Record<MallRunStatus, string> = {
  pending: 'Pending',
  retrying: 'Retrying',
  succeeded: 'Sent',
  failed: 'Failed',
};
/** Attempts of a run before it is failed (the first and three retries, waiting 1, 4 and 16 minutes). */
export const MALL_RUN_ATTEMPTS = 4;

const required = (max: number, message: string) => text().trim().min(1, message).max(max, `Use at most ${max} characters`);
const code = (message: string) => required(40, message).regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, dashes and underscores only (the mall gives it)');
const host = required(253, 'Enter the SFTP server’s host name').regex(/^[A-Za-z0-9.:-]+$/, 'Enter a host name or an IP address');
const directory = text()
  .trim()
  .max(200, 'Use at most 200 characters')
  .regex(/^[^\\]*$/, 'Use forward slashes');

const fields = {
  name: required(80, 'Enter the mall’s name'),
  format: z.enum(MALL_FORMATS, 'Choose a file format'),
  location_id: z.uuid('Choose a location'),
  tenant_id: code('Enter the tenant id the mall gave you'),
  machine_id: code('Enter the machine id the mall gave you'),
  sftp_host: host,
  sftp_port: z.number('Enter a port').int('Enter a whole number').min(1, 'Use a port from 1 to 65535').max(65535, 'Use a port from 1 to 65535'),
  sftp_username: required(100, 'Enter the SFTP user name'),
  remote_directory: directory,
  active: z.boolean(),
};

/** The secret: a password or a private key (PEM / OpenSSH); blank on an edit keeps the stored one. */
const secretFields = {
  auth_kind: z.enum(MALL_AUTH_KINDS, 'Choose password or private key'),
  password: text().max(200, 'Use at most 200 characters').optional(),
  private_key: text().max(20_000, 'The key is too long').optional(),
};

export const CreateMallIntegrationBodySchema = z
  .object({
    ...fields,
    sftp_port: fields.sftp_port.default(22),
    remote_directory: directory.default(''),
    active: fields.active.default(true),
    ...secretFields,
  })
  .superRefine((body, ctx) => {
    if (body.auth_kind === 'password' && !body.password) ctx.addIssue({ code: 'custom', path: ['password'], message: 'Enter the SFTP password' });
    if (body.auth_kind === 'private_key' && !body.private_key?.includes('PRIVATE KEY'))
      ctx.addIssue({ code: 'custom', path: ['private_key'], message: 'Paste the private key (it starts with -----BEGIN)' });
  });
export type CreateMallIntegrationBody = z.input<typeof CreateMallIntegrationBodySchema>;

export const UpdateMallIntegrationBodySchema = z
  .object({ ...fields, ...secretFields })
  .partial()
  .superRefine((body, ctx) => {
    if (body.private_key && !body.private_key.includes('PRIVATE KEY'))
      ctx.addIssue({ code: 'custom', path: ['private_key'], message: 'Paste the private key (it starts with -----BEGIN)' });
  });
export type UpdateMallIntegrationBody = z.input<typeof UpdateMallIntegrationBodySchema>;

const MoneyAnswer = z.object({ amount: z.number().int(), currency: CurrencyCodeSchema });

export const MallIntegrationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  format: z.enum(MALL_FORMATS),
  format_label: z.string(),
  location_id: z.uuid(),
  location_name: z.string(),
  tenant_id: z.string(),
  machine_id: z.string(),
  sftp_host: z.string(),
  sftp_port: z.number().int(),
  sftp_username: z.string(),
  auth_kind: z.enum(MALL_AUTH_KINDS),
  /** Whether a password or key is stored; the secret itself is never answered. */
  secret_set: z.boolean(),
  remote_directory: z.string(),
  active: z.boolean(),
  last_run: z.object({ id: z.uuid(), business_date: z.string(), status: z.enum(MALL_RUN_STATUSES), finished_at: z.string().nullable() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type MallIntegration = z.infer<typeof MallIntegrationSchema>;

export const MallTotalsSchema = z.object({
  order_count: z.number().int(),
  gross_sales: MoneyAnswer,
  discounts: MoneyAnswer,
  tax: MoneyAnswer,
  tips: MoneyAnswer,
  total: MoneyAnswer,
  refund_count: z.number().int(),
  refunds: MoneyAnswer,
  net: MoneyAnswer,
  cash: MoneyAnswer,
  card: MoneyAnswer,
});
export type MallTotals = z.infer<typeof MallTotalsSchema>;

export const MallRunSchema = z.object({
  id: z.uuid(),
  integration_id: z.uuid(),
  integration_name: z.string(),
  business_date: z.string(),
  status: z.enum(MALL_RUN_STATUSES),
  /** `schedule` (the daily job) or `resend` (a person asked). */
  trigger: z.enum(['schedule', 'resend']),
  attempts: z.number().int(),
  next_attempt_at: z.string().nullable(),
  file_name: z.string().nullable(),
  totals: MallTotalsSchema.nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type MallRun = z.infer<typeof MallRunSchema>;

export const MallIntegrationParamsSchema = BusinessParamsSchema.extend({ integration_id: z.uuid() });
export const MallRunParamsSchema = BusinessParamsSchema.extend({ run_id: z.uuid() });
export const ListMallRunsQuerySchema = CursorQuerySchema.extend({ integration_id: z.uuid().optional() });
export const SendMallDayBodySchema = z.object({ business_date: CalendarDateSchema });
export const MallConnectionTestSchema = z.object({ ok: z.boolean(), message: z.string() });

const manage = { kind: 'business', permission: 'pos:manage', standing: 'merchant' } as const;
const base = '/v1/business/:business_id/pos/mall-gto';
const NOT_FOUND = ['MALL_INTEGRATION_NOT_FOUND'] as const;

export const mallGtoEndpoints = {
  list: defineEndpoint({
    id: 'mallGto.list',
    method: 'GET',
    path: `${base}/integrations`,
    summary: 'The mall integrations by name, each with its last run',
    access: manage,
    params: BusinessParamsSchema,
    response: z.object({ data: z.array(MallIntegrationSchema) }),
  }),
  get: defineEndpoint({
    id: 'mallGto.get',
    method: 'GET',
    path: `${base}/integrations/:integration_id`,
    summary: 'One mall integration (its SFTP secret only as set or not)',
    access: manage,
    params: MallIntegrationParamsSchema,
    response: MallIntegrationSchema,
    errors: [...NOT_FOUND],
  }),
  create: defineEndpoint({
    id: 'mallGto.create',
    method: 'POST',
    path: `${base}/integrations`,
    summary: 'Set up a mall integration: the mall’s format, tenant and machine ids, the location and the SFTP server',
    access: manage,
    params: BusinessParamsSchema,
    body: CreateMallIntegrationBodySchema,
    response: MallIntegrationSchema,
    status: 201,
  }),
  update: defineEndpoint({
    id: 'mallGto.update',
    method: 'PATCH',
    path: `${base}/integrations/:integration_id`,
    summary: 'Change a mall integration; a blank password or key keeps the stored one',
    access: manage,
    params: MallIntegrationParamsSchema,
    body: UpdateMallIntegrationBodySchema,
    response: MallIntegrationSchema,
    errors: [...NOT_FOUND],
  }),
  testConnection: defineEndpoint({
    id: 'mallGto.testConnection',
    method: 'POST',
    path: `${base}/integrations/:integration_id/connection-tests`,
    summary: 'Sign in to the mall’s SFTP server with the stored credentials and list the remote folder',
    access: manage,
    params: MallIntegrationParamsSchema,
    response: MallConnectionTestSchema,
    errors: [...NOT_FOUND],
  }),
  sendDay: defineEndpoint({
    id: 'mallGto.sendDay',
    method: 'POST',
    path: `${base}/integrations/:integration_id/runs`,
    summary: 'Build and send a day’s file now (a resend); a failed upload is retried by the schedule',
    access: manage,
    params: MallIntegrationParamsSchema,
    body: SendMallDayBodySchema,
    response: MallRunSchema,
    status: 201,
    errors: [...NOT_FOUND],
  }),
  runs: defineEndpoint({
    id: 'mallGto.runs',
    method: 'GET',
    path: `${base}/runs`,
    summary: 'The runs, newest first (cursor pages), of every integration or one',
    access: manage,
    params: BusinessParamsSchema,
    query: ListMallRunsQuerySchema,
    response: pageOf(MallRunSchema),
  }),
  runFile: defineEndpoint({
    id: 'mallGto.runFile',
    method: 'GET',
    path: `${base}/runs/:run_id/file`,
    summary: 'The file a run built, as it was sent',
    access: manage,
    params: MallRunParamsSchema,
    response: fileAnswer(['text/plain'], 'The file as sent (text)'),
    errors: ['MALL_RUN_NOT_FOUND'],
  }),
} as const;
