import { minorToMajorString } from '@merchant/core';
import { mediaUrls, type MediaUrls } from '@merchant/catalogue';
import type {
  StorefrontCatalogue,
  StorefrontImage,
  StorefrontProduct,
  StorefrontSort,
  StorefrontVariant,
} from '@/modules/catalogue/products/storefront.read-model';
import { html, type Html } from './html';
import { layout, money, type StorePage } from './storefront.layout';

/** Below this many units a tracked variant shows how many are left (unless its threshold says more). */
export const LOW_STOCK_SHOWN = 5;

export const productPath = (p: { id: string }) => `/products/${p.id}`;
export const categoryPath = (c: { id: string }) => `/categories/${c.id}`;
/** Every product on sale, paged (the home page shows the first ones). */
export const ALL_PRODUCTS_PATH = '/products';

/** One page of a list of products (a category, a search, all products) with its links. */
export interface ListView {
  products: StorefrontProduct[];
  sort: StorefrontSort;
  /** The list's first page in each order. */
  sortHrefs: Record<StorefrontSort, string>;
  previous: string | null;
  next: string | null;
  /** This page's own URL (its canonical one). */
  href: string;
}

const SORT_LABELS: Record<StorefrontSort, string> = { name: 'Name', newest: 'Newest' };

/** The order links above a list, the current one marked. */
function sortLinks(view: ListView): Html {
  return html`<nav aria-label="Sort products">
    <ul class="cats">
      ${(Object.keys(SORT_LABELS) as StorefrontSort[]).map(
        (sort) =>
          html`<li>
            <a href="${view.sortHrefs[sort]}" aria-current="${sort === view.sort ? 'true' : 'false'}">Sort by ${SORT_LABELS[sort].toLowerCase()}</a>
          </li>`,
      )}
    </ul>
  </nav>`;
}

/** "Previous" and "Next" below a list (rel=prev and rel=next), when there is such a page. */
function pager(view: ListView): Html | null {
  if (!view.previous && !view.next) return null;
  return html`<nav class="pager" aria-label="Pages">
    ${view.previous ? html`<a rel="prev" href="${view.previous}">Previous</a>` : html`<span></span>`}
    ${view.next ? html`<a rel="next" href="${view.next}">Next</a>` : null}
  </nav>`;
}

function listed(store: StorePage, view: ListView, empty: string): Html {
  return html`${sortLinks(view)} ${productGrid(store, view.products, empty)} ${pager(view)}`;
}

export function isSoldOut(product: StorefrontProduct, variant: StorefrontVariant): boolean {
  return product.trackStock && !product.allowBackorder && variant.onHand <= 0;
}

/** "Only 3 left" when a tracked variant runs low, null otherwise. */
export function lowStockNote(product: StorefrontProduct, variant: StorefrontVariant): string | null {
  if (!product.trackStock || product.allowBackorder || variant.onHand <= 0) return null;
  const limit = Math.max(LOW_STOCK_SHOWN, variant.lowStockThreshold ?? 0);
  return variant.onHand <= limit ? `Only ${variant.onHand} left` : null;
}

export const variantLabel = (v: StorefrontVariant) => (v.optionValues.length > 0 ? v.optionValues.join(' / ') : null);

function priceText(product: StorefrontProduct): string {
  const prices = product.variants.map((v) => v.price);
  const low = Math.min(...prices);
  return prices.some((p) => p !== low) ? `From ${money(low, product.currency)}` : money(low, product.currency);
}

