import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EMAIL_TEMPLATES,
  EMAIL_TEMPLATE_KEYS,
  escapeHtml,
  renderEmail,
  renderTemplate,
  sampleValues,
  SaveEmailTemplateBodySchema,
  unknownVariables,
  variablesIn,
} from './email-templates';

const name = fc.stringMatching(/^[a-z_][a-z0-9_]{0,15}$/);
const noBraces = fc.string().filter((s) => !s.includes('{') && !s.includes('}'));

describe('renderTemplate', () => {
  it('replaces known variables, with or without spaces inside the braces', () => {
    expect(renderTemplate('Hi {{customer_name}}, {{ amount }} due', { customer_name: 'Jo', amount: 'SGD 1.00' })).toBe('Hi Jo, SGD 1.00 due');
  });

  it('leaves variables without a value visible as written', () => {
    expect(renderTemplate('Hi {{ nickname }} and {{customer_name}}', { customer_name: 'Jo' })).toBe('Hi {{ nickname }} and Jo');
  });

  it('does not take values from the object prototype', () => {
    expect(renderTemplate('{{constructor}} {{toString}}', {})).toBe('{{constructor}} {{toString}}');
  });

  it('escapes HTML in the text and in the values when producing HTML, and keeps line breaks', () => {
    expect(renderTemplate('<b>{{x}}</b>\nbye & "ok"', { x: '<script>alert(1)</script>' }, { html: true })).toBe(
      '&lt;b&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;/b&gt;<br>\nbye &amp; &quot;ok&quot;',
    );
  });

  it('property: text without braces comes back unchanged', () => {
    fc.assert(
      fc.property(noBraces, fc.dictionary(name, fc.string()), (text, values) => {
        expect(renderTemplate(text, values)).toBe(text);
      }),
    );
  });

  it('property: a known variable is replaced by its value, once, without expanding the value again', () => {
    fc.assert(
      fc.property(noBraces, noBraces, name, fc.string(), (before, after, variable, value) => {
        const other = `${variable}_x`;
        const values = { [variable]: value, [other]: 'SHOULD-NOT-APPEAR' };
        expect(renderTemplate(`${before}{{${variable}}}${after}`, values)).toBe(`${before}${value}${after}`);
        expect(renderTemplate(`{{${variable}}}`, { [variable]: `{{${other}}}`, [other]: 'X' })).toBe(`{{${other}}}`);
      }),
    );
  });

  it('property: HTML output has no markup but the line breaks it adds', () => {
    fc.assert(
      fc.property(fc.string(), fc.dictionary(name, fc.string()), (text, values) => {
        const html = renderTemplate(text, values, { html: true }).replace(/<br>/g, '');
        expect(html).not.toMatch(/[<>"']/);
      }),
    );
  });

  it('property: the HTML form is the escaped plain form', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !/[\r\n]/.test(s)),
        fc.dictionary(
          name,
          fc.string().filter((s) => !/[\r\n]/.test(s)),
        ),
        (text, values) => {
          expect(renderTemplate(text, values, { html: true })).toBe(escapeHtml(renderTemplate(text, values)));
        },
      ),
    );
  });
});

describe('variables', () => {
  it('lists the variables a text uses once each, and the unknown ones', () => {
    expect(variablesIn('{{a}} {{ b }} {{a}} {b} {{c d}}')).toEqual(['a', 'b']);
    expect(unknownVariables('{{customer_name}} {{coupon}} {{Amount}}', ['customer_name', 'amount'])).toEqual(['coupon', 'Amount']);
  });

  it('every default template uses only its own variables and passes the save schema', () => {
    for (const key of EMAIL_TEMPLATE_KEYS) {
      const t = EMAIL_TEMPLATES[key];
      expect(unknownVariables(t.subject + t.body, t.variables), key).toEqual([]);
      expect(SaveEmailTemplateBodySchema.safeParse({ subject: t.subject, body: t.body }).success, key).toBe(true);
    }
  });

  it('a default rendered with the sample values has no variable left', () => {
    const values = sampleValues({ name: 'Acme & Co', currency: 'sgd' }, new Date('2026-11-01T09:00:00Z'));
    expect(values.amount).toBe('SGD 125.00');
    expect(values.due_date).toBe('15 Nov 2026');
    for (const key of EMAIL_TEMPLATE_KEYS) {
      const mail = renderEmail(EMAIL_TEMPLATES[key], values);
      expect(mail.subject + mail.text).not.toMatch(/\{\{/);
      expect(mail.html).toContain('Acme &amp; Co');
    }
  });
});
