import { AsyncLocalStorage } from 'node:async_hooks';
import { formatMoneyWithCode, formatMoneyWithSymbol } from '@merchant/core';
import { STORE_POLICY_TITLES, type CurrencyDisplay, type ThemeContent, type PhoneFieldMode, type StorePolicy } from '@merchant/catalogue';
import { html, jsonLd, raw, type Html } from './html';
import { themeStyle } from './storefront.theme-style';

/** The store a page belongs to, as its pages need it. */
export interface StorePage {
  businessId: string;
  name: string;
  identifier: string;
  /** `https://<identifier>.shop.<base>`: canonical URLs and structured data name it. */
  origin: string;
  logoUrl: string | null;
  /** Store settings: a closed store shows a notice on every page and takes no orders. */
  open: boolean;
  closedMessage: string;
  /** The policies the store has written (each a page, linked in the footer and at the checkout). */
  policies: StorePolicy[];
  currencyDisplay: CurrencyDisplay;
  /** The checkout's optional fields. */
  checkout: { phone: PhoneFieldMode; note: boolean };
  /** The published content pages, linked in the footer. */
  pages: { title: string; slug: string }[];
  /** The live theme's published content (colours and fonts on every page, the home page's sections); null: none. */
  theme: ThemeContent | null;
  /** Whether the store takes bookings (an active booking service): the header links `/booking`. */
  booking?: boolean;
}

export interface PageMeta {
  title: string;
  description: string;
  /** The page's path: its canonical URL is the store's origin and this path. */
  path: string;
  type?: 'website' | 'product';
  structuredData?: unknown;
  /** The page's own image for social previews (a product's primary image); the store's logo otherwise. */
  image?: string;
  /** Pages of one visitor (cart, checkout, an order) are not indexed. */
  noindex?: boolean;
}

/** How the page being rendered shows prices (store settings); every storefront request renders inside `withStore`. */
const display = new AsyncLocalStorage<CurrencyDisplay>();
export const withStore = <T>(store: StorePage, render: () => T): T => display.run(store.currencyDisplay, render);

export const money = (amount: number, currency: string) =>
  display.getStore() === 'symbol' ? formatMoneyWithSymbol(amount, currency) : formatMoneyWithCode(amount, currency);

export const policyPath = (policy: StorePolicy) => `/policies/${policy}`;
export const contentPagePath = (slug: string) => `/pages/${slug}`;

/** A small stylesheet: readable at 375 px, visible focus, no scripts anywhere on the storefront. */
const STYLE = raw(`
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1b1e;background:#fff}
a{color:#1c5bd6}
a:focus-visible,button:focus-visible,input:focus-visible,select:focus-visible,textarea:focus-visible{outline:3px solid #1c5bd6;outline-offset:2px}
header.site{display:flex;flex-wrap:wrap;gap:.75rem;align-items:center;justify-content:space-between;padding:.75rem 1rem;border-bottom:1px solid #dee2e6}
header.site .brand{font-weight:700;font-size:1.2rem;text-decoration:none;color:inherit}
header.site form{display:flex;gap:.5rem;flex:1 1 14rem;max-width:28rem}
header.site input[type=search]{flex:1;min-width:0}
main{max-width:64rem;margin:0 auto;padding:1rem}
footer{max-width:64rem;margin:2rem auto;padding:1rem;color:#5c5f66;font-size:.875rem}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(12rem,1fr));gap:1rem;list-style:none;padding:0}
.card{border:1px solid #dee2e6;border-radius:8px;padding:1rem}
.card a{font-weight:600}
.card img{display:block;width:100%;height:auto;aspect-ratio:1;object-fit:cover;border-radius:6px;margin-bottom:.5rem;background:#f1f3f5}
.gallery{display:grid;gap:.5rem;max-width:36rem}
.gallery img{width:100%;height:auto;border-radius:8px;background:#f1f3f5}
.gallery ul{display:flex;flex-wrap:wrap;gap:.5rem;list-style:none;padding:0;margin:0}
.gallery ul img{width:5rem;height:5rem;object-fit:cover}
.muted{color:#5c5f66}
.low{color:#a15c00;font-weight:600}
.soldout{color:#c92a2a;font-weight:600}
.error{color:#c92a2a}
.notice{background:#fff4e6;border:1px solid #ffc078;border-radius:8px;padding:.75rem 1rem;margin:0 0 1rem}
footer nav{display:flex;flex-wrap:wrap;gap:1rem;margin:.5rem 0}
footer nav a{display:inline-block;min-height:24px;padding:.25rem 0}
.content{max-width:42rem;word-break:break-word}
.policy{white-space:pre-line;word-break:break-word}
.cats{display:flex;flex-wrap:wrap;gap:.5rem;list-style:none;padding:0}
.pager{display:flex;flex-wrap:wrap;gap:1rem;justify-content:space-between;margin:1.5rem 0}
.pager a{display:inline-block;min-height:44px;padding:.6rem 1rem}
.cats a{display:inline-block;padding:.25rem .75rem;border:1px solid #dee2e6;border-radius:999px;text-decoration:none}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}
fieldset{border:1px solid #dee2e6;border-radius:8px;margin:1rem 0;padding:.5rem 1rem}
fieldset label{font-weight:400;display:flex;gap:.5rem;align-items:center;margin:.25rem 0}
input,select,button,textarea{font:inherit;min-height:44px}
textarea{width:100%;max-width:28rem;padding:.4rem .6rem;border:1px solid #adb5bd;border-radius:6px}
input[type=text],input[type=email],input[type=number],input[type=search],select{width:100%;max-width:28rem;padding:.4rem .6rem;border:1px solid #adb5bd;border-radius:6px}
input[type=number]{max-width:7rem}
input[type=radio],input[type=checkbox]{min-height:auto;width:1.1rem;height:1.1rem}
button{padding:.5rem 1.25rem;border:0;border-radius:6px;background:#1c5bd6;color:#fff;cursor:pointer}
button.secondary{background:#e9ecef;color:#1a1b1e}
button[disabled]{background:#adb5bd;cursor:not-allowed}
table{width:100%;border-collapse:collapse}
th,td{text-align:left;padding:.5rem;border-bottom:1px solid #dee2e6;vertical-align:top}
td.num,th.num{text-align:right;white-space:nowrap}
.lines form{display:inline}
.price{font-size:1.25rem;font-weight:700}
.strike{text-decoration:line-through;color:#5c5f66;font-weight:400}
@media (max-width:600px){th.hide,td.hide{display:none}}
`);

