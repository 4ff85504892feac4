import { z } from 'zod';
import { defineEndpoint, text } from '@merchant/core';
import { BusinessParamsSchema } from '@merchant/business';

/**
 * The store's themes and the theme designer (docs/online-store.md, "Store design"): a theme is colours, fonts and,
 * per page, an ordered list of sections with their own settings. Saving writes the draft (a stale version is a 409);
 * publishing copies the draft to the published content and makes the theme the live one, which the storefront shows.
 */

export const THEME_PAGES = ['home'] as const;
export type ThemePage = (typeof THEME_PAGES)[number];

export const THEME_FONTS = ['system', 'serif', 'rounded', 'mono'] as const;
export type ThemeFont = (typeof THEME_FONTS)[number];
export const THEME_FONT_LABELS: Record<ThemeFont, string> = {
  system: 'System sans-serif',
  serif: 'Serif (Georgia)',
  rounded: 'Rounded sans-serif',
  mono: 'Monospace',
};

export const THEME_PRESETS = ['classic', 'bold', 'minimal'] as const;
export type ThemePreset = (typeof THEME_PRESETS)[number];
export const THEME_PRESET_LABELS: Record<ThemePreset, string> = { classic: 'Classic', bold: 'Bold', minimal: 'Minimal' };

export const SECTION_TYPES = [
  'announcement',
  'header',
  'hero',
  'product_grid',
  'collection',
  'rich_text',
  'image_with_text',
  'testimonials',
  'footer',
] as const;
export type SectionType = (typeof SECTION_TYPES)[number];
export const SECTION_LABELS: Record<SectionType, string> = {
  announcement: 'Announcement bar',
  header: 'Header',
  hero: 'Hero',
  product_grid: 'Product grid',
  collection: 'Collection',
  rich_text: 'Rich text',
  image_with_text: 'Image with text',
  testimonials: 'Testimonials',
  footer: 'Footer',
};

export const MAX_THEME_SECTIONS = 25;
export const MAX_THEMES = 20;

const colour = text()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #1c5bd6')
  .transform((c) => c.toLowerCase());

/** A link: http(s), or a path of the store (`/categories/...`); empty for none. */
const link = text()
  .trim()
  .max(500, 'Use at most 500 characters')
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v) || /^\/(?!\/)[^\s]*$/.test(v), 'Use an address starting with https:// or /');

const line = (max: number) => text().trim().max(max, `Use at most ${max} characters`);

/** An image by address (http(s), or a path of the store such as a media library image); empty for none. */
const image = z.object({ url: link.default(''), alt: line(200).default('') });

const sectionBase = { id: text().regex(/^[a-z0-9-]{1,40}$/, 'Use lower-case letters, digits and dashes') };

export const ThemeSectionSchema = z.discriminatedUnion('type', [
  z.object({ ...sectionBase, type: z.literal('announcement'), settings: z.object({ text: line(200).min(1, 'Enter the announcement'), link }) }),
  z.object({ ...sectionBase, type: z.literal('header'), settings: z.object({ tagline: line(120), show_categories: z.boolean() }) }),
  z.object({
    ...sectionBase,
    type: z.literal('hero'),
    settings: z.object({
      heading: line(120).min(1, 'Enter a heading'),
      subheading: line(300),
      button_label: line(40),
      button_link: link,
      image,
    }),
  }),
  z.object({ ...sectionBase, type: z.literal('product_grid'), settings: z.object({ heading: line(120), limit: z.number().int().min(1).max(24) }) }),
  z.object({
    ...sectionBase,
    type: z.literal('collection'),
    settings: z.object({ heading: line(120), category_id: z.uuid().nullable(), limit: z.number().int().min(1).max(24) }),
  }),
  z.object({ ...sectionBase, type: z.literal('rich_text'), settings: z.object({ heading: line(120), text: line(2000) }) }),
  z.object({
    ...sectionBase,
    type: z.literal('image_with_text'),
    settings: z.object({ heading: line(120), text: line(1000), image, image_position: z.enum(['left', 'right']) }),
  }),
  z.object({
    ...sectionBase,
    type: z.literal('testimonials'),
    settings: z.object({
      heading: line(120),
      items: z.array(z.object({ quote: line(300).min(1, 'Enter the quote'), author: line(80) })).max(6, 'Use at most 6 testimonials'),
    }),
  }),
  z.object({ ...sectionBase, type: z.literal('footer'), settings: z.object({ text: line(300) }) }),
]);
export type ThemeSection = z.infer<typeof ThemeSectionSchema>;

export const ThemeSettingsSchema = z.object({
  colors: z.object({ background: colour, text: colour, accent: colour }),
  heading_font: z.enum(THEME_FONTS),
  body_font: z.enum(THEME_FONTS),
});
export type ThemeSettings = z.infer<typeof ThemeSettingsSchema>;