const summary = (text: string | null, max = 155) => {
  const flat = (text ?? '').replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/** An image's URLs under the store's own origin (absolute: og:image and structured data need them so). */
const urlsOf = (store: StorePage, image: StorefrontImage): MediaUrls => mediaUrls({ host: 'shop', origin: store.origin }, store.businessId, image);

/** The size a rendition of this image has (its longest side at most `side`, never enlarged): the img's width and height. */
function sized(image: StorefrontImage, side: number): { width: number; height: number } {
  const scale = Math.min(1, side / Math.max(image.width, image.height));
  return { width: Math.max(1, Math.round(image.width * scale)), height: Math.max(1, Math.round(image.height * scale)) };
}

function productCard(store: StorePage, product: StorefrontProduct): Html {
  const soldOut = product.variants.every((v) => isSoldOut(product, v));
  const image = product.images[0];
  const size = image ? sized(image, 480) : null;
  return html`<li class="card">
    ${
      image && size
        ? html`<img src="${urlsOf(store, image).w480}" alt="${image.altText}" width="${String(size.width)}" height="${String(size.height)}" loading="lazy" />`
        : null
    }
    <a href="${productPath(product)}">${product.name}</a>
    <p>${priceText(product)}${soldOut ? html` · <span class="soldout">Sold out</span>` : null}</p>
  </li>`;
}

export function productGrid(store: StorePage, products: StorefrontProduct[], empty: string): Html {
  return products.length === 0
    ? html`<p>${empty}</p>`
    : html`<ul class="grid">
        ${products.map((p) => productCard(store, p))}
      </ul>`;
}

export function homePage(store: StorePage, catalogue: StorefrontCatalogue): string {
  const body = html`<h1>${store.name}</h1>
    ${
      catalogue.categories.length > 0
        ? html`<nav aria-label="Categories">
            <h2>Categories</h2>
            <ul class="cats">
              ${catalogue.categories.map((c) => html`<li><a href="${categoryPath(c)}">${c.name}</a></li>`)}
            </ul>
          </nav>`
        : null
    }
    <h2>Products</h2>
    ${productGrid(store, catalogue.products, 'Nothing is on sale yet. Come back soon.')}
    ${catalogue.products.length > 0 ? html`<p><a href="${ALL_PRODUCTS_PATH}">See all products</a></p>` : null}`;
  return layout(
    store,
    {
      title: store.name,
      description: `Shop ${store.name} online.`,
      path: '/',
      structuredData: { '@context': 'https://schema.org', '@type': 'OnlineStore', name: store.name, url: `${store.origin}/` },
    },
    body,
  );
}

/** One page of every product on sale. */
export function allProductsPage(store: StorePage, view: ListView): string {
  return layout(
    store,
    { title: `All products`, description: `Every product of ${store.name}.`, path: view.href },
    html`<h1>All products</h1>
      ${listed(store, view, 'Nothing is on sale yet. Come back soon.')}`,
  );
}

/** One page of a category's products (the category found among those holding a product on sale). */
export function categoryPage(store: StorePage, category: { id: string; name: string }, view: ListView): string {
  return layout(
    store,
    { title: category.name, description: `${category.name} at ${store.name}.`, path: view.href },
    html`<p><a href="${ALL_PRODUCTS_PATH}">All products</a></p>
      <h1>${category.name}</h1>
      ${listed(store, view, 'Nothing in this category is on sale now.')}`,
  );
}

/** The search words of a query: at most eight, each at most 100 characters in all. */
export const searchWords = (q: string) => q.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);

/** A search's page of results (view null: no words asked). */
export function searchPage(store: StorePage, q: string, view: ListView | null): string {
  const n = view?.products.length ?? 0;
  const status = !view
    ? null
    : view.previous || view.next
      ? `Products found for “${q}”, page by page.`
      : `${n === 1 ? '1 product' : `${n} products`} found for “${q}”.`;
  return layout(
    store,
    { title: q ? `Search: ${q}` : 'Search', description: `Search the products of ${store.name}.`, path: '/search', noindex: true },
    html`<h1>Search</h1>
      <form action="/search" method="get">
        <label for="q">Search products</label><input id="q" type="search" name="q" value="${q}" /> <button type="submit">Search</button>
      </form>
      ${
        view
          ? html`<p role="status">${status}</p>
              ${listed(store, view, 'Try another word.')}`
          : null
      }`,
  );
}

function offersOf(store: StorePage, product: StorefrontProduct) {
  return product.variants.map((v) => ({
    '@type': 'Offer',
    ...(v.sku ? { sku: v.sku } : {}),
    ...(variantLabel(v) ? { name: variantLabel(v) } : {}),
    price: minorToMajorString(v.price, product.currency),
    priceCurrency: product.currency.toUpperCase(),
    availability: isSoldOut(product, v) ? 'https://schema.org/OutOfStock' : 'https://schema.org/InStock',
    url: `${store.origin}${productPath(product)}`,
  }));
}

