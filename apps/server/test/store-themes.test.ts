import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogEndpoints } from '@merchant/business';
import { defaultSection, storeThemeEndpoints, type StoreTheme, type ThemeContent } from '@merchant/catalogue';
import { Agent, createTestContext, failure, type TestContext } from './harness';
import { createBusiness, createProduct, openStore, shopHostOf, Shopper, type FactoryBusiness } from './factories';

/**
 * The store's themes and the theme designer (docs/online-store.md, "Store design"): presets, draft saves with their
 * field errors and stale versions, publishing to the storefront (purged), the live theme kept, other businesses'
 * themes and permissions, the designer's preview of a draft.
 */
let t: TestContext;
let business: FactoryBusiness<'owner' | 'manager' | 'cashier'>;
let owner: Agent;
let shopHost: string;
const inBusiness = () => ({ params: { business_id: business.id } });
const themeParams = (id: string) => ({ params: { business_id: business.id, theme_id: id } });
const create = (preset: 'classic' | 'bold' | 'minimal' = 'classic', name?: string) =>
  owner.ok(storeThemeEndpoints.create, { ...inBusiness(), body: { preset, ...(name ? { name } : {}) } });
const save = (theme: StoreTheme, draft: ThemeContent, version = theme.version) =>
  owner.call(storeThemeEndpoints.save, { ...themeParams(theme.id), body: { version, draft } });

beforeAll(async () => {
  t = await createTestContext();
  business = await createBusiness(t, { staff: ['manager', 'cashier'], currency: 'sgd', country: 'sg', name: 'Kopi Corner' });
  owner = business.people.owner.agent;
  shopHost = await shopHostOf(t, owner, business.id);
  await openStore(owner, business.id);
  await createProduct(owner, business.id, { name: 'House blend' });
});
afterAll(() => t.close());

