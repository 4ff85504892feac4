import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ALL_PERMISSIONS } from '@merchant/core';
import { renderWithProviders } from '../../test';
import { visibleSidebar } from '../sidebar';
import { SidebarNav } from './sidebar-nav';

const BUSINESS = {
  type: 'merchant' as const,
  country: 'sg',
  permissions: [...ALL_PERMISSIONS],
  stripe_enabled: false,
  xendit_enabled: false,
  active_providers: [],
  features: { send_money: true },
  platform_enabled: false,
  transfers_awaiting_review: 0,
};

describe('SidebarNav', () => {
  it('draws the menu in a part that scrolls on its own, and Settings and Refer and earn at its foot, out of it', () => {
    renderWithProviders(<SidebarNav businessId="b1" groups={visibleSidebar('payments', BUSINESS)} />, { route: '/business/b1/payments' });
    const scrolling = screen.getByTestId('sidebar-scroll');
    const foot = screen.getByTestId('sidebar-foot');
    expect(within(scrolling).getByRole('link', { name: 'Overview' })).toBeTruthy();
    expect(within(scrolling).queryByRole('button', { name: 'Settings' })).toBeNull();
    expect(within(foot).getByRole('button', { name: 'Settings' })).toBeTruthy();
    expect(within(foot).getByRole('link', { name: 'Refer and earn' })).toBeTruthy();
    // The group heading stays with the entries that remain in the scrolling part.
    expect(within(scrolling).getByText('Others')).toBeTruthy();
  });

  it('opens the pinned group when the current page is one of its entries', () => {
    renderWithProviders(<SidebarNav businessId="b1" groups={visibleSidebar('payments', BUSINESS)} />, { route: '/business/b1/payments/settings/audit-logs' });
    const foot = screen.getByTestId('sidebar-foot');
    expect(within(foot).getByRole('button', { name: 'Settings' }).getAttribute('aria-expanded')).toBe('true');
    expect(within(foot).getByRole('link', { name: 'Audit logs' }).getAttribute('aria-current')).toBe('page');
  });

  it("marks the Overview on itself only: a section's screen no link names (the Support inbox) marks nothing", () => {
    renderWithProviders(<SidebarNav businessId="b1" groups={visibleSidebar('payments', BUSINESS)} />, { route: '/business/b1/payments/support' });
    expect(screen.getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBeNull();
    expect(document.querySelector('[aria-current="page"]')).toBeNull();
  });

  it('marks the Overview on the section home', () => {
    renderWithProviders(<SidebarNav businessId="b1" groups={visibleSidebar('payments', BUSINESS)} />, { route: '/business/b1/payments' });
    expect(screen.getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBe('page');
  });
});
