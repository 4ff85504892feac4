import { describe, expect, it } from 'vitest';
import { combinations, missingPrices, optionErrors, splitValues, variantBodies, variantsFor, type VariantRow } from './variants';

const row = (option_values: string[], price: number | null, extra: Partial<VariantRow> = {}): VariantRow => ({
  id: null,
  option_values,
  price,
  compare_at_price: null,
  cost: null,
  sku: '',
  barcode: '',
  weight_grams: null,
  ...extra,
});

describe('the variants a product’s options make', () => {
  it('reads values typed with commas', () => {
    expect(splitValues(' Small, ,Large ,')).toEqual(['Small', 'Large']);
  });

  it('makes every combination in the options’ order', () => {
    expect(
      combinations([
        { name: 'Size', values: ['S', 'L'] },
        { name: 'Milk', values: ['Oat', 'Soy'] },
      ]),
    ).toEqual([
      ['S', 'Oat'],
      ['S', 'Soy'],
      ['L', 'Oat'],
      ['L', 'Soy'],
    ]);
    expect(combinations([])).toEqual([[]]);
  });

  it('keeps a combination’s row (id, prices, codes) whatever the case of its values, and starts new ones at the first price', () => {
    const kept = row(['Small'], 450, { id: 'v1', sku: 'S-1', cost: 100 });
    const rows = variantsFor([{ name: 'Size', values: ['SMALL', 'Large'] }], [kept]);
    expect(rows).toEqual([{ ...kept, option_values: ['SMALL'] }, row(['Large'], 450, { cost: 100 })]);
  });

  it('turns the single variant into the first combination’s price, and back to one variant without options', () => {
    const single = row([], 500, { id: 'v0' });
    const sized = variantsFor([{ name: 'Size', values: ['S', 'L'] }], [single]);
    expect(sized.map((r) => [r.option_values, r.price, r.id])).toEqual([
      [['S'], 500, null],
      [['L'], 500, null],
    ]);
    expect(variantsFor([], sized)).toEqual([{ ...sized[0], option_values: [] }]);
    // An option still without values changes nothing yet.
    expect(variantsFor([{ name: 'Colour', values: [] }], [single])).toEqual([single]);
  });

  it('sends codes trimmed or null, and names the rows without a price', () => {
    const rows = [row(['S'], 450, { id: 'v1', sku: ' S-1 ' }), row(['L'], null)];
    expect(variantBodies(rows)[0]).toEqual({
      id: 'v1',
      option_values: ['S'],
      price: 450,
      compare_at_price: null,
      cost: null,
      sku: 'S-1',
      barcode: null,
      weight_grams: null,
    });
    expect(variantBodies(rows)[1]).not.toHaveProperty('id');
    expect(missingPrices(rows)).toEqual({ 'variants.1.price': 'Enter a price' });
  });

  it('shows an issue about one value of an option on the option’s values field', () => {
    expect(optionErrors({ 'options.1.values.2': 'This value repeats', 'variants.1.sku': 'Taken' })).toEqual({
      'options.1.values.2': 'This value repeats',
      'options.1.values': 'This value repeats',
      'variants.1.sku': 'Taken',
    });
  });
});
