import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { endpointPath, hostOfKind } from '@merchant/core';
import { businessEndpoints, onboardingEndpoints } from '@merchant/business';
import { checkoutCustomisationEndpoints as customisation } from '@merchant/payments';
import { auditLogs } from '../src/db/schema';
import { brandingFor } from '../src/modules/payments/checkout-customisation/checkout-customisation.service';
import { Agent, createTestContext, type TestContext } from './harness';
import { createBusiness, type FactoryBusiness } from './factories';
import { PNG_BYTES, PDF_BYTES, TEXT_BYTES, completeQuestionnaire, multipart, registerMerchant, type UploadFile } from './upload-helpers';

/** Checkout customisation: brand colour, settlement delay, receipts, and the one business logo upload. */
let t: TestContext;
let owner: Agent;
let business: FactoryBusiness<'owner' | 'manager' | 'cashier'>;

beforeAll(async () => {
  t = await createTestContext();
  business = await createBusiness(t, { staff: ['manager', 'cashier'] });
  owner = business.people.owner.agent;
});
afterAll(() => t.close());

const inBusiness = (businessId = business.id) => ({ params: { business_id: businessId } });
const settings = (agent: Agent, businessId = business.id) => agent.ok(customisation.get, inBusiness(businessId));
/** Where a logo file of a business is served: the dashboard's path, or the checkout's. */
const logoFile = (businessId: string, file: string, on: 'app' | 'checkout' = 'app') =>
  endpointPath(on === 'app' ? customisation.logoFile : customisation.checkoutLogoFile, { params: { business_id: businessId, file } });
const JPEG_BYTES = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);
const WEBP_BYTES = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x20, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(24, 2)]);

async function uploadLogo(agent: Agent, file: UploadFile, businessId = business.id) {
  if (agent.csrf === null) await agent.token();
  const { payload, contentType } = multipart(file);
  return t.app.inject({
    method: 'POST',
    url: endpointPath(customisation.uploadLogo, inBusiness(businessId)),
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

const onHost = (kind: 'app' | 'checkout', url: string) =>
  t.app.inject({ method: 'GET', url, headers: { host: `${hostOfKind(kind, t.config.baseDomain)}:3000` } });

describe('checkout settings', () => {
  it('answers the defaults, then saves colour, delay and receipts, audited', async () => {
    expect(await settings(owner)).toEqual({ brand_color: '#1c7ed6', logo_url: null, settlement_delay_days: 2, send_receipts: true });
    const res = await owner.ok(customisation.update, { ...inBusiness(), body: { brand_color: ' #AA3300 ', settlement_delay_days: 0, send_receipts: false } });
    expect(res).toEqual({ brand_color: '#aa3300', logo_url: null, settlement_delay_days: 0, send_receipts: false });
    const [entry] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.businessId, business.id), eq(auditLogs.action, 'checkout_settings.updated')));
    expect(entry!.meta).toMatchObject({ changes: { brand_color: { from: '#1c7ed6', to: '#aa3300' }, settlement_delay_days: { from: 2, to: 0 } } });
    expect(await brandingFor(t.database.db, business.id)).toEqual({ name: business.name, logo_url: null, brand_color: '#aa3300', time_zone: 'UTC' });
  });

  it('refuses a colour that is not hex and a delay outside 0-30 with field issues', async () => {
    const cases: [unknown, string][] = [
      [{ brand_color: 'red', settlement_delay_days: 2, send_receipts: true }, 'brand_color'],
      [{ brand_color: '#12345', settlement_delay_days: 2, send_receipts: true }, 'brand_color'],
      [{ brand_color: '#123456', settlement_delay_days: 31, send_receipts: true }, 'settlement_delay_days'],
      [{ brand_color: '#123456', settlement_delay_days: -1, send_receipts: true }, 'settlement_delay_days'],
      [{ brand_color: '#123456', settlement_delay_days: 1.5, send_receipts: true }, 'settlement_delay_days'],
      [{ brand_color: '#123456', settlement_delay_days: 2 }, 'send_receipts'],
    ];
    // Sent raw: some of these bodies are malformed (a fractional delay, a missing field).
    for (const [body, path] of cases) {
      const res = await owner.put(endpointPath(customisation.update, inBusiness()), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().issues.map((i: { path: string }) => i.path)).toContain(path);
    }
  });
});