/** The page: head with its title, description, canonical URL, Open Graph tags and structured data; the store's header. */
export function layout(store: StorePage, meta: PageMeta, body: Html): string {
  const canonical = `${store.origin}${meta.path}`;
  const title = meta.title === store.name ? store.name : `${meta.title} · ${store.name}`;
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title}</title>
        <meta name="description" content="${meta.description}" />
        <link rel="canonical" href="${canonical}" />
        ${meta.noindex ? raw('<meta name="robots" content="noindex">') : null}
        <meta property="og:site_name" content="${store.name}" />
        <meta property="og:title" content="${meta.title}" />
        <meta property="og:description" content="${meta.description}" />
        <meta property="og:type" content="${meta.type ?? 'website'}" />
        <meta property="og:url" content="${canonical}" />
        ${meta.image || store.logoUrl ? html`<meta property="og:image" content="${meta.image ?? store.logoUrl}" />` : null}
        ${
          meta.structuredData
            ? html`<script type="application/ld+json">
                ${jsonLd(meta.structuredData)}
              </script>`
            : null
        }
        <style>
          ${STYLE}${store.theme ? themeStyle(store.theme) : null}
        </style>
      </head>
      <body>
        <header class="site">
          <a class="brand" href="/">${store.name}</a>
          <form role="search" action="/search" method="get">
            <label for="site-search" class="visually-hidden" style="position:absolute;left:-9999px">Search products</label
            ><input id="site-search" type="search" name="q" placeholder="Search products" /><button type="submit" class="secondary">Search</button>
          </form>
          ${store.booking ? html`<a href="/booking">Book an appointment</a>` : null}
          <a href="/cart">Cart</a>
        </header>
        <main id="main">
          ${store.open ? null : html`<p class="notice" role="status"><strong>The store is closed.</strong> ${store.closedMessage}</p>`}${body}
        </main>
        <footer>
          <p>${store.name}</p>
          ${
            store.pages.length > 0
              ? html`<nav aria-label="Pages">${store.pages.map((p) => html`<a href="${contentPagePath(p.slug)}">${p.title}</a>`)}</nav>`
              : null
          }
          ${
            store.policies.length > 0
              ? html`<nav aria-label="Policies">${store.policies.map((p) => html`<a href="${policyPath(p)}">${STORE_POLICY_TITLES[p]}</a>`)}</nav>`
              : null
          }
        </footer>
      </body>
    </html>`.value;
}

/** A plain message page (not found, store closed). */
export function messagePage(store: StorePage, title: string, message: string, path: string): string {
  return layout(
    store,
    { title, description: message, path, noindex: true },
    html`<h1>${title}</h1>
      <p>${message}</p>
      <p><a href="/">Back to the store</a></p>`,
  );
}
