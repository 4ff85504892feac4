import {
  AddOnGroupBodySchema,
  AdjustStockBodySchema,
  CreateLocationBodySchema,
  CreateProductBodySchema,
  type CreateProductBody,
  type OpeningHours,
  type Product,
} from '@merchant/catalogue';
import type { BusinessContext } from '../http/context';
import type { Services } from '../services';

/**
 * The demo coffee roaster's catalogue, made by its owner through the catalogue's services: beans in two sizes, drinks
 * with a Milk add-on group, and merchandise, in three categories; two locations (the Roastery, which the online store
 * sells from, and a kiosk) with stock of the beans and tote bags at both, one of them low. Taxes come with their part.
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
    { name: 'Tote bag', category_id: merchandise!.id, track_stock: true, variants: [{ price: 2500, sku: 'MERCH-TOTE', barcode: '9556000000019' }] },
  ];
  const made: Product[] = [];
  for (const body of bodies) {
    const product = await products.create(owner, CreateProductBodySchema.parse(body));
    if (product.name === 'Latte' || product.name === 'Flat white') await products.setAddOnGroups(owner, product.id, [milk.id]);
    made.push(product);
  }
  await seedLocationsAndStock(services, owner, made);
}

const day = (opens: string, closes: string) => ({ opens, closes });

async function seedLocationsAndStock(services: Services, owner: BusinessContext, made: Product[]): Promise<void> {
  const { locations, stock } = services.catalogue;
  const weekdays = day('08:00', '18:00');
  const roasteryHours: OpeningHours = {
    monday: weekdays,
    tuesday: weekdays,
    wednesday: weekdays,
    thursday: weekdays,
    friday: weekdays,
    saturday: day('09:00', '16:00'),
    sunday: null,
  };
  const roastery = await locations.create(
    owner,
    CreateLocationBodySchema.parse({
      name: 'Roastery',
      address: { line1: '12 Kallang Place', line2: '#03-08', city: 'Singapore', state: null, postal_code: '339155' },
      phone: '+65 6100 2026',
      opening_hours: roasteryHours,
      receipt_header: 'Demo Coffee Roasters · Roastery',
      receipt_footer: 'Thank you! Beans roasted here every Tuesday.',
    }),
  );
  const kioskDay = day('07:30', '15:00');
  const kiosk = await locations.create(
    owner,
    CreateLocationBodySchema.parse({
      name: 'Tanjong Pagar kiosk',
      address: { line1: '7 Wallich Street', line2: 'Basement 1', city: 'Singapore', state: null, postal_code: '078884' },
      opening_hours: { monday: kioskDay, tuesday: kioskDay, wednesday: kioskDay, thursday: kioskDay, friday: kioskDay, saturday: null, sunday: null },
      receipt_footer: 'See you tomorrow.',
    }),
  );
  await locations.saveSettings(owner, { online_store_location_id: roastery.id });
  const tracked = made.filter((p) => p.track_stock).flatMap((p) => p.variants.map((v) => ({ product: p, variant: v })));
  const levels = tracked.flatMap(({ product, variant }, i) => [
    { variant_id: variant.id, location_id: roastery.id, on_hand: 40 + 6 * i, threshold: 10 },
    // The kiosk keeps a few bags; Ethiopia Guji's small bags run low there.
    { variant_id: variant.id, location_id: kiosk.id, on_hand: product.name === 'Ethiopia Guji' && i % 2 === 0 ? 2 : 12, threshold: 4 },
  ]);
  await stock.setThresholds(
    owner,
    levels.map((l) => ({ variant_id: l.variant_id, location_id: l.location_id, low_stock_threshold: l.threshold })),
  );
  await stock.adjust(
    owner,
    AdjustStockBodySchema.parse({
      lines: levels.map((l) => ({ variant_id: l.variant_id, location_id: l.location_id, reason: 'received', quantity: l.on_hand, note: 'Opening stock' })),
    }),
  );
}