describe('logo upload', () => {
  it('takes a PNG whatever its name, shows it in the Business answer, and serves it on both hosts', async () => {
    const res = await uploadLogo(owner, { name: 'logo.txt', type: 'text/plain', bytes: PNG_BYTES });
    expect(res.statusCode, res.body).toBe(201);
    const url: string = res.json().logo_url;
    const file = url.split('/').pop()!;
    expect(file).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(url).toBe(logoFile(business.id, file));
    expect((await owner.ok(businessEndpoints.get, inBusiness())).logo_url).toBe(url);
    expect((await settings(owner)).logo_url).toBe(url);

    const image = await onHost('app', url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG_BYTES)).toBe(true);
    // The checkout shows it from its own host; the dashboard path is not served there.
    const branding = await brandingFor(t.database.db, business.id);
    expect(branding!.logo_url).toBe(logoFile(business.id, file, 'checkout'));
    const onCheckout = await onHost('checkout', branding!.logo_url!);
    expect(onCheckout.statusCode).toBe(200);
    expect(onCheckout.rawPayload.equals(PNG_BYTES)).toBe(true);
    expect((await onHost('checkout', url)).statusCode).toBe(404);
  });

  it('replaces the logo: JPEG and WebP are taken, the old file is gone, each change audited', async () => {
    const before = (await settings(owner)).logo_url!;
    const jpeg = await uploadLogo(owner, { name: 'logo.png', type: 'image/png', bytes: JPEG_BYTES });
    expect(jpeg.statusCode, jpeg.body).toBe(201);
    expect(jpeg.json().logo_url).toMatch(/\.jpg$/);
    expect((await onHost('app', before)).statusCode).toBe(404);
    const webp = await uploadLogo(owner, { name: 'logo', type: 'application/octet-stream', bytes: WEBP_BYTES });
    expect(webp.json().logo_url).toMatch(/\.webp$/);
    expect((await onHost('app', webp.json().logo_url)).headers['content-type']).toBe('image/webp');
    const entries = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.businessId, business.id), eq(auditLogs.action, 'business.logo_updated')));
    expect(entries).toHaveLength(3);
  });

  it('refuses a renamed text file, a PDF, an empty file and an oversized image, keeping the current logo', async () => {
    const current = (await settings(owner)).logo_url!;
    for (const file of [
      { name: 'logo.png', type: 'image/png', bytes: TEXT_BYTES },
      { name: 'logo.png', type: 'image/png', bytes: PDF_BYTES },
      { name: 'logo.png', type: 'image/png', bytes: Buffer.alloc(0) },
    ]) {
      const res = await uploadLogo(owner, file);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'LOGO_INVALID', issues: [{ path: 'file' }] });
    }
    const big = await uploadLogo(owner, { name: 'big.png', type: 'image/png', bytes: Buffer.concat([PNG_BYTES, Buffer.alloc(1024 * 1024)]) });
    expect(big.statusCode).toBe(422);
    expect(big.json()).toMatchObject({ code: 'LOGO_TOO_LARGE', issues: [{ path: 'file' }] });
    const wrongPart = await uploadLogo(owner, { name: 'logo.png', type: 'image/png', bytes: PNG_BYTES, field: 'image' });
    expect(wrongPart.json()).toMatchObject({ code: 'LOGO_INVALID' });
    const json = await owner.post(endpointPath(customisation.uploadLogo, inBusiness()), { file: 'x' });
    expect(json.statusCode).toBe(422);
    expect((await settings(owner)).logo_url).toBe(current);
  });

  it('serves only the current logo: never another file of the business, such as a verification document', async () => {
    const rita = new Agent(t.app);
    const ritaBusiness = await registerMerchant(rita, 'rita.logo@example.test');
    await completeQuestionnaire(rita, ritaBusiness);
    const { documents } = await rita.ok(onboardingEndpoints.get, inBusiness(ritaBusiness));
    for (const doc of documents) {
      for (const ext of ['png', 'jpg']) expect((await onHost('app', logoFile(ritaBusiness, `${doc.id}.${ext}`))).statusCode).toBe(404);
    }
    const traversal = logoFile(ritaBusiness, '../../etc.png');
    expect(traversal).toMatch(/\/\.\.%2F\.\.%2Fetc\.png$/);
    expect((await onHost('app', traversal)).statusCode).toBe(422);
    expect((await onHost('app', logoFile(ritaBusiness, 'x.svg'))).statusCode).toBe(422);
  });

  it('removes the logo; the file is no longer served', async () => {
    const current = (await settings(owner)).logo_url!;
    expect(await owner.ok(customisation.removeLogo, inBusiness())).toEqual({ logo_url: null });
    expect((await onHost('app', current)).statusCode).toBe(404);
    expect((await owner.ok(businessEndpoints.get, inBusiness())).logo_url).toBeNull();
  });
});

describe('access', () => {
  it('lets payments:view read and only settings:manage change', async () => {
    for (const a of [business.people.manager.agent, business.people.cashier.agent]) {
      await a.ok(customisation.get, inBusiness());
      expect(
        (await a.call(customisation.update, { ...inBusiness(), body: { brand_color: '#000000', settlement_delay_days: 1, send_receipts: true } })).status,
      ).toBe(403);
      expect((await uploadLogo(a, { name: 'logo.png', type: 'image/png', bytes: PNG_BYTES })).statusCode).toBe(403);
      expect((await a.call(customisation.removeLogo, inBusiness())).status).toBe(403);
    }
  });

  it('keeps businesses apart', async () => {
    const sam = new Agent(t.app);
    const samBusiness = await registerMerchant(sam, 'sam.logo@example.test', 'Sam Bakes');
    expect((await sam.call(customisation.get, inBusiness())).status).toBe(404);
    expect((await uploadLogo(sam, { name: 'logo.png', type: 'image/png', bytes: PNG_BYTES })).statusCode).toBe(404);
    await sam.ok(customisation.update, { ...inBusiness(samBusiness), body: { brand_color: '#00ff00', settlement_delay_days: 5, send_receipts: true } });
    expect((await settings(owner)).brand_color).toBe('#aa3300');
    const own = await uploadLogo(sam, { name: 'logo.png', type: 'image/png', bytes: PNG_BYTES }, samBusiness);
    expect(own.statusCode).toBe(201);
    // A logo file name under another business's id is not found.
    const file = (own.json().logo_url as string).split('/').pop()!;
    expect((await onHost('app', logoFile(business.id, file))).statusCode).toBe(404);
  });
});
