import { describe, expect, it } from 'vitest';
import { escapeHtml, html, jsonLd, raw } from './html';

describe('the storefront HTML builder', () => {
  const hostile = `<script>alert("x")</script><img src=x onerror='alert(1)'>&amp;\`${'$'}{x}`;

  it('escapes every interpolated string, in content and in attributes', () => {
    const out = html`<p title="${hostile}">${hostile}</p>`.value;
    expect(out).not.toContain('<script>');
    expect(out).not.toContain('<img');
    expect(out).not.toMatch(/title="[^"]*"[^>]/);
    expect(out).toBe(
      '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=&#39;alert(1)&#39;&gt;&amp;amp;&#96;${x}">' +
        '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=&#39;alert(1)&#39;&gt;&amp;amp;&#96;${x}</p>',
    );
  });

  it('keeps fragments it built, joins arrays and drops empty values', () => {
    const items = ['a<b', 'c'].map((x) => html`<li>${x}</li>`);
    // prettier-ignore
    const list = html`<ul>${items}${null}${undefined}${false}${0}</ul>`;
    expect(list.value).toBe('<ul><li>a&lt;b</li><li>c</li>0</ul>');
    expect(html`${raw('<br>')}`.value).toBe('<br>');
    expect(escapeHtml('"\'<>&`')).toBe('&quot;&#39;&lt;&gt;&amp;&#96;');
  });

  it('writes JSON-LD that cannot close its script element', () => {
    const out = jsonLd({ name: '</script><script>alert(1)</script>', d: 'a\u2028b & <!--' }).value;
    expect(out).not.toContain('</script>');
    expect(out).not.toContain('<!--');
    expect(JSON.parse(out)).toEqual({ name: '</script><script>alert(1)</script>', d: 'a\u2028b & <!--' });
  });
});
