import { escapeHtml, html, raw, type Html } from './html';

/**
 * The small markdown subset of a store's content pages (docs/online-store.md, "Pages"), rendered on the server:
 * blocks are separated by blank lines; a block of `## ` or `### ` is a heading (`# ` too, as the page's title is its
 * only h1), a block whose every line starts with `- ` or `* ` is a list, any other block a paragraph whose line breaks
 * are kept. Inline: `**bold**`, `*italic*` and `[text](address)` where the address is `https://`, `http://`,
 * `mailto:` or a path of the store (`/...`); any other address stays text. Every character the merchant wrote is
 * escaped first: no HTML of theirs is ever markup.
 */

const LINK = /\[([^\]\n]{1,200})\]\(([^()\s]{1,2000})\)/g;

/** An address a link may point at; null for anything else (`javascript:`, `data:`, protocol-relative `//`). */
function safeHref(address: string): string | null {
  if (/^\/(?!\/)/.test(address)) return address;
  if (/^mailto:[^\s]+$/i.test(address)) return address;
  try {
    const url = new URL(address);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Escaped text with its bold and italic marks. */
function emphasis(text: string): string {
  return escapeHtml(text)
    .replace(/\*\*(?=\S)([^*\n]*?\S)\*\*/g, '<strong>$1</strong>')
    .replace(/(^|[^*])\*(?=\S)([^*\n]*?\S)\*(?!\*)/g, '$1<em>$2</em>');
}

/** One line or paragraph of text: links, then bold and italic, everything escaped. */
export function inline(text: string): Html {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const [whole, label = '', address = ''] = match;
    const at = match.index;
    out += emphasis(text.slice(last, at));
    const href = safeHref(address);
    const external = href !== null && /^https?:/i.test(href);
    out += href ? `<a href="${escapeHtml(href)}"${external ? ' rel="noopener nofollow"' : ''}>${emphasis(label)}</a>` : emphasis(whole);
    last = at + whole.length;
  }
  out += emphasis(text.slice(last));
  return raw(out);
}

/** The page's body as HTML. */
export function renderMarkdown(source: string): Html {
  const blocks = source
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((b) => b.replace(/^\n+|\s+$/g, ''))
    .filter((b) => b.trim() !== '');
  return html`${blocks.map((block) => {
    const heading = /^(#{1,3})[ \t]+(.+)$/.exec(block);
    if (heading && !block.includes('\n')) {
      const text = inline((heading[2] ?? '').trim());
      return (heading[1] ?? '').length === 3 ? html`<h3>${text}</h3>` : html`<h2>${text}</h2>`;
    }
    const lines = block.split('\n');
    if (lines.every((l) => /^[ \t]*[-*][ \t]+\S/.test(l)))
      return html`<ul>
        ${lines.map((l) => html`<li>${inline(l.replace(/^[ \t]*[-*][ \t]+/, ''))}</li>`)}
      </ul>`;
    return html`<p>${lines.map((l, i) => html`${i > 0 ? raw('<br />') : null}${inline(l.trim())}`)}</p>`;
  })}`;
}
