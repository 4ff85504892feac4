import { html } from './html';
import { contentPagePath, layout, type StorePage } from './storefront.layout';
import { renderMarkdown } from './storefront.markdown';

/** A content page of the store (Pages): its title and its body's markdown subset, escaped. */
export function contentPage(store: StorePage, page: { title: string; slug: string; body: string }): string {
  const firstLine =
    page.body
      .replace(/[#*[\]()`_>-]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 160) || `${page.title} of ${store.name}`;
  return layout(
    store,
    { title: page.title, description: firstLine, path: contentPagePath(page.slug) },
    html`<article class="content">
      <h1>${page.title}</h1>
      ${renderMarkdown(page.body)}
    </article>`,
  );
}
