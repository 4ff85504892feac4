import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './storefront.markdown';

const render = (source: string) => renderMarkdown(source).value.replace(/\s*\n\s*/g, '');

describe("the content pages' markdown subset", () => {
  it('renders paragraphs, line breaks, headings, lists, bold, italic and links', () => {
    expect(render('# Big\n\n## Title\n\n### Sub')).toBe('<h2>Big</h2><h2>Title</h2><h3>Sub</h3>');
    expect(render('One\ntwo\r\n\r\nThree')).toBe('<p>One<br />two</p><p>Three</p>');
    expect(render('- a **b**\n* *c*')).toBe('<ul><li>a <strong>b</strong></li><li><em>c</em></li></ul>');
    expect(render('[Menu](/search?q=a&b=1) and [mail](mailto:hi@example.com)')).toBe(
      '<p><a href="/search?q=a&amp;b=1">Menu</a> and <a href="mailto:hi@example.com">mail</a></p>',
    );
    expect(render('[Out](https://example.com/x)')).toBe('<p><a href="https://example.com/x" rel="noopener nofollow">Out</a></p>');
  });

  it('escapes every character the merchant wrote; unsafe link addresses stay text', () => {
    const out = render('<script>alert(1)</script> "q" & \'s\'\n\n## <img src=x onerror=alert(1)>\n\n- <b>x</b>');
    expect(out).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt; &quot;q&quot; &amp; &#39;s&#39;</p><h2>&lt;img src=x onerror=alert(1)&gt;</h2><ul><li>&lt;b&gt;x&lt;/b&gt;</li></ul>',
    );
    for (const address of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,x', '//evil.example/x', 'vbscript:x'])
      expect(render(`[x](${address})`)).not.toContain('href');
    expect(render('[x](https://e.example/"onmouseover=alert(1))')).not.toContain('"onmouseover');
    expect(render('**<i>x</i>**')).toBe('<p><strong>&lt;i&gt;x&lt;/i&gt;</strong></p>');
  });

  it('renders nothing for an empty body', () => {
    expect(render('')).toBe('');
    expect(render('\n \n')).toBe('');
  });
});
