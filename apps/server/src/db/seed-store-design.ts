import { presetContent, type ThemeContent } from '@merchant/catalogue';
import type { BusinessContext } from '../http/context';
import type { Services } from '../services';

/**
 * The demo store's look (docs/online-store.md, "Store design"): a live Classic theme, published, whose home page has
 * an announcement, the store's header, a hero, the coffee beans as a collection, the products, testimonials and a
 * footer; and a Bold theme left as a draft to try.
 */
export async function seedStoreDesign(services: Services, owner: BusinessContext): Promise<void> {
  const themes = services.storeThemes;
  const live = await themes.create(owner, { preset: 'classic', name: 'Demo Coffee' });
  const beans = (await services.catalogue.categories.list(owner.business.row.id)).data.find((c) => c.name === 'Coffee beans');
  const classic = presetContent('classic');
  const draft: ThemeContent = {
    settings: { ...classic.settings, colors: { background: '#fffdf8', text: '#2b2118', accent: '#8a4b14' } },
    pages: {
      home: [
        { id: 'announcement-1', type: 'announcement', settings: { text: 'Free delivery in Singapore on orders over S$50', link: '/search' } },
        { id: 'header-1', type: 'header', settings: { tagline: 'Small-batch coffee, roasted in Singapore every week.', show_categories: true } },
        {
          id: 'hero-1',
          type: 'hero',
          settings: {
            heading: 'Fresh beans, every week',
            subheading: 'Single origins and house blends, roasted to order at our roastery.',
            button_label: 'Shop the beans',
            button_link: beans ? `/categories/${beans.id}` : '/search',
            image: { url: '', alt: '' },
          },
        },
        { id: 'collection-1', type: 'collection', settings: { heading: 'Coffee beans', category_id: beans?.id ?? null, limit: 4 } },
        { id: 'product-grid-1', type: 'product_grid', settings: { heading: 'Everything we sell', limit: 12 } },
        {
          id: 'testimonials-1',
          type: 'testimonials',
          settings: {
            heading: 'What our customers say',
            items: [
              { quote: 'The house blend is the best I have had outside Melbourne.', author: 'Mei, Tiong Bahru' },
              { quote: 'Ordered on Monday, brewing on Tuesday.', author: 'Arjun, Bedok' },
            ],
          },
        },
        { id: 'footer-1', type: 'footer', settings: { text: 'Demo Coffee Roasters · 1 Roastery Lane, Singapore' } },
      ],
    },
  };
  await themes.save(owner, live.id, { version: live.version, draft });
  await themes.publish(owner, live.id);
  await themes.create(owner, { preset: 'bold' });
}
