/** Words of the catalogue's stored enums (docs/catalogue.md). */
export const PRODUCT_STATUSES = ['active', 'archived'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** Where a product is sold. */
export const SALES_CHANNELS = ['payments', 'pos', 'online_store'] as const;
export type SalesChannel = (typeof SALES_CHANNELS)[number];
export const SALES_CHANNEL_LABELS: Record<SalesChannel, string> = { payments: 'Payments', pos: 'Point of sale', online_store: 'Online store' };

/**
 * What a product log row is about: its price (a variant's price, compare-at price or cost), its availability, its
 * name, or a variant's stock at a location (one row per stock movement).
 */
export const PRODUCT_LOG_KINDS = ['price', 'availability', 'name', 'stock'] as const;
export type ProductLogKind = (typeof PRODUCT_LOG_KINDS)[number];
export const PRODUCT_LOG_KIND_LABELS: Record<ProductLogKind, string> = { price: 'Price', availability: 'Availability', name: 'Name', stock: 'Stock' };

/** A product may have up to three options (Size, Colour, ...); variants are their combinations. */
export const MAX_PRODUCT_OPTIONS = 3;
export const MAX_OPTION_VALUES = 50;
export const MAX_PRODUCT_VARIANTS = 100;

/** A location is archived and brought back, never deleted: stock and sales point at it. */
export const LOCATION_STATUSES = ['active', 'archived'] as const;
export type LocationStatus = (typeof LOCATION_STATUSES)[number];
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Why a stock level changed: the first three are adjustments people make, the others come with sales. */
export const STOCK_REASONS = ['received', 'damaged', 'recount', 'sale', 'return'] as const;
export type StockReason = (typeof STOCK_REASONS)[number];
export const ADJUSTMENT_REASONS = ['received', 'damaged', 'recount'] as const;
export type AdjustmentReason = (typeof ADJUSTMENT_REASONS)[number];
export const STOCK_REASON_LABELS: Record<StockReason, string> = {
  received: 'Received',
  damaged: 'Damaged',
  recount: 'Recount',
  sale: 'Sale',
  return: 'Return',
};
/** Most lines one stock adjustment may hold. */
export const MAX_ADJUSTMENT_LINES = 200;

/** Taxes, discounts and surcharges are archived and brought back, never deleted: past sales name them. */
export const PRICING_STATUSES = ['active', 'archived'] as const;
export type PricingStatus = (typeof PRICING_STATUSES)[number];

/** Where a discount is offered: the register and the online store. */
export const DISCOUNT_CHANNELS = ['pos', 'online_store'] as const;
export type DiscountChannel = (typeof DISCOUNT_CHANNELS)[number];

/** A service charge, or a surcharge for paying by card. */
export const SURCHARGE_KINDS = ['service_charge', 'card_surcharge'] as const;
export type SurchargeKind = (typeof SURCHARGE_KINDS)[number];
export const SURCHARGE_KIND_LABELS: Record<SurchargeKind, string> = { service_charge: 'Service charge', card_surcharge: 'Card surcharge' };

/** Which rounding the business's taxes use (the order arithmetic's settings). */
export const TAX_ROUNDINGS = ['line', 'order'] as const;
