import { AddOnGroupBodySchema, CreateProductBodySchema, type CreateProductBody } from '@merchant/catalogue';
import type { BusinessContext } from '../http/context';
import type { Services } from '../services';

/**
 * The demo coffee roaster's catalogue, made by its owner through the catalogue's services: beans in two sizes, drinks
 * with a Milk add-on group, and merchandise, in three categories. Stock, locations and taxes come with their parts.
 */
export async function seedCatalogue(services: Services, owner: BusinessContext): Promise<void> {
  const { products, categories, addOns } = services.catalogue;
  const [beans, drinks, merchandise] = [
    await categories.create(owner, { name: 'Coffee beans' }),
    await categories.create(owner, { name: 'Drinks' }),
    await categories.create(owner, { name: 'Merchandise' }),
  ];
  const milk = await addOns.create(
    owner,
    AddOnGroupBodySchema.parse({
      name: 'Milk',
      min_choices: 0,
      max_choices: 1,
      choices: [
        { name: 'Whole milk', price: 0 },
        { name: 'Oat milk', price: 80 },
        { name: 'Soy milk', price: 50 },
      ],
    }),
  );
  const sized = (name: string, sku: string, prices: [number, number], description: string): CreateProductBody => ({
    name,
    description,
    category_id: beans!.id,
    track_stock: true,
    options: [{ name: 'Size', values: ['250 g', '1 kg'] }],
    variants: [
      { option_values: ['250 g'], price: prices[0], sku: `${sku}-250`, barcode: null },
      { option_values: ['1 kg'], price: prices[1], sku: `${sku}-1000`, barcode: null },
    ],
  });
  const bodies: CreateProductBody[] = [
    sized('House blend', 'BEAN-HOUSE', [1800, 6200], 'Chocolate and hazelnut; our everyday espresso.'),
    sized('Ethiopia Guji', 'BEAN-GUJI', [2400, 8400], 'Single origin, washed: bergamot and peach.'),
    { name: 'Latte', category_id: drinks!.id, channels: ['pos', 'online_store'], variants: [{ price: 650, sku: 'DRINK-LATTE' }] },
    { name: 'Flat white', category_id: drinks!.id, channels: ['pos', 'online_store'], variants: [{ price: 600, sku: 'DRINK-FLATWHITE' }] },
    { name: 'Tote bag', category_id: merchandise!.id, variants: [{ price: 2500, sku: 'MERCH-TOTE', barcode: '9556000000019' }] },
  ];
  for (const body of bodies) {
    const made = await products.create(owner, CreateProductBodySchema.parse(body));
    if (made.name === 'Latte' || made.name === 'Flat white') await products.setAddOnGroups(owner, made.id, [milk.id]);
  }
}
