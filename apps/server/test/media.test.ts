import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { buildPath, endpointPath, hostOfKind } from '@merchant/core';
import { categoryEndpoints, mediaEndpoints, productEndpoints, type Media } from '@merchant/catalogue';
import { auditLogs } from '../src/db/schema';
import { Agent, answerOf, createTestContext, failure, type TestContext } from './harness';
import { createBusiness, createProduct, type FactoryBusiness } from './factories';
import { Shopper, openStore, shopHostOf } from './factories/store';

/** The media library: uploads checked by their bytes, renditions, immutable files, products and categories, roles. */
let t: TestContext;
let owner: Agent;
let business: FactoryBusiness<'owner' | 'manager' | 'cashier'>;
let other: FactoryBusiness<'owner'>;

const inBusiness = (businessId = business.id) => ({ params: { business_id: businessId } });
const one = (mediaId: string, businessId = business.id) => ({ params: { business_id: businessId, media_id: mediaId } });

/** A test image made here (no binary fixtures): a gradient so the encoders have something to keep. */
async function image(format: 'png' | 'jpeg' | 'webp' | 'gif', width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    raw[i * 3] = (i % width) % 256;
    raw[i * 3 + 1] = Math.floor(i / width) % 256;
    raw[i * 3 + 2] = 128;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();
}

