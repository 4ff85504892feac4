import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { phoneWidth, renderWithProviders } from '../test';
import { DataList, type Column } from './data-list';
import { PageFrame } from './page-frame';
import { FilterBar } from './folded-filters';
import { DateRangeFields, SearchField } from './list-filters';
import { CustomerSelect } from './customer-select';
import { Fact, FactRow } from './fact';

/**
 * The shared pieces of the layout pass (issue 25): list cards and tables, the page header's actions, the filter bar, the
 * search field, the day range, the customer picker and a row of facts.
 */

afterEach(() => vi.restoreAllMocks());

interface Line {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  gross: string;
  fee: string;
  net: string;
}

const LINES: Line[] = [
  { id: '1', name: 'Ada', email: 'accounts.receivable@harbourcafe.example.com', phone: null, gross: 'SGD 10.00', fee: '—', net: 'SGD 9.50' },
  { id: '2', name: 'Ben', email: null, phone: null, gross: 'SGD 20.00', fee: 'SGD 0.60', net: 'SGD 19.40' },
];

const COLUMNS: readonly Column<Line>[] = [
  { header: 'Name', card: 'title', cell: (l) => l.name },
  { header: 'Email', card: 'secondary', cell: (l) => l.email ?? '—' },
  { header: 'Phone', card: 'secondary', hideWhenEmpty: true, cell: (l) => l.phone ?? '—' },
  { header: 'Gross', align: 'right', nowrap: true, cell: (l) => l.gross },
  { header: 'Fee', align: 'right', nowrap: true, cell: (l) => l.fee },
  { header: 'Net', align: 'right', nowrap: true, cell: (l) => l.net },
];

const list = (rows: Line[] = LINES) => <DataList label="Lines" rows={rows} rowKey={(l) => l.id} columns={COLUMNS} />;

describe('DataList', () => {
  it('leaves a column out of the table when it is empty on every row, and keeps it when one row has a value', () => {
    phoneWidth(false);
    const { unmount } = renderWithProviders(list());
    const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers()).toEqual(['Name', 'Email', 'Gross', 'Fee', 'Net']);
    unmount();
    renderWithProviders(list([{ ...LINES[0]!, phone: '+65 6123 4567' }, LINES[1]!]));
    expect(headers()).toEqual(['Name', 'Email', 'Phone', 'Gross', 'Fee', 'Net']);
  });

  it('keeps a one-word value (an email) whole in a table cell up to a limit, with places to wrap past it', () => {
    phoneWidth(false);
    renderWithProviders(list());
    const cell = screen.getByRole('cell', { name: 'accounts.receivable@harbourcafe.example.com' });
    const value = cell.querySelector('[data-long-value]');
    expect(value?.textContent).toBe('accounts.receivable@harbourcafe.example.com');
    expect(value?.querySelectorAll('wbr').length).toBeGreaterThan(0);
  });

  it('gives a card no line for an empty value (no lone "—"), and its figures in one row of equal columns', () => {
    phoneWidth(true);
    renderWithProviders(list());
    const [ada, ben] = within(screen.getByRole('list', { name: 'Lines' })).getAllByRole('listitem');
    expect(within(ben!).queryByText('—')).toBeNull();
    expect(within(ada!).getByText(/harbourcafe/)).toBeTruthy();
    // Gross, Fee and Net sit label over value in three columns on every card; an empty fee still says "—" there.
    for (const card of [ada!, ben!]) {
      const figures = within(card).getByText('Net').parentElement!.parentElement!;
      expect(figures.style.gridTemplateColumns).toBe('repeat(3, minmax(0, 1fr))');
      expect([...figures.children].map((c) => c.firstElementChild?.textContent)).toEqual(['Gross', 'Fee', 'Net']);
    }
    expect(within(ada!).getByText('Fee').nextElementSibling?.textContent).toBe('—');
  });

  it("puts the card's main text in a box that keeps its width beside a long status", () => {
    phoneWidth(true);
    renderWithProviders(
      <DataList
        label="Payments"
        rows={[{ id: 'p', who: 'Daniel Ng' }]}
        rowKey={(r) => r.id}
        columns={[
          { header: 'Customer', card: 'title', cell: (r) => r.who },
          { header: 'Status', card: 'status', cell: () => 'Awaiting authentication' },
        ]}
      />,
    );
    const main = screen.getByText('Daniel Ng').closest('[data-card-main]');
    expect(main).not.toBeNull();
    expect(main?.contains(screen.getByText('Awaiting authentication'))).toBe(false);
  });
});

