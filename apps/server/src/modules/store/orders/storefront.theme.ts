import type { ThemeContent, ThemeSection } from '@merchant/catalogue';
import type { StorefrontCatalogue } from '@/modules/catalogue/products/storefront.read-model';
import { html, type Html } from './html';
import { layout, type StorePage } from './storefront.layout';
import { ALL_PRODUCTS_PATH, categoryPath, productGrid } from './storefront.pages';

function imageOf(img: { url: string; alt: string }): Html | null {
  return img.url ? html`<img src="${img.url}" alt="${img.alt}" loading="lazy" width="800" height="500" />` : null;
}

/** One section of the home page; every merchant string is escaped by `html`. */
function section(store: StorePage, catalogue: StorefrontCatalogue, s: ThemeSection): Html {
  switch (s.type) {
    case 'announcement':
      return html`<p class="sec announce" data-section="${s.id}">
        ${s.settings.link ? html`<a href="${s.settings.link}">${s.settings.text}</a>` : s.settings.text}
      </p>`;
    case 'header':
      return html`<section class="sec" data-section="${s.id}">
        <h1>${store.name}</h1>
        ${s.settings.tagline ? html`<p>${s.settings.tagline}</p>` : null}
        ${
          s.settings.show_categories && catalogue.categories.length > 0
            ? html`<nav aria-label="Categories">
                <ul class="cats">
                  ${catalogue.categories.map((c) => html`<li><a href="${categoryPath(c)}">${c.name}</a></li>`)}
                </ul>
              </nav>`
            : null
        }
      </section>`;
    case 'hero':
      return html`<section class="sec hero" data-section="${s.id}">
        ${imageOf(s.settings.image)}
        <h2>${s.settings.heading}</h2>
        ${s.settings.subheading ? html`<p>${s.settings.subheading}</p>` : null}
        ${s.settings.button_label && s.settings.button_link ? html`<p><a class="btn" href="${s.settings.button_link}">${s.settings.button_label}</a></p>` : null}
      </section>`;
    case 'product_grid':
      return html`<section class="sec" data-section="${s.id}">
        ${s.settings.heading ? html`<h2>${s.settings.heading}</h2>` : null}
        ${productGrid(store, catalogue.products.slice(0, s.settings.limit), 'Nothing is on sale yet. Come back soon.')}
        ${catalogue.products.length > 0 ? html`<p><a href="${ALL_PRODUCTS_PATH}">See all products</a></p>` : null}
      </section>`;
    case 'collection': {
      const category = catalogue.categories.find((c) => c.id === s.settings.category_id);
      const products = category ? catalogue.products.filter((p) => p.categoryId === category.id).slice(0, s.settings.limit) : [];
      return html`<section class="sec" data-section="${s.id}">
        <h2>${s.settings.heading || category?.name || 'Collection'}</h2>
        ${productGrid(store, products, category ? 'Nothing in this category is on sale now.' : 'Choose a category for this collection.')}
        ${category ? html`<p><a href="${categoryPath(category)}">See all of ${category.name}</a></p>` : null}
      </section>`;
    }
    case 'rich_text':
      return html`<section class="sec" data-section="${s.id}">
        ${s.settings.heading ? html`<h2>${s.settings.heading}</h2>` : null}
        <p class="rich">${s.settings.text}</p>
      </section>`;
    case 'image_with_text':
      return html`<section class="sec iwt ${s.settings.image_position}" data-section="${s.id}">
        ${imageOf(s.settings.image)}
        <div>
          ${s.settings.heading ? html`<h2>${s.settings.heading}</h2>` : null}
          <p class="rich">${s.settings.text}</p>
        </div>
      </section>`;
    case 'testimonials':
      return html`<section class="sec" data-section="${s.id}">
        ${s.settings.heading ? html`<h2>${s.settings.heading}</h2>` : null}
        <ul class="quotes">
          ${s.settings.items.map(
            (q) =>
              html`<li>
                <blockquote>
                  <p>${q.quote}</p>
                  ${q.author ? html`<footer>${q.author}</footer>` : null}
                </blockquote>
              </li>`,
          )}
        </ul>
      </section>`;
    case 'footer':
      return html`<section class="sec" data-section="${s.id}"><p class="rich">${s.settings.text}</p></section>`;
  }
}

/** The home page as the theme lays it out: its sections in order (a heading of the store's name when none gives one). */
export function themedHomePage(store: StorePage, catalogue: StorefrontCatalogue, theme: ThemeContent): string {
  const sections = theme.pages.home;
  const hasTitle = sections.some((s) => s.type === 'header');
  const body = html`${hasTitle ? null : html`<h1>${store.name}</h1>`}${sections.map((s) => section(store, catalogue, s))}`;
  return layout(
    { ...store, theme },
    {
      title: store.name,
      description: `Shop ${store.name} online.`,
      path: '/',
      structuredData: { '@context': 'https://schema.org', '@type': 'OnlineStore', name: store.name, url: `${store.origin}/` },
    },
    body,
  );
}