/** A multipart body with a file part (and fields), as a browser's form sends it. */
function multipart(file: { name: string; type: string; bytes: Buffer }, fields: Record<string, string> = {}) {
  const boundary = `----media-${Math.random().toString(16).slice(2)}`;
  const parts = [
    ...Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ];
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(agent: Agent, file: { name: string; type: string; bytes: Buffer }, fields: Record<string, string> = {}, businessId = business.id) {
  if (agent.csrf === null) await agent.token();
  const { payload, contentType } = multipart(file, fields);
  return agent.app.inject({
    method: 'POST',
    url: buildPath(mediaEndpoints.upload.path, { business_id: businessId }),
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

async function uploaded(agent: Agent, format: 'png' | 'jpeg' | 'webp' | 'gif', width: number, height: number, fields: Record<string, string> = {}) {
  const res = await upload(agent, { name: `photo.${format}`, type: `image/${format}`, bytes: await image(format, width, height) }, fields);
  expect(res.statusCode, res.body).toBe(201);
  return mediaEndpoints.upload.response.parse(res.json()) as Media;
}

/** The same file's path on the store host. */
const shopFilePath = (url: string, businessId = business.id) =>
  endpointPath(mediaEndpoints.shopFile, { params: { business_id: businessId, file: url.split('/').pop()! } });
const fetchFile = (url: string, host?: string) => t.app.inject({ method: 'GET', url, headers: host ? { host } : {} });

beforeAll(async () => {
  t = await createTestContext();
  business = await createBusiness(t, { staff: ['manager', 'cashier'] });
  other = await createBusiness(t);
  owner = business.people.owner.agent;
});
afterAll(() => t.close());

describe('uploads', () => {
  it('keeps a PNG with WebP renditions of 160, 480 and 1200 px, never enlarged, served immutable with its type', async () => {
    const media = await uploaded(owner, 'png', 1600, 1000, { alt_text: 'Beans in a bag' });
    expect(media).toMatchObject({
      format: 'png',
      content_type: 'image/png',
      width: 1600,
      height: 1000,
      alt_text: 'Beans in a bag',
      file_name: 'photo.png',
      used_by: [],
    });
    for (const [rendition, width, height] of [
      ['w160', 160, 100],
      ['w480', 480, 300],
      ['w1200', 1200, 750],
    ] as const) {
      const res = await fetchFile(media.urls[rendition]);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, height]);
    }
    const original = await fetchFile(media.urls.original);
    expect(original.headers['content-type']).toBe('image/png');
    expect(original.rawPayload.length).toBe(media.byte_size);
    const small = await uploaded(owner, 'jpeg', 300, 200);
    expect(small.format).toBe('jpeg');
    const large = await sharp((await fetchFile(small.urls.w1200)).rawPayload).metadata();
    expect([large.width, large.height]).toEqual([300, 200]);
    expect((await sharp((await fetchFile(small.urls.w160)).rawPayload).metadata()).width).toBe(160);
    for (const format of ['webp', 'gif'] as const) expect((await uploaded(owner, format, 40, 30)).format).toBe(format);
  });

  it('reads the bytes, not the name or the declared type: a text file named .png is "Not an image"', async () => {
    const refused = [
      { name: 'photo.png', type: 'image/png', bytes: Buffer.from('just some text, not an image\n') },
      { name: 'logo.svg', type: 'image/svg+xml', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>') },
      // A PNG's signature over bytes that do not decode.
      { name: 'broken.png', type: 'image/png', bytes: Buffer.concat([(await image('png', 20, 20)).subarray(0, 40)]) },
      { name: 'empty.jpg', type: 'image/jpeg', bytes: Buffer.alloc(0) },
    ];
    for (const file of refused) {
      const res = answerOf(await upload(owner, file));
      expect(res.status, file.name).toBe(422);
      expect(failure(res)).toMatchObject({ code: 'MEDIA_INVALID', issues: [{ path: 'file', message: 'Not an image. Upload a JPEG, PNG, WebP or GIF file.' }] });
    }
    // A real JPEG named .txt and sent as text is an image all the same.
    const jpeg = await upload(owner, { name: 'notes.txt', type: 'text/plain', bytes: await image('jpeg', 50, 50) });
    expect(jpeg.statusCode).toBe(201);
    expect(jpeg.json()).toMatchObject({ format: 'jpeg', content_type: 'image/jpeg', file_name: 'notes.txt' });
  });

  it('refuses a file over 10 MB while it streams in', async () => {
    const big = Buffer.concat([await image('png', 10, 10), Buffer.alloc(10 * 1024 * 1024 + 1)]);
    const res = answerOf(await upload(owner, { name: 'big.png', type: 'image/png', bytes: big }));
    expect(res.status).toBe(422);
    expect(failure(res)).toMatchObject({ code: 'MEDIA_TOO_LARGE', issues: [{ path: 'file' }] });
  });

  it('lists newest first, searches by file name and alt text, edits alt text and name', async () => {
    const media = await uploaded(owner, 'png', 64, 64, { alt_text: 'Cold brew bottle' });
    const found = await owner.ok(mediaEndpoints.list, { ...inBusiness(), query: { q: 'cold brew' } });
    expect(found.data.map((m) => m.id)).toEqual([media.id]);
    const all = await owner.ok(mediaEndpoints.list, { ...inBusiness(), query: { limit: 2 } });
    expect(all.data[0]!.id).toBe(media.id);
    expect(all.next_cursor).not.toBeNull();
    const next = await owner.ok(mediaEndpoints.list, { ...inBusiness(), query: { limit: 2, cursor: all.next_cursor! } });
    expect(next.data.map((m) => m.id)).not.toContain(media.id);
    const edited = await owner.ok(mediaEndpoints.update, { ...one(media.id), body: { alt_text: '  A bottle of cold brew ', file_name: 'cold-brew.png' } });
    expect(edited).toMatchObject({ alt_text: 'A bottle of cold brew', file_name: 'cold-brew.png' });
    const tooLong = await owner.call(mediaEndpoints.update, { ...one(media.id), body: { alt_text: 'x'.repeat(251) } });
    expect(failure(tooLong).issues?.[0]?.path).toBe('alt_text');
    const actions = (await t.database.db.select().from(auditLogs).where(eq(auditLogs.objectId, media.id))).map((e) => e.action).sort();
    expect(actions).toEqual(['media.updated', 'media.uploaded']);
  });
});

describe('products and categories', () => {
  it('gives a product several images in order, the first primary, and a category one; "where used" names them', async () => {
    const [a, b] = [await uploaded(owner, 'png', 100, 100), await uploaded(owner, 'jpeg', 120, 80)];
    const product = await createProduct(owner, business.id, { name: 'House blend' });
    expect(product.images).toEqual([]);
    const params = { business_id: business.id, product_id: product.id };
    const withImages = await owner.ok(productEndpoints.setImages, { params, body: { media_ids: [b.id, a.id] } });
    expect(withImages.images.map((i) => i.media_id)).toEqual([b.id, a.id]);
    expect(withImages.images[0]).toMatchObject({ width: 120, height: 80, urls: b.urls });
    const reordered = await owner.ok(productEndpoints.setImages, { params, body: { media_ids: [a.id] } });
    expect(reordered.images.map((i) => i.media_id)).toEqual([a.id]);
    const listed = await owner.ok(productEndpoints.list, { ...inBusiness(), query: { q: 'House blend' } });
    expect(listed.data[0]!.images.map((i) => i.media_id)).toEqual([a.id]);

    const category = await owner.ok(categoryEndpoints.create, { ...inBusiness(), body: { name: 'Coffee', image_media_id: b.id } });
    expect(category.image?.media_id).toBe(b.id);
    const renamed = await owner.ok(categoryEndpoints.update, { params: { business_id: business.id, category_id: category.id }, body: { name: 'Coffees' } });
    expect(renamed.image?.media_id).toBe(b.id);
    expect((await owner.ok(categoryEndpoints.list, inBusiness())).data.find((c) => c.id === category.id)?.image?.media_id).toBe(b.id);

    expect((await owner.ok(mediaEndpoints.get, one(a.id))).used_by).toEqual([{ kind: 'product', id: product.id, name: 'House blend' }]);
    expect((await owner.ok(mediaEndpoints.get, one(b.id))).used_by).toEqual([{ kind: 'category', id: category.id, name: 'Coffees' }]);
    const none = await owner.ok(categoryEndpoints.update, {
      params: { business_id: business.id, category_id: category.id },
      body: { name: 'Coffees', image_media_id: null },
    });
    expect(none.image).toBeNull();
  });

  it('refuses images that are not the business’s, and repeated ones', async () => {
    const product = await createProduct(owner, business.id);
    const theirs = await other.people.owner.agent.ok(mediaEndpoints.list, inBusiness(other.id));
    const foreign = theirs.data[0]?.id ?? '00000000-0000-4000-8000-000000000000';
    const params = { business_id: business.id, product_id: product.id };
    const res = await owner.call(productEndpoints.setImages, { params, body: { media_ids: [foreign] } });
    expect(failure(res).issues).toEqual([{ path: 'media_ids.0', message: 'Choose an image from the library' }]);
    const mine = await uploaded(owner, 'png', 20, 20);
    const twice = await owner.call(productEndpoints.setImages, { params, body: { media_ids: [mine.id, mine.id] } });
    expect(failure(twice).issues?.[0]?.path).toBe('media_ids');
    const category = await owner.call(categoryEndpoints.create, { ...inBusiness(), body: { name: 'Foreign', image_media_id: foreign } });
    expect(failure(category).issues).toEqual([{ path: 'image_media_id', message: 'Choose an image from the library' }]);
  });

  it('refuses deleting an image products show unless confirmed, which takes it off them', async () => {
    const media = await uploaded(owner, 'png', 30, 30);
    const product = await createProduct(owner, business.id, { name: 'Mug' });
    await owner.ok(productEndpoints.setImages, { params: { business_id: business.id, product_id: product.id }, body: { media_ids: [media.id] } });
    const refused = await owner.call(mediaEndpoints.remove, { ...one(media.id), query: {} });
    expect(refused.status).toBe(409);
    expect(failure(refused)).toMatchObject({ code: 'MEDIA_IN_USE' });
    expect((await fetchFile(media.urls.w160)).statusCode).toBe(200);
    expect(await owner.ok(mediaEndpoints.remove, { ...one(media.id), query: { detach: 'true' } })).toEqual({ removed: true, detached: 1 });
    expect((await owner.ok(productEndpoints.get, { params: { business_id: business.id, product_id: product.id } })).images).toEqual([]);
    expect((await owner.call(mediaEndpoints.get, one(media.id))).status).toBe(404);
    expect((await fetchFile(media.urls.w160)).statusCode).toBe(404);
    const unused = await uploaded(owner, 'png', 30, 30);
    expect(await owner.ok(mediaEndpoints.remove, { ...one(unused.id), query: {} })).toEqual({ removed: true, detached: 0 });
  });
});

describe('access', () => {
  it("answers 404 for another business's media, to its staff and through its files", async () => {
    const theirs = await (async () => {
      const res = await upload(other.people.owner.agent, { name: 'theirs.png', type: 'image/png', bytes: await image('png', 20, 20) }, {}, other.id);
      expect(res.statusCode).toBe(201);
      return mediaEndpoints.upload.response.parse(res.json());
    })();
    expect((await owner.call(mediaEndpoints.get, one(theirs.id))).status).toBe(404);
    expect((await owner.call(mediaEndpoints.update, { ...one(theirs.id), body: { alt_text: 'mine' } })).status).toBe(404);
    expect((await owner.call(mediaEndpoints.remove, { ...one(theirs.id), query: {} })).status).toBe(404);
    // Their business in our path is not ours to read at all.
    expect((await owner.call(mediaEndpoints.get, one(theirs.id, other.id))).status).toBe(404);
    // A file asked under another business, or with a wrong hash or extension, is not found.
    expect((await fetchFile(theirs.urls.w160.replace(other.id, business.id))).statusCode).toBe(404);
    expect((await fetchFile(theirs.urls.w160.replace(/\.[0-9a-f]{16}\./, '.0000000000000000.'))).statusCode).toBe(404);
    expect((await fetchFile(theirs.urls.w160.replace('.webp', '.png'))).statusCode).toBe(404);
    expect((await fetchFile(theirs.urls.w160)).statusCode).toBe(200);
  });

  it('serves files on the store host too, and only the files route there', async () => {
    const media = await uploaded(owner, 'png', 20, 20);
    const shopPath = shopFilePath(media.urls.w160);
    const shopHost = `anything.${hostOfKind('shop', t.config.baseDomain)}`;
    const onShop = await fetchFile(shopPath, shopHost);
    expect(onShop.statusCode).toBe(200);
    expect(onShop.headers['content-type']).toBe('image/webp');
    expect((await fetchFile(shopPath)).statusCode).toBe(404);
  });

  it('lets cashiers view the library but not upload, edit or delete', async () => {
    const media = await uploaded(owner, 'png', 20, 20);
    const cashier = business.people.cashier.agent;
    expect((await cashier.ok(mediaEndpoints.list, { ...inBusiness(), query: {} })).data.length).toBeGreaterThan(0);
    expect((await cashier.ok(mediaEndpoints.get, one(media.id))).id).toBe(media.id);
    expect((await upload(cashier, { name: 'a.png', type: 'image/png', bytes: await image('png', 10, 10) })).statusCode).toBe(403);
    expect((await cashier.call(mediaEndpoints.update, { ...one(media.id), body: { alt_text: 'x' } })).status).toBe(403);
    expect((await cashier.call(mediaEndpoints.remove, { ...one(media.id), query: {} })).status).toBe(403);
    const manager = business.people.manager.agent;
    expect((await upload(manager, { name: 'm.png', type: 'image/png', bytes: await image('png', 10, 10) })).statusCode).toBe(201);
    expect((await new Agent(t.app).call(mediaEndpoints.list, { ...inBusiness(), query: {} })).status).toBe(401);
    expect(endpointPath(mediaEndpoints.list, inBusiness())).toContain(business.id);
  });
});

describe('the storefront', () => {
  it("shows a product's images in the grid and on its page, with og:image and schema.org image; products without images still sell", async () => {
    await openStore(owner, business.id);
    const photo = await uploaded(owner, 'png', 900, 600, { alt_text: 'A bag of "Sunrise" beans <roasted>' });
    const withImage = await createProduct(owner, business.id, { name: 'Sunrise beans', channels: ['online_store'] });
    await owner.ok(productEndpoints.setImages, { params: { business_id: business.id, product_id: withImage.id }, body: { media_ids: [photo.id] } });
    const plain = await createProduct(owner, business.id, { name: 'Plain filter papers', channels: ['online_store'] });
    const shopHost = await shopHostOf(t, owner, business.id);
    const shopper = new Shopper(t, shopHost);
    const w1200 = shopFilePath(photo.urls.w1200);
    const w480 = shopFilePath(photo.urls.w480);

    const home = await shopper.get('/');
    expect(home.statusCode).toBe(200);
    expect(home.body).toMatch(
      new RegExp(`<img src="[^"]*${w480.replace(/[.]/g, '\\.')}" alt="A bag of &quot;Sunrise&quot; beans &lt;roasted&gt;" width="480" height="320"`),
    );
    expect(home.body).toContain('Plain filter papers');

    const page = await shopper.get(`/products/${withImage.id}`);
    expect(page.statusCode).toBe(200);
    const og = /<meta property="og:image" content="([^"]+)"/.exec(page.body)?.[1];
    expect(og).toMatch(new RegExp(`^https?://${shopHost.replace(/[.]/g, '\\.')}(:\\d+)?${w1200.replace(/[.]/g, '\\.')}$`));
    const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(page.body)![1]!) as { image?: string[] };
    expect(ld.image).toEqual([og]);
    const file = await fetchFile(new URL(og!).pathname, shopHost);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');

    const without = await shopper.get(`/products/${plain.id}`);
    expect(without.statusCode).toBe(200);
    expect(without.body).not.toContain('og:image" content="http');
    expect(without.body).not.toContain('"image"');
    expect((await shopper.add(plain)).statusCode).toBe(303);
  });
});