export const ThemeContentSchema = z.object({
  settings: ThemeSettingsSchema,
  pages: z.object({
    home: z
      .array(ThemeSectionSchema)
      .max(MAX_THEME_SECTIONS, `Use at most ${MAX_THEME_SECTIONS} sections`)
      .refine((s) => new Set(s.map((x) => x.id)).size === s.length, 'Each section needs its own id'),
  }),
});
export type ThemeContent = z.infer<typeof ThemeContentSchema>;

export const StoreThemeSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  preset: z.enum(THEME_PRESETS),
  live: z.boolean(),
  /** Saved changes not published yet (or never published). */
  has_unpublished_changes: z.boolean(),
  version: z.number().int(),
  published_at: z.string().nullable(),
  updated_at: z.string(),
});
export type StoreThemeSummary = z.infer<typeof StoreThemeSummarySchema>;

export const StoreThemeSchema = StoreThemeSummarySchema.extend({ draft: ThemeContentSchema, published: ThemeContentSchema.nullable() });
export type StoreTheme = z.infer<typeof StoreThemeSchema>;

const name = text().trim().min(1, 'Enter a name').max(80, 'Use at most 80 characters');
export const CreateStoreThemeSchema = z.object({ preset: z.enum(THEME_PRESETS), name: name.optional() });
export const SaveStoreThemeSchema = z.object({
  /** The version the editor read: a save over a newer one is refused (409). */
  version: z.number().int().min(1),
  name: name.optional(),
  draft: ThemeContentSchema,
});
export type SaveStoreTheme = z.input<typeof SaveStoreThemeSchema>;
export const PreviewStoreThemeSchema = z.object({ draft: ThemeContentSchema.optional() });

export const StoreThemeParamsSchema = BusinessParamsSchema.extend({ theme_id: z.uuid() });

const access = { kind: 'business', permission: 'store-design:manage', standing: 'merchant' } as const;
const base = '/v1/business/:business_id/store-themes';

export const storeThemeEndpoints = {
  list: defineEndpoint({
    id: 'store-themes.list',
    method: 'GET',
    path: base,
    summary: "The store's themes, the live one first",
    access,
    params: BusinessParamsSchema,
    response: z.object({ data: z.array(StoreThemeSummarySchema) }),
  }),
  get: defineEndpoint({
    id: 'store-themes.get',
    method: 'GET',
    path: `${base}/:theme_id`,
    summary: 'One theme with its draft and published content',
    access,
    params: StoreThemeParamsSchema,
    response: StoreThemeSchema,
    errors: ['STORE_THEME_NOT_FOUND'],
  }),
  create: defineEndpoint({
    id: 'store-themes.create',
    method: 'POST',
    path: base,
    summary: 'Add a theme from a preset (not live until published)',
    access,
    params: BusinessParamsSchema,
    body: CreateStoreThemeSchema,
    response: StoreThemeSchema,
    status: 201,
  }),
  duplicate: defineEndpoint({
    id: 'store-themes.duplicate',
    method: 'POST',
    path: `${base}/:theme_id/duplicate`,
    summary: 'A copy of a theme\'s draft, named "Copy of ..."',
    access,
    params: StoreThemeParamsSchema,
    response: StoreThemeSchema,
    status: 201,
    errors: ['STORE_THEME_NOT_FOUND'],
  }),
  save: defineEndpoint({
    id: 'store-themes.save',
    method: 'PUT',
    path: `${base}/:theme_id`,
    summary: "Save a theme's draft (and name); refused when someone saved it since the version sent",
    access,
    params: StoreThemeParamsSchema,
    body: SaveStoreThemeSchema,
    response: StoreThemeSchema,
    errors: ['STORE_THEME_NOT_FOUND', 'STORE_THEME_STALE'],
  }),
  publish: defineEndpoint({
    id: 'store-themes.publish',
    method: 'POST',
    path: `${base}/:theme_id/publish`,
    summary: 'Publish the draft and make the theme the live one (the storefront shows it at once)',
    access,
    params: StoreThemeParamsSchema,
    response: StoreThemeSchema,
    errors: ['STORE_THEME_NOT_FOUND'],
  }),
  remove: defineEndpoint({
    id: 'store-themes.remove',
    method: 'DELETE',
    path: `${base}/:theme_id`,
    summary: 'Delete a theme (never the live one)',
    access,
    params: StoreThemeParamsSchema,
    response: z.object({ removed: z.literal(true) }),
    errors: ['STORE_THEME_NOT_FOUND', 'STORE_THEME_LIVE'],
  }),
  preview: defineEndpoint({
    id: 'store-themes.preview',
    method: 'POST',
    path: `${base}/:theme_id/preview`,
    summary: "The storefront's home page as the draft sent (or the saved draft) would show it, for the designer's preview",
    access,
    params: StoreThemeParamsSchema,
    body: PreviewStoreThemeSchema,
    response: z.object({ html: z.string() }),
    errors: ['STORE_THEME_NOT_FOUND'],
  }),
} as const;
