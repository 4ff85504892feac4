import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { renderWithProviders } from '../test';
import { DataList } from './data-list';
import { Fact } from './fact';
import { DetailLayout } from './detail-layout';
import { LongText } from './long-text';

/** The text of an element with a "|" where a line may end (each `<wbr>`). */
function withBreaks(element: Element): string {
  return Array.from(element.childNodes)
    .map((node) => (node.nodeName === 'WBR' ? '|' : node.nodeType === Node.TEXT_NODE ? node.textContent : withBreaks(node as Element)))
    .join('');
}

describe('long values', () => {
  it('may wrap before the @ and the dots of an email, never inside a word', () => {
    const { container } = render(
      <p>
        <LongText>accounts.receivable@harbourcafe.example.com</LongText>
      </p>,
    );
    expect(withBreaks(container.querySelector('p')!)).toBe('accounts|.receivable|@harbourcafe|.example|.com');
    expect(container.textContent).toBe('accounts.receivable@harbourcafe.example.com');
  });

  it('leaves short words, amounts and ordinary text as they are, and a link breaks once per run of marks', () => {
    const { container } = render(
      <>
        <p>
          <LongText>Paid SGD 1,234,567.50 by Marina Bay Office Pantry</LongText>
        </p>
        <p>
          <LongText>ab@example.com</LongText>
        </p>
        <p>
          <LongText>See https://invoice.example.com/i/inv_123</LongText>
        </p>
      </>,
    );
    const [text, short, link] = Array.from(container.querySelectorAll('p')).map(withBreaks);
    expect(text).toBe('Paid SGD 1,234,567.50 by Marina Bay Office Pantry');
    expect(short).toBe('ab@example.com');
    expect(link).toBe('See https:|//invoice|.example|.com|/i|/inv|_123');
  });

  it('are given their wrap points by the list, the facts and the detail frame, and never the `anywhere` break', () => {
    const email = 'pantry@marinabay.example.com';
    renderWithProviders(
      <>
        <DataList label="Invoices" rows={[{ id: '1', email }]} rowKey={(r) => r.id} columns={[{ header: 'Email', cell: (r) => r.email }]} />
        <Fact label="Billed to">{email}</Fact>
        <DetailLayout title={email} facts={[{ label: 'Customer', value: email }]} />
      </>,
      { route: '/' },
    );
    const cell = screen.getByRole('cell');
    expect(withBreaks(cell)).toBe('pantry|@marinabay|.example|.com');
    expect(cell.getAttribute('style')).toContain('overflow-wrap: break-word');
    for (const element of screen.getAllByText(email)) {
      expect(withBreaks(element)).toBe('pantry|@marinabay|.example|.com');
      expect(element.closest('[style*="anywhere"]')).toBeNull();
    }
    expect(screen.getAllByText(email)).toHaveLength(4);
  });
});
