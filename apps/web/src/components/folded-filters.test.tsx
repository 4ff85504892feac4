import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { phoneWidth, renderWithProviders } from '../test';
import { SearchAndStatus, useListFilters } from './list-filters';
import { DateField } from './date-field';

afterEach(() => vi.restoreAllMocks());

function Filters() {
  const filters = useListFilters(['status', 'from']);
  return (
    <SearchAndStatus filters={filters} searchLabel="Search invoices" hint="Number" statusOptions={[{ value: 'paid', label: 'Paid' }]}>
      <DateField label="Issued from" value={filters.params.get('from')} onChange={(day) => filters.set('from', day || null)} />
    </SearchAndStatus>
  );
}

const filtersButton = () => screen.getByRole('button', { name: /^Filters/ });

describe('list filters on a phone', () => {
  it('keep the search in view and fold the other filters behind a button that counts those set', () => {
    phoneWidth(true);
    renderWithProviders(<Filters />, { route: '/invoices?status=paid&from=2026-11-01' });
    expect(screen.getByRole('searchbox', { name: 'Search invoices' })).toBeTruthy();
    expect(filtersButton().textContent).toBe('Filters (2)');
    expect(filtersButton().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('textbox', { name: 'Status' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Issued from' })).toBeNull();
  });

  it('open into a panel that takes the focus, and give it back to the button on Escape or Done', () => {
    phoneWidth(true);
    renderWithProviders(<Filters />, { route: '/invoices' });
    expect(filtersButton().textContent).toBe('Filters');
    fireEvent.click(filtersButton());
    expect(filtersButton().getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(filtersButton().getAttribute('aria-controls')!)!;
    expect(document.activeElement).toBe(panel);
    expect(screen.getByRole('group', { name: 'Filters' })).toBe(panel);
    expect(screen.getByRole('textbox', { name: 'Status' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Issued from' })).toBeTruthy();

    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Issued from' }), { key: 'Escape' });
    expect(filtersButton().getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(filtersButton());

    fireEvent.click(filtersButton());
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(filtersButton().getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(filtersButton());
  });

  it('keep what is being typed while folded, and clear every filter from the panel', () => {
    phoneWidth(true);
    renderWithProviders(<Filters />, { route: '/invoices?status=paid' });
    fireEvent.click(filtersButton());
    fireEvent.change(screen.getByRole('textbox', { name: 'Issued from' }), { target: { value: '3/11/20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    fireEvent.click(filtersButton());
    expect((screen.getByRole('textbox', { name: 'Issued from' }) as HTMLInputElement).value).toBe('3/11/20');
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(filtersButton().textContent).toBe('Filters');
  });

  it('are all in view on a wider screen, with no Filters button', () => {
    phoneWidth(false);
    renderWithProviders(<Filters />, { route: '/invoices?status=paid' });
    expect(screen.queryByRole('button', { name: /^Filters/ })).toBeNull();
    expect(screen.getByRole('searchbox', { name: 'Search invoices' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Status' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Issued from' })).toBeTruthy();
  });
});