describe('store themes', () => {
  it('creates a theme from a preset, lists it, saves its draft with a new version, duplicates and deletes, each audited', async () => {
    const res = await owner.call(storeThemeEndpoints.create, { ...inBusiness(), body: { preset: 'bold' } });
    expect(res.status).toBe(201);
    const theme = res.ok ? res.body : null;
    expect(theme).toMatchObject({ name: 'Bold', preset: 'bold', live: false, version: 1, published: null, has_unpublished_changes: true });
    expect(theme!.draft.pages.home.map((s) => s.type)).toEqual(['announcement', 'hero', 'product_grid', 'testimonials', 'image_with_text', 'footer']);
    expect((await owner.ok(storeThemeEndpoints.list, inBusiness())).data.map((x) => x.id)).toContain(theme!.id);

    const draft: ThemeContent = { ...theme!.draft, pages: { home: [defaultSection('rich_text', 'about'), ...theme!.draft.pages.home] } };
    const saved = await save(theme!, draft);
    expect(saved.status).toBe(200);
    expect(saved.ok && saved.body).toMatchObject({ version: 2 });
    expect((await owner.ok(storeThemeEndpoints.get, themeParams(theme!.id))).draft.pages.home[0]).toMatchObject({ id: 'about', type: 'rich_text' });

    const copy = await owner.ok(storeThemeEndpoints.duplicate, themeParams(theme!.id));
    expect(copy).toMatchObject({ name: 'Copy of Bold', live: false, version: 1 });
    expect(copy.draft).toEqual((await owner.ok(storeThemeEndpoints.get, themeParams(theme!.id))).draft);
    expect(await owner.ok(storeThemeEndpoints.remove, themeParams(copy.id))).toEqual({ removed: true });
    expect(failure(await owner.call(storeThemeEndpoints.get, themeParams(copy.id)))).toMatchObject({ code: 'STORE_THEME_NOT_FOUND' });

    const audited = async (action: string) => (await owner.ok(auditLogEndpoints.list, { ...inBusiness(), query: { action } })).data.map((a) => a.description);
    expect(await audited('store_theme.updated')).toEqual(['Saved the draft of the theme Bold']);
    expect(await audited('store_theme.removed')).toEqual(['Deleted the theme Copy of Bold']);
  });

  it('refuses a draft with bad settings with field errors (422), and a stale version (409)', async () => {
    const theme = await create('classic');
    const [header, hero] = theme.draft.pages.home.filter((s) => s.type === 'header' || s.type === 'hero');
    const bad = {
      settings: { ...theme.draft.settings, colors: { ...theme.draft.settings.colors, accent: 'red' } },
      pages: {
        home: [
          header!,
          { ...hero!, settings: { ...(hero!.settings as object), heading: 'x'.repeat(121), button_link: 'javascript:alert(1)' } },
          { id: 'Bad Id', type: 'footer', settings: { text: 'ok' } },
          { id: 'nope', type: 'marquee', settings: {} },
        ],
      },
    };
    const refused = await owner.call(storeThemeEndpoints.save, { ...themeParams(theme.id), body: { version: 1, draft: bad as unknown as ThemeContent } });
    expect(refused.status).toBe(422);
    const paths = (failure(refused).issues ?? []).map((i) => i.path).sort();
    expect(paths).toEqual(
      expect.arrayContaining([
        'draft.settings.colors.accent',
        'draft.pages.home.1.settings.heading',
        'draft.pages.home.1.settings.button_link',
        'draft.pages.home.2.id',
        'draft.pages.home.3.type',
      ]),
    );

    const tooMany = { ...theme.draft, pages: { home: Array.from({ length: 26 }, (_, i) => defaultSection('rich_text', `r-${i}`)) } };
    expect(failure(await save(theme, tooMany)).issues?.map((i) => i.path)).toEqual(['draft.pages.home']);

    expect((await save(theme, theme.draft)).status).toBe(200);
    const stale = await save(theme, theme.draft, 1);
    expect(stale.status).toBe(409);
    expect(failure(stale)).toMatchObject({ code: 'STORE_THEME_STALE' });
    expect((await owner.ok(storeThemeEndpoints.get, themeParams(theme.id))).version).toBe(2);
  });

  it('publishes a draft: the storefront home shows its sections (escaped), colours and fonts; the live theme cannot be deleted', async () => {
    const shopper = new Shopper(t, shopHost);
    const before = await shopper.get('/');
    expect(before.statusCode).toBe(200);
    expect(before.body).not.toContain('data-section');

    const theme = await create('classic', 'Spring');
    const hostile = '<script>alert("x")</script>';
    const draft: ThemeContent = {
      settings: { ...theme.draft.settings, colors: { background: '#fffdf5', text: '#222222', accent: '#0b6e4f' } },
      pages: {
        home: [
          { id: 'hello', type: 'announcement', settings: { text: `Spring sale ${hostile}`, link: '/search' } },
          ...theme.draft.pages.home,
          { id: 'story', type: 'rich_text', settings: { heading: 'Our story', text: 'Roasted daily.' } },
        ],
      },
    };
    const saved = await save(theme, draft);
    expect(saved.status).toBe(200);
    // Saved, not published: the storefront is as before (the page served from its cache stays right).
    expect((await shopper.get('/')).body).not.toContain('Spring sale');

    const published = await owner.ok(storeThemeEndpoints.publish, themeParams(theme.id));
    expect(published).toMatchObject({ live: true, has_unpublished_changes: false });
    const page = (await shopper.get('/')).body;
    expect(page).toContain('Spring sale &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(page).not.toContain(hostile);
    expect(page).toContain('--accent:#0b6e4f');
    expect(page).toContain('Georgia');
    expect(page.indexOf('data-section="hello"')).toBeLessThan(page.indexOf('data-section="story"'));
    expect(page).toContain('House blend');

    // The live theme stays; publishing another makes that one live instead.
    const live = failure(await owner.call(storeThemeEndpoints.remove, themeParams(theme.id)));
    expect(live).toMatchObject({ code: 'STORE_THEME_LIVE' });
    const other = await create('minimal');
    await owner.ok(storeThemeEndpoints.publish, themeParams(other.id));
    const themes = (await owner.ok(storeThemeEndpoints.list, inBusiness())).data;
    expect(themes.filter((x) => x.live).map((x) => x.id)).toEqual([other.id]);
    expect(themes[0]!.id).toBe(other.id);
    expect((await shopper.get('/')).body).not.toContain('Spring sale');
    expect(await owner.ok(storeThemeEndpoints.remove, themeParams(theme.id))).toEqual({ removed: true });
  });

  it('previews a draft sent or saved, without changing the storefront', async () => {
    const theme = await create('classic');
    const draft: ThemeContent = { ...theme.draft, pages: { home: [{ id: 'x', type: 'rich_text', settings: { heading: 'Preview only', text: '' } }] } };
    const preview = await owner.ok(storeThemeEndpoints.preview, { ...themeParams(theme.id), body: { draft } });
    expect(preview.html).toContain('Preview only');
    expect((await owner.ok(storeThemeEndpoints.preview, { ...themeParams(theme.id), body: {} })).html).toContain('Welcome to our store');
    expect((await new Shopper(t, shopHost).get('/')).body).not.toContain('Preview only');
  });

  it("answers 404 for another business's theme and 403 to a role without the permission", async () => {
    const other = await createBusiness(t);
    const theirs = await other.people.owner.agent.ok(storeThemeEndpoints.create, { params: { business_id: other.id }, body: { preset: 'classic' } });
    for (const call of [
      owner.call(storeThemeEndpoints.get, themeParams(theirs.id)),
      save(theirs, theirs.draft),
      owner.call(storeThemeEndpoints.publish, themeParams(theirs.id)),
      owner.call(storeThemeEndpoints.remove, themeParams(theirs.id)),
      owner.call(storeThemeEndpoints.preview, { ...themeParams(theirs.id), body: {} }),
    ]) {
      const res = await call;
      expect(res.status).toBe(404);
      expect(failure(res)).toMatchObject({ code: 'STORE_THEME_NOT_FOUND' });
    }

    const mine = await create('minimal');
    const manager = business.people.manager.agent;
    const cashier = business.people.cashier.agent;
    expect((await cashier.call(storeThemeEndpoints.list, inBusiness())).status).toBe(403);
    expect((await cashier.call(storeThemeEndpoints.create, { ...inBusiness(), body: { preset: 'bold' } })).status).toBe(403);
    expect((await cashier.call(storeThemeEndpoints.publish, themeParams(mine.id))).status).toBe(403);
    expect((await cashier.call(storeThemeEndpoints.save, { ...themeParams(mine.id), body: { version: 1, draft: mine.draft } })).status).toBe(403);
    expect((await manager.call(storeThemeEndpoints.get, themeParams(mine.id))).status).toBe(200);
  });
});