export function productPage(store: StorePage, catalogue: StorefrontCatalogue, productId: string, error?: string): string | null {
  const product = catalogue.products.find((p) => p.id === productId);
  if (!product) return null;
  const category = catalogue.categories.find((c) => c.id === product.categoryId);
  const available = product.variants.filter((v) => !isSoldOut(product, v));
  const single = product.variants.length === 1 ? product.variants[0]! : null;
  const variantChoice = single
    ? html`<input type="hidden" name="variant_id" value="${single.id}" />`
    : html`<fieldset>
        <legend>${product.options.map((o) => o.name).join(' / ') || 'Choice'}</legend>
        ${product.variants.map((v, i) => {
          const note = isSoldOut(product, v) ? 'Sold out' : lowStockNote(product, v);
          return html`<label
            ><input
              type="radio"
              name="variant_id"
              value="${v.id}"
              ${isSoldOut(product, v) ? 'disabled' : v === available[0] || (i === 0 && available.length === 0) ? 'checked' : ''}
            />
            ${variantLabel(v)}:
            ${money(v.price, product.currency)}${note ? html` <span class="${isSoldOut(product, v) ? 'soldout' : 'low'}">(${note})</span>` : null}</label
          >`;
        })}
      </fieldset>`;
  const addOns = product.addOnGroups.map(
    (g) =>
      html`<fieldset>
        <legend>${g.name}${g.required ? ' (required' : ' (optional'}${g.maxChoices > 1 ? `, up to ${g.maxChoices}` : ''})</legend>
        ${g.choices.map((c) => html`<label><input type="${g.maxChoices === 1 && g.required ? 'radio' : 'checkbox'}" name="add_on" value="${c.id}" /> ${c.name}${c.price > 0 ? ` +${money(c.price, product.currency)}` : ''}</label>`)}
      </fieldset>`,
  );
  const shownPrice = single
    ? html`<p class="price">
        ${money(single.price, product.currency)}${single.compareAtPrice ? html` <span class="strike">${money(single.compareAtPrice, product.currency)}</span>` : null}
      </p>`
    : html`<p class="price">${priceText(product)}</p>`;
  const [primary, ...more] = product.images;
  const primarySize = primary ? sized(primary, 1200) : null;
  const gallery =
    primary && primarySize
      ? html`<div class="gallery">
          <img
            src="${urlsOf(store, primary).w1200}"
            srcset="${urlsOf(store, primary).w480} ${String(sized(primary, 480).width)}w, ${urlsOf(store, primary).w1200} ${String(primarySize.width)}w"
            sizes="(max-width: 600px) 100vw, 36rem"
            alt="${primary.altText}"
            width="${String(primarySize.width)}"
            height="${String(primarySize.height)}"
          />
          ${
            more.length > 0
              ? html`<ul aria-label="More images">
                  ${more.map(
                    (i) =>
                      html`<li>
                        <a href="${urlsOf(store, i).w1200}"><img src="${urlsOf(store, i).w160}" alt="${i.altText}" width="80" height="80" loading="lazy" /></a>
                      </li>`,
                  )}
                </ul>`
              : null
          }
        </div>`
      : null;
  const singleNote = single ? (isSoldOut(product, single) ? html`<p class="soldout">Sold out</p>` : lowStockNote(product, single)) : null;
  const body = html`<nav aria-label="Breadcrumb">
      <a href="${ALL_PRODUCTS_PATH}">All products</a>${category ? html` › <a href="${categoryPath(category)}">${category.name}</a>` : null}
    </nav>
    <article>
      ${gallery}
      <h1>${product.name}</h1>
      ${shownPrice} ${typeof singleNote === 'string' ? html`<p class="low">${singleNote}</p>` : singleNote}
      ${product.description ? html`<p>${product.description}</p>` : null} ${error ? html`<p class="error" role="alert">${error}</p>` : null}
      ${
        available.length === 0
          ? html`<p class="soldout">Sold out</p>`
          : html`<form method="post" action="/cart/lines">
              ${variantChoice} ${addOns}
              <label for="quantity">Quantity</label>
              <input id="quantity" type="number" name="quantity" value="1" min="1" max="99" inputmode="numeric" required />
              <p><button type="submit">Add to cart</button></p>
            </form>`
      }
    </article>`;
  return layout(
    store,
    {
      title: product.name,
      description: summary(product.description) || `${product.name} at ${store.name}: ${priceText(product)}.`,
      path: productPath(product),
      type: 'product',
      ...(primary ? { image: urlsOf(store, primary).w1200 } : {}),
      structuredData: {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: product.name,
        ...(product.description ? { description: product.description } : {}),
        ...(single?.sku ? { sku: single.sku } : {}),
        ...(product.images.length > 0 ? { image: product.images.map((i) => urlsOf(store, i).w1200) } : {}),
        url: `${store.origin}${productPath(product)}`,
        brand: { '@type': 'Brand', name: store.name },
        offers: offersOf(store, product),
      },
    },
    body,
  );
}

/** A sitemap file: these URLs (at most 50,000, the protocol's limit). */
export function sitemapUrls(urls: { loc: string; lastmod: Date | null }[]): string {
  return html`<?xml version="1.0" encoding="UTF-8"?>
    <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
      ${urls.map((u) => html`<url><loc>${u.loc}</loc>${u.lastmod ? html`<lastmod>${u.lastmod.toISOString()}</lastmod>` : null}</url> `)}</urlset
    > `.value;
}

/** The sitemap's pages other than the products: home, all products, the categories and the content pages. */
export function sitemapPages(store: StorePage, categories: { id: string }[]): string {
  return sitemapUrls([
    { loc: `${store.origin}/`, lastmod: null },
    { loc: `${store.origin}${ALL_PRODUCTS_PATH}`, lastmod: null },
    ...categories.map((c) => ({ loc: `${store.origin}${categoryPath(c)}`, lastmod: null })),
    ...store.pages.map((p) => ({ loc: `${store.origin}/pages/${p.slug}`, lastmod: null })),
  ]);
}

/** `/sitemap.xml`: the index of the sitemap's files (the pages, then the products' files). */
export function sitemapIndex(store: StorePage, files: string[]): string {
  return html`<?xml version="1.0" encoding="UTF-8"?>
    <sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
      ${files.map((f) => html`<sitemap><loc>${store.origin}${f}</loc></sitemap> `)}</sitemapindex
    > `.value;
}

export function robots(store: StorePage): string {
  return `User-agent: *\nDisallow: /cart\nDisallow: /checkout\nDisallow: /orders/\nDisallow: /search\nSitemap: ${store.origin}/sitemap.xml\n`;
}
