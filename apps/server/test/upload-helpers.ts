import type { LightMyRequestResponse } from 'fastify';
import { buildPath } from '@merchant/core';
import { onboardingEndpoints } from '@merchant/business';
import { authEndpoints } from '@merchant/identity';
import type { Agent } from './harness';

/** A minimal valid PNG (1x1) and PDF, and bytes that are neither. */
export const PNG_BYTES = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a0e1b5f30000000049454e44ae426082',
  'hex',
);
export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');
export const TEXT_BYTES = Buffer.from('just some text, not a document\n', 'utf8');

export interface UploadFile {
  name: string;
  type: string;
  bytes: Buffer;
  field?: string;
}

/** A multipart/form-data body with one file part, as a browser sends it. */
export function multipart(file: UploadFile): { payload: Buffer; contentType: string } {
  const boundary = `----md-test-${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    'utf8',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8');
  return { payload: Buffer.concat([head, file.bytes, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Uploads a document as the agent (cookies and anti-forgery token included); the kind as given, unchecked. */
export async function upload(agent: Agent, businessId: string, kind: string, file: UploadFile): Promise<LightMyRequestResponse> {
  if (agent.csrf === null) await agent.token();
  const { payload, contentType } = multipart(file);
  return agent.app.inject({
    method: 'POST',
    url: `${buildPath(onboardingEndpoints.uploadDocument.path, { business_id: businessId })}?kind=${kind}`,
    remoteAddress: agent.ip,
    headers: {
      cookie: [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-requested-with': 'XMLHttpRequest',
      'x-csrf-token': agent.csrf ?? '',
      'content-type': contentType,
    },
    payload,
  });
}

export const VALID_ANSWERS = {
  business: { legal_name: '  Rita Noodles Pte. Ltd. ', legal_type: 'company', registration_number: '202600001A', website: '', industry: 'food_beverage' },
  owner: { full_name: 'Rita Register', date_of_birth: '1990-02-14', nationality: 'sg', id_type: 'passport', id_number: 'E1234567' },
  address: { line1: '1 Noodle Lane', line2: '', city: 'Singapore', postal_code: '018989' },
  sales: { monthly_volume: '10k_50k', average_ticket: { amount: 1250, currency: 'sgd' }, description: 'Hand-pulled noodles, dine-in and takeaway.' },
} as const;

/** Fills every step and uploads both documents for a business at the questionnaire. */
export async function completeQuestionnaire(agent: Agent, businessId: string): Promise<void> {
  const params = { business_id: businessId };
  await agent.ok(onboardingEndpoints.saveBusiness, { params, body: VALID_ANSWERS.business });
  await agent.ok(onboardingEndpoints.saveOwner, { params, body: VALID_ANSWERS.owner });
  await agent.ok(onboardingEndpoints.saveAddress, { params, body: VALID_ANSWERS.address });
  await agent.ok(onboardingEndpoints.saveSales, { params, body: VALID_ANSWERS.sales });
  for (const kind of ['business_registration', 'owner_id']) {
    const res = await upload(agent, businessId, kind, { name: `${kind}.pdf`, type: 'application/pdf', bytes: PDF_BYTES });
    if (res.statusCode !== 201) throw new Error(`${kind}: ${res.statusCode} ${res.body}`);
  }
}

/** Registers a new merchant through the API: answers the agent (signed in) and its business id. */
export async function registerMerchant(agent: Agent, email: string, business = 'Rita Noodles'): Promise<string> {
  const res = await agent.ok(authEndpoints.register, {
    body: { name: 'Rita Register', email, password: 'a-long-unique-passphrase', business: { name: business, country: 'sg', currency: 'sgd' } },
  });
  return res.business_id;
}
