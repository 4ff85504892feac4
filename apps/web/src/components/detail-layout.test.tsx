import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { phoneWidth, renderWithProviders } from '../test';
import { DetailLayout, type DetailAction } from './detail-layout';

/** Every detail screen's source (features/<capability>/routes/<x>-detail/<x>-detail-screen.tsx). */
const detailScreens = import.meta.glob<string>('../features/*/routes/*-detail/*-detail-screen.tsx', { query: '?raw', import: 'default', eager: true });

afterEach(() => vi.restoreAllMocks());

const actions: (DetailAction | false)[] = [
  { label: 'Refund', primary: true, onClick: () => undefined },
  { label: 'Edit', to: '/edit' },
  false,
  { label: 'Void', danger: true, more: true, onClick: () => undefined },
];

function renderDetail() {
  return renderWithProviders(
    <DetailLayout
      back={{ to: '/list', label: 'All payments' }}
      title="SGD 12.00"
      status={<span>Succeeded</span>}
      facts={[{ label: 'Payment id', value: 'pay_123', copy: 'pay_123' }, null, { label: 'Created', value: '28 Nov 2026' }]}
      actions={actions}
      side={<p>side column</p>}
    >
      <p>main column</p>
    </DetailLayout>,
    { route: '/detail' },
  );
}

describe('DetailLayout', () => {
  it('draws the back link, the title with its status, the key facts with a copy button and both columns', () => {
    phoneWidth(false);
    renderDetail();
    expect(screen.getByRole('link', { name: /All payments/ }).getAttribute('href')).toBe('/list');
    expect(screen.getByRole('heading', { level: 1, name: 'SGD 12.00' })).toBeTruthy();
    expect(screen.getByTestId('detail-status').textContent).toBe('Succeeded');
    const facts = screen.getByRole('region', { name: 'Key facts' });
    expect(facts.textContent).toContain('pay_123');
    expect(facts.textContent).toContain('28 Nov 2026');
    expect(screen.getByRole('button', { name: 'Copy payment id' })).toBeTruthy();
    expect(screen.getByText('main column')).toBeTruthy();
    expect(screen.getByText('side column')).toBeTruthy();
  });

  it('shows the actions as buttons on a wide screen, a `more` action in the menu, and leaves out falsy ones', () => {
    phoneWidth(false);
    renderDetail();
    expect(screen.getByRole('button', { name: 'Refund' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/edit');
    expect(screen.queryByRole('button', { name: 'Void' })).toBeNull();
    expect(screen.getByRole('button', { name: 'More actions' })).toBeTruthy();
  });

  it('keeps only the primary action as a button on a phone and puts the rest in the menu', () => {
    phoneWidth(true);
    renderDetail();
    expect(screen.getByRole('button', { name: 'Refund' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.getByRole('button', { name: 'More actions' })).toBeTruthy();
  });
});

describe('detail screens', () => {
  it('are found', () => {
    expect(Object.keys(detailScreens).length).toBeGreaterThanOrEqual(12);
  });

  it.each(Object.entries(detailScreens))('%s is drawn by DetailLayout, not a frame of its own', (_file, source) => {
    expect(source).toMatch(/from '@\/components\/detail-layout'/);
    expect(source).toMatch(/<DetailLayout\b/);
    expect(source).not.toMatch(/<PageFrame\b/);
  });
});
