import type { Product, ProductOption, SalesChannel, VariantBody } from '@merchant/catalogue';
import type { FormErrors } from '@/components/form/use-zod-form';

/** One variant as the form holds it: amounts in minor units (null while empty), codes as typed. */
export type VariantRow = {
  id: string | null;
  option_values: string[];
  price: number | null;
  compare_at_price: number | null;
  cost: number | null;
  sku: string;
  barcode: string;
  /** Grams per unit (the online store's rates by weight), null while empty. */
  weight_grams: number | null;
};

/** One option as the form holds it: its values as typed, separated by commas ("Small, Large"). */
export type OptionRow = {
  name: string;
  values: string;
};

export type ProductValues = {
  name: string;
  description: string;
  category_id: string;
  channels: SalesChannel[];
  add_on_group_ids: string[];
  options: OptionRow[];
  variants: VariantRow[];
};

/** "Small, , Large " -> ['Small', 'Large']. */
export const splitValues = (text: string): string[] =>
  text
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');

export const optionsOf = (rows: readonly OptionRow[]): ProductOption[] => rows.map((o) => ({ name: o.name.trim(), values: splitValues(o.values) }));

const keyOf = (values: readonly string[]) => values.map((v) => v.toLowerCase()).join('\u0000');

/** Every combination of the options' values, in the options' order (one empty combination without options). */
export function combinations(options: readonly ProductOption[]): string[][] {
  return options.reduce<string[][]>((acc, option) => acc.flatMap((prefix) => option.values.map((value) => [...prefix, value])), [[]]);
}

const emptyRow = (option_values: string[], like: VariantRow | undefined): VariantRow => ({
  id: null,
  option_values,
  price: like?.price ?? null,
  compare_at_price: null,
  cost: like?.cost ?? null,
  sku: '',
  barcode: '',
  weight_grams: like?.weight_grams ?? null,
});

/**
 * The variants the options make: one per combination of their values. A combination that had a row keeps it (its id,
 * prices and codes, whatever the case of its values); a new one starts at the first row's price and cost. Options
 * without a value yet make no combination of their own, so typing a new option keeps the rows until it has values.
 */
export function variantsFor(options: readonly ProductOption[], rows: readonly VariantRow[]): VariantRow[] {
  const used = options.filter((o) => o.values.length > 0);
  if (used.length === 0) {
    const kept = rows.find((r) => r.option_values.length === 0) ?? rows[0];
    return [kept ? { ...kept, option_values: [] } : emptyRow([], undefined)];
  }
  const byKey = new Map(rows.map((r) => [keyOf(r.option_values), r]));
  return combinations(used).map((values) => {
    const kept = byKey.get(keyOf(values));
    return kept ? { ...kept, option_values: values } : emptyRow(values, rows[0]);
  });
}

export const variantLabel = (row: Pick<VariantRow, 'option_values'>): string =>
  row.option_values.length > 0 ? row.option_values.join(' / ') : 'Price and codes';

export function valuesOf(product: Product | null): ProductValues {
  if (!product) {
    return {
      name: '',
      description: '',
      category_id: '',
      channels: ['payments', 'pos', 'online_store'],
      add_on_group_ids: [],
      options: [],
      variants: [emptyRow([], undefined)],
    };
  }
  return {
    name: product.name,
    description: product.description ?? '',
    category_id: product.category_id ?? '',
    channels: product.channels,
    add_on_group_ids: product.add_on_group_ids,
    options: product.options.map((o) => ({ name: o.name, values: o.values.join(', ') })),
    variants: product.variants.map((v) => ({
      id: v.id,
      option_values: v.option_values,
      price: v.price.amount,
      compare_at_price: v.compare_at_price?.amount ?? null,
      cost: v.cost?.amount ?? null,
      sku: v.sku ?? '',
      barcode: v.barcode ?? '',
      weight_grams: v.weight_grams,
    })),
  };
}

/** The variants as the API takes them; a missing price is left for the schema to refuse on its field. */
export function variantBodies(rows: readonly VariantRow[]): VariantBody[] {
  return rows.map((r) => ({
    ...(r.id ? { id: r.id } : {}),
    option_values: r.option_values,
    price: r.price as number,
    compare_at_price: r.compare_at_price,
    cost: r.cost,
    sku: r.sku.trim() || null,
    barcode: r.barcode.trim() || null,
    weight_grams: r.weight_grams,
  }));
}

/** Variants without a price: their field errors (the API's schema would only say "expected a number"). */
export function missingPrices(rows: readonly VariantRow[]): FormErrors {
  const errors: FormErrors = {};
  rows.forEach((r, i) => {
    if (r.price === null) errors[`variants.${i}.price`] = 'Enter a price';
  });
  return errors;
}

/**
 * Errors shown by the option fields: an option's values are one text field, so an issue about one value
 * (`options.0.values.2`) is shown on it (`options.0.values`).
 */
export function optionErrors(errors: FormErrors): FormErrors {
  const shown: FormErrors = { ...errors };
  for (const [path, message] of Object.entries(errors)) {
    const m = /^(options\.\d+\.values)\.\d+$/.exec(path);
    if (m?.[1] && !shown[m[1]]) shown[m[1]] = message;
  }
  return shown;
}
