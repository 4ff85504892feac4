import type { ThemeContent, ThemeFont } from '@merchant/catalogue';
import { raw, type Html } from './html';

/** The font stacks a theme may choose: fonts every device has, so the storefront loads no font file. */
const FONT_STACKS: Record<ThemeFont, string> = {
  system: 'system-ui,-apple-system,"Segoe UI",Roboto,sans-serif',
  serif: 'Georgia,"Times New Roman",serif',
  rounded: '"Trebuchet MS","Segoe UI",system-ui,sans-serif',
  mono: 'ui-monospace,"SFMono-Regular",Menlo,Consolas,monospace',
};

const HEX = /^#[0-9a-f]{6}$/;
const safeColour = (c: string, fallback: string) => (HEX.test(c) ? c : fallback);

/**
 * A theme's colours and fonts as CSS variables and the rules that use them. Every value is a checked hex colour or a
 * stack of this file, so nothing a merchant typed reaches the stylesheet.
 */
export function themeStyle(theme: ThemeContent): Html {
  const { colors, heading_font, body_font } = theme.settings;
  return raw(
    `:root{--bg:${safeColour(colors.background, '#ffffff')};--text:${safeColour(colors.text, '#1a1b1e')};--accent:${safeColour(colors.accent, '#1c5bd6')};` +
      `--font:${FONT_STACKS[body_font]};--heading-font:${FONT_STACKS[heading_font]}}` +
      'body{background:var(--bg);color:var(--text);font-family:var(--font)}h1,h2,h3{font-family:var(--heading-font)}a{color:var(--accent)}' +
      'button{background:var(--accent)}a:focus-visible,button:focus-visible,input:focus-visible{outline-color:var(--accent)}' +
      '.sec{margin:0 0 2rem}.announce{background:var(--accent);color:var(--bg);text-align:center;padding:.5rem 1rem;border-radius:6px}' +
      '.announce a{color:inherit}.hero{padding:2rem 1rem;border-radius:12px;border:1px solid #dee2e6;display:grid;gap:1rem}' +
      '.hero img,.iwt img{width:100%;height:auto;border-radius:8px}.hero h2{font-size:2rem;margin:0}' +
      '.btn{display:inline-block;padding:.6rem 1.25rem;border-radius:6px;background:var(--accent);color:var(--bg);text-decoration:none;min-height:44px}' +
      '.iwt{display:grid;gap:1rem;align-items:center}@media (min-width:700px){.iwt{grid-template-columns:1fr 1fr}.iwt.right img{order:2}}' +
      '.quotes{display:grid;gap:1rem;grid-template-columns:repeat(auto-fill,minmax(14rem,1fr));list-style:none;padding:0}' +
      '.quotes blockquote{margin:0;padding:1rem;border-left:4px solid var(--accent)}.rich{white-space:pre-line;word-break:break-word}',
  );
}