describe('PageFrame actions', () => {
  const actions = [
    { label: 'Create invoice', primary: true, to: '/create' },
    { label: 'Bulk create', to: '/bulk', more: true },
    false,
    { label: 'Export CSV', href: '/export.csv', download: true, more: true },
  ] as const;

  it('shows the primary action as a button and the others in "More actions", at 1280 px', async () => {
    phoneWidth(false);
    renderWithProviders(<PageFrame title="Invoices" description="Bill customers." actions={actions} />, { route: '/invoices' });
    expect(screen.getByRole('link', { name: 'Create invoice' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Bulk create' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'More actions' }));
    // The menu's opening transition never ends in jsdom: its items count as hidden there.
    expect(await screen.findByRole('menuitem', { name: 'Bulk create', hidden: true })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Export CSV', hidden: true })).toBeTruthy();
  });

  it('still draws elements given as they are', () => {
    phoneWidth(false);
    renderWithProviders(<PageFrame title="Payouts" actions={<button type="button">Wallet balance</button>} />, { route: '/payouts' });
    expect(screen.getByRole('button', { name: 'Wallet balance' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'More actions' })).toBeNull();
  });
});

describe('FilterBar', () => {
  const field = <input aria-label="Status" />;

  it('on a phone without a search, has no frame: the Filters button stands alone, and the open panel is framed', () => {
    phoneWidth(true);
    renderWithProviders(
      <FilterBar active={0}>
        <label>
          Status <input />
        </label>
      </FilterBar>,
    );
    const section = screen.getByRole('region', { name: 'Filters' });
    expect(section.className).not.toMatch(/Paper/);
    fireEvent.click(within(section).getByRole('button', { name: 'Filters' }));
    const panel = screen.getByRole('group', { name: 'Filters' });
    expect(panel.firstElementChild?.className).toMatch(/Paper/);
  });

  it('keeps its frame with a search on a phone, and at 1280 px', () => {
    phoneWidth(true);
    const { unmount } = renderWithProviders(
      <FilterBar active={0} search={<input aria-label="Search" />}>
        {field}
      </FilterBar>,
    );
    expect(screen.getByRole('region', { name: 'Filters' }).className).toMatch(/Paper/);
    unmount();
    phoneWidth(false);
    renderWithProviders(<FilterBar active={0}>{field}</FilterBar>);
    expect(screen.getByRole('region', { name: 'Filters' }).className).toMatch(/Paper/);
  });
});

describe('SearchField', () => {
  it('has a short placeholder (its label) and says what it searches as its description', () => {
    renderWithProviders(<SearchField label="Search invoices" hint="Number, customer name or email" value="" onChange={() => undefined} />);
    const box = screen.getByRole('searchbox', { name: 'Search invoices' });
    expect(box.getAttribute('placeholder')).toBe('Search invoices');
    const described = (box.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain('Number, customer name or email');
  });
});

describe('DateRangeFields', () => {
  it("puts the time zone's note under the two day fields, in their own box", () => {
    renderWithProviders(<DateRangeFields from={<input aria-label="From" />} to={<input aria-label="To" />} zone="Asia/Singapore" />);
    const range = screen.getByTestId('date-range');
    expect(range.contains(screen.getByRole('textbox', { name: 'From' }))).toBe(true);
    expect(range.lastElementChild?.contains(screen.getByTestId('time-zone-note'))).toBe(true);
  });
});

describe('CustomerSelect', () => {
  it("shows the chosen customer's name in the field and their email as the line under it", () => {
    renderWithProviders(
      <CustomerSelect
        label="Customer"
        customers={[{ id: 'c1', name: 'Harbour Cafe', email: 'accounts@harbourcafe.example.com' }]}
        value="c1"
        onChange={() => undefined}
      />,
    );
    const field = screen.getByRole('textbox', { name: 'Customer' }) as HTMLInputElement;
    expect(field.value).toBe('Harbour Cafe');
    const described = (field.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain('accounts@harbourcafe.example.com');
  });
});

describe('FactRow', () => {
  it('holds facts side by side, each its own box', () => {
    renderWithProviders(
      <FactRow>
        <Fact label="Customer">accounts@harbourcafe.example.com</Fact>
        <Fact label="Paid">SGD 0.00</Fact>
      </FactRow>,
    );
    const row = screen.getByText('Customer').parentElement!.parentElement!;
    expect(row.children).toHaveLength(2);
    expect(row.className).toMatch(/row/);
  });
});
