import type { Category, Image, Product, Variant } from '@merchant/catalogue';
import { formatMoneyWithCode, minorToMajorString } from '@merchant/core';
import type { PublicProduct, PublicVariation } from '@merchant/catalogue';
import { zonedTime } from './public-resources';

/** Where the product's page is: the business's store (`<identifier>.shop.<domain>/products/<id>`). */
export interface ProductPlace {
  businessId: string;
  storeOrigin: string;
}

const major = (amount: number, currency: string) => Number(minorToMajorString(amount, currency));

/** An image as HitPay's: the original as `url`, the library's widths as its other dimensions. */
function presentImage(image: Image) {
  return {
    id: image.media_id,
    caption: image.alt_text || null,
    url: image.urls.original,
    other_dimensions: [
      { size: 'small', path: image.urls.w160 },
      { size: 'medium', path: image.urls.w480 },
      { size: 'large', path: image.urls.w1200 },
    ],
  };
}

/** A variant as HitPay's variation: its stock summed over locations, its alert level the lowest threshold set (else 0). */
function presentVariation(product: Product, variant: Variant): PublicVariation {
  const currency = variant.price.currency;
  const thresholds = variant.stock.flatMap((s) => (s.low_stock_threshold === null ? [] : [s.low_stock_threshold]));
  const answer: PublicVariation = {
    id: variant.id,
    stock_keeping_unit: variant.sku,
    description: variant.option_values.join(' / ') || product.name,
    weight: null,
    length: null,
    width: null,
    depth: null,
    price: major(variant.price.amount, currency),
    price_display: formatMoneyWithCode(variant.price.amount, currency),
    price_stored: variant.price.amount,
    quantity: variant.stock.reduce((sum, s) => sum + s.on_hand, 0),
    quantity_alert_level: thresholds.length > 0 ? Math.min(...thresholds) : 0,
    variation_value_1: variant.option_values[0] ?? '',
    variation_value_2: variant.option_values[1] ?? null,
    variation_value_3: variant.option_values[2] ?? null,
  };
  if (variant.weight_grams !== null) answer.product_variation_weight = variant.weight_grams;
  return answer;
}

/**
 * A product as HitPay's (its published schema): prices in major units as numbers with their display and their minor
 * units (`price_stored`), the currency upper case, an archived product as a `draft` (docs/developers.md).
 */
export function presentPublicProduct(product: Product, place: ProductPlace): PublicProduct {
  const { amount, currency } = product.price;
  const weight = product.variants[0]?.weight_grams ?? null;
  const answer: PublicProduct = {
    id: product.id,
    business_id: place.businessId,
    category_id: product.category_id ? [product.category_id] : [],
    name: product.name,
    headline: null,
    description: product.description ?? '',
    currency: currency.toUpperCase(),
    price: major(amount, currency),
    price_display: formatMoneyWithCode(amount, currency),
    price_stored: amount,
    tax_id: null,
    is_manageable: product.track_stock ? 1 : 0,
    is_pinned: false,
    status: product.status === 'active' ? 'published' : 'draft',
    delivery_method_required: product.channels.includes('online_store'),
    has_variations: product.options.length > 0,
    is_shopify: false,
    product_url: `${place.storeOrigin}/products/${product.id}`,
    variations_count: product.variants.length,
    variations: product.variants.map((v) => presentVariation(product, v)),
    variation_key_1: product.options[0]?.name ?? null,
    variation_key_2: product.options[1]?.name ?? null,
    variation_key_3: product.options[2]?.name ?? null,
    images: product.images.map(presentImage),
    is_published: product.status === 'active',
    created_at: zonedTime(product.created_at),
    updated_at: zonedTime(product.updated_at),
    starts_at: null,
    ends_at: null,
  };
  if (weight !== null) answer.product_weight = weight;
  return answer;
}

/** A category as HitPay's: flat here (no children, each a parent), always active, without emoji or colour. */
export function presentPublicCategory(category: Category) {
  return {
    id: category.id,
    name: category.name,
    description: null,
    is_active: true,
    order: category.position,
    children: [],
    is_parent: true,
    image: category.image ? { ...presentImage(category.image), caption: category.image.alt_text } : null,
    emoji: null,
    pos_color: null,
  };
}
