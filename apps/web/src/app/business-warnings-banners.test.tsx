import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { ROLE_PERMISSIONS } from '@merchant/core';
import type { BusinessWarning } from '@merchant/business';
import { ownerBusiness, renderWithProviders } from '@/test';
import { BusinessWarningBanners } from './business-warnings-banners';
import { rolesHolding } from './business-warnings';

const changesNeeded: BusinessWarning = {
  id: 'changes',
  style: 'warning',
  title: 'Changes needed to verify your business',
  body: 'The registration document is cut off.',
  cta_title: 'Update the questionnaire',
  cta_url: '/business/b1/onboarding/questionnaire',
  cta_permission: 'verification:view',
};

const show = (over: Parameters<typeof ownerBusiness>[0]) => renderWithProviders(<BusinessWarningBanners business={ownerBusiness(over)} />, { route: '/' });

describe("a warning's call to action follows the viewer's role", () => {
  it('is a link for the owner, whose role may do it', () => {
    show({ warnings: [changesNeeded], permissions: [...ROLE_PERMISSIONS.owner] });
    expect(screen.getByText('The registration document is cut off.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Update the questionnaire' }).getAttribute('href')).toBe('/business/b1/onboarding/questionnaire');
    expect(screen.queryByText(/^Ask /)).toBeNull();
  });

  it('is no link for a cashier, who reads who can do it instead', () => {
    show({ warnings: [changesNeeded], permissions: [...ROLE_PERMISSIONS.cashier], role: { title: 'Cashier' } });
    expect(screen.getByText('The registration document is cut off.')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('Ask an owner to update the questionnaire.')).toBeTruthy();
  });

  it('is no link, and no one to ask, for a super admin reading the business', () => {
    show({ warnings: [changesNeeded], read_only: true, role: null });
    expect(screen.getByText('Changes needed to verify your business')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByText(/^Ask /)).toBeNull();
  });

  it('is a link for everyone when it needs no permission', () => {
    show({ warnings: [{ ...changesNeeded, cta_title: 'Read more', cta_permission: null }], permissions: [...ROLE_PERMISSIONS.cashier] });
    expect(screen.getByRole('link', { name: 'Read more' })).toBeTruthy();
  });

  it('names the roles that hold a permission, from the permission map', () => {
    expect(rolesHolding('verification:view')).toBe('an owner');
    expect(rolesHolding('developers:view')).toBe('an owner or an admin');
    expect(rolesHolding('payments:view')).toBe('an owner, an admin, a manager or a cashier');
  });
});
