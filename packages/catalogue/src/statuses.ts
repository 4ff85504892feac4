/** Words of the catalogue's stored enums (docs/catalogue.md). */
export const PRODUCT_STATUSES = ['active', 'archived'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** Where a product is sold. */
export const SALES_CHANNELS = ['payments', 'pos', 'online_store'] as const;
export type SalesChannel = (typeof SALES_CHANNELS)[number];
export const SALES_CHANNEL_LABELS: Record<SalesChannel, string> = { payments: 'Payments', pos: 'Point of sale', online_store: 'Online store' };

/** What a product log row is about: its price (a variant's price, compare-at price or cost), its availability or its name. */
export const PRODUCT_LOG_KINDS = ['price', 'availability', 'name'] as const;
export type ProductLogKind = (typeof PRODUCT_LOG_KINDS)[number];
export const PRODUCT_LOG_KIND_LABELS: Record<ProductLogKind, string> = { price: 'Price', availability: 'Availability', name: 'Name' };

/** A product may have up to three options (Size, Colour, ...); variants are their combinations. */
export const MAX_PRODUCT_OPTIONS = 3;
export const MAX_OPTION_VALUES = 50;
export const MAX_PRODUCT_VARIANTS = 100;
