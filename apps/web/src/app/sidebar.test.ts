import { describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS, ALL_PERMISSIONS, type Permission } from '@merchant/core';
import { findRoute, type Section } from './route-table';
import { SECTIONS } from './routes/define';
import { paletteRoutes, sectionOptionsFor, visibleSidebar, type SidebarBusiness } from './sidebar';

function business(overrides: Partial<SidebarBusiness> = {}): SidebarBusiness {
  return {
    type: 'merchant',
    country: 'sg',
    permissions: [...ALL_PERMISSIONS],
    stripe_enabled: false,
    xendit_enabled: false,
    active_providers: [],
    features: { send_money: false },
    platform_enabled: false,
    transfers_awaiting_review: 0,
    ...overrides,
  };
}

/** Every label of a section's sidebar, children included. */
function labels(section: Section, b: SidebarBusiness): string[] {
  return visibleSidebar(section, b).flatMap((g) => g.items.flatMap((i) => [i.label, ...(i.children ?? []).map((c) => c.label)]));
}

const cashier = (overrides: Partial<SidebarBusiness> = {}) => business({ permissions: [...ROLE_PERMISSIONS.cashier] as Permission[], ...overrides });

describe('visibleSidebar', () => {
  it('names every entry in sentence case like the rest of the product (issue 25: not "Bank Payouts"), acronyms kept', () => {
    const everything = business({ features: { send_money: true }, platform_enabled: true, stripe_enabled: true, xendit_enabled: true, type: 'merchant' });
    const all = SECTIONS.flatMap((section) => labels(section, section === 'partner' ? { ...everything, type: 'partner' } : everything));
    expect(all.length).toBeGreaterThan(40);
    const titleCased = all.filter((label) =>
      label
        .split(' ')
        .slice(1)
        .some((word) => word !== word.toLowerCase() && !/^[A-Z]{2,}s?$/.test(word)),
    );
    expect(titleCased).toEqual([]);
  });

  it('lists the payments menu in spec order with its groups', () => {
    const groups = visibleSidebar('payments', business({ features: { send_money: true }, platform_enabled: true }));
    expect(groups.map((g) => g.label)).toEqual([undefined, 'No-code tools', 'Others']);
    expect(groups[0]?.items.map((i) => i.label)).toEqual(['Overview', 'Transactions', 'Reports', 'Bank payouts', 'Send payments', 'Customers']);
    expect(groups[1]?.items.map((i) => i.label)).toEqual(['Payment links', 'Static QRs', 'Invoicing', 'Recurring billing']);
    expect(groups[2]?.items.map((i) => i.label)).toEqual(['Developers', 'Plugins integration', 'Connections', 'Payment methods', 'Settings', 'Refer and earn']);
    const invoicing = groups[1]?.items.find((i) => i.label === 'Invoicing');
    expect(invoicing?.children?.map((c) => c.label)).toEqual(['All', 'Repeating', 'Products']);
    const settings = groups[2]?.items.find((i) => i.label === 'Settings');
    expect(settings?.children?.map((c) => c.label)).toEqual([
      'Checkout customisation',
      'Staff',
      'Notifications',
      'Email templates',
      'Bank accounts',
      'Account verification',
      'Business details',
      'Audit logs',
      'Partners',
      'Platform',
    ]);
  });

  it('hides Refer and earn, Store design and Pages from cashiers (and Developers, Account verification)', () => {
    expect(labels('payments', cashier())).not.toContain('Refer and earn');
    expect(labels('payments', cashier())).not.toContain('Developers');
    expect(labels('payments', cashier())).not.toContain('Account verification');
    expect(labels('online-store', cashier())).not.toContain('Store design');
    expect(labels('online-store', cashier())).not.toContain('Pages');
    expect(labels('payments', business())).toContain('Refer and earn');
    expect(labels('online-store', business())).toEqual(expect.arrayContaining(['Store design', 'Pages']));
  });

  it('pins Settings (and Refer and earn) to the foot of each merchant section, out of the scrolling part', () => {
    const pinned = (section: Section) =>
      visibleSidebar(section, business())
        .flatMap((g) => g.items)
        .filter((i) => i.pinned)
        .map((i) => i.label);
    expect(pinned('payments')).toEqual(['Settings', 'Refer and earn']);
    expect(pinned('pos')).toEqual(['Settings']);
    expect(pinned('online-store')).toEqual(['Settings']);
  });

  it('shows Developers to owners and admins, Account verification only to owners', () => {
    const admin = business({ permissions: [...ROLE_PERMISSIONS.admin] as Permission[] });
    expect(labels('payments', admin)).toContain('Developers');
    expect(labels('payments', admin)).not.toContain('Account verification');
    expect(labels('payments', business({ permissions: [...ROLE_PERMISSIONS.owner] as Permission[] }))).toContain('Account verification');
  });

  it('shows balances by the card flags and the active providers', () => {
    const payouts = (b: SidebarBusiness) =>
      visibleSidebar('payments', b)
        .flatMap((g) => g.items)
        .find((i) => i.label === 'Bank payouts');
    // The payout list is in the group whatever the cards (issue 25).
    expect(payouts(business())?.children?.map((c) => c.label)).toEqual(['Wallet balance', 'Payouts']);
    expect(payouts(business())?.routeId).toBe('payments.balance');
    expect(payouts(business({ stripe_enabled: true }))?.children?.map((c) => c.label)).toEqual(['Wallet balance', 'Payouts', 'Card balance']);
    expect(payouts(business({ xendit_enabled: true, active_providers: ['xendit'] }))?.children?.map((c) => c.label)).toEqual([
      'Wallet balance',
      'Payouts',
      'Card balance',
      'Xendit card balance',
    ]);
    const noWallets = business({ permissions: ALL_PERMISSIONS.filter((p) => p !== 'wallets:manage') });
    expect(labels('payments', noWallets)).not.toContain('Bank payouts');
  });

  it('shows Send payments only with the send_money feature, with the review count', () => {
    expect(labels('payments', business())).not.toContain('Send payments');
    const send = visibleSidebar('payments', business({ features: { send_money: true }, transfers_awaiting_review: 3 }))
      .flatMap((g) => g.items)
      .find((i) => i.label === 'Send payments');
    expect(send?.badge).toBe(3);
    expect(send?.children?.map((c) => c.label)).toEqual(['Overview', 'Beneficiaries', 'Transfer history']);
    const none = visibleSidebar('payments', business({ features: { send_money: true } }))
      .flatMap((g) => g.items)
      .find((i) => i.label === 'Send payments');
    expect(none?.badge).toBeUndefined();
  });

  it('shows Platform only when platform_enabled', () => {
    expect(labels('payments', business())).not.toContain('Platform');
    expect(labels('payments', business({ platform_enabled: true }))).toContain('Platform');
  });

  it('hides Recurring billing for ph and id', () => {
    expect(labels('payments', business({ country: 'sg' }))).toContain('Recurring billing');
    expect(labels('payments', business({ country: 'ph' }))).not.toContain('Recurring billing');
    expect(labels('payments', business({ country: 'ID' }))).not.toContain('Recurring billing');
    expect(labels('payments', business({ country: 'id' }))).not.toContain('Subscriptions');
  });

  it('keeps a settings group for members who hold only part of it', () => {
    const manager = business({ permissions: [...ROLE_PERMISSIONS.manager] as Permission[] });
    const settings = visibleSidebar('payments', manager)
      .flatMap((g) => g.items)
      .find((i) => i.label === 'Settings');
    expect(settings?.children?.map((c) => c.label)).toEqual(['Staff']);
    expect(settings?.routeId).toBe('payments.settings-users');
  });

  it('derives the POS, online store and partner menus', () => {
    expect(labels('pos', business())).toEqual(
      expect.arrayContaining([
        'Web app',
        'Reports',
        'Orders',
        'Products',
        'Discounts',
        'Customers',
        'Locations',
        'Card terminals',
        'Mall sales reporting',
        'Settings',
      ]),
    );
    expect(labels('online-store', business())).toEqual(expect.arrayContaining(['Overview', 'Coupons', 'Shipping and pickup', 'Domain', 'Booking']));
    expect(labels('partner', business({ type: 'partner' }))).toEqual(['Overview', 'Commissions', 'Linked businesses', 'Referral contest', 'Payouts']);
  });
});

describe('sections and palette', () => {
  it('offers the three merchant sections, or the partner area to partner businesses', () => {
    expect(sectionOptionsFor({ type: 'merchant' }).map((o) => o.value)).toEqual(['payments', 'pos', 'online-store']);
    expect(sectionOptionsFor({ type: 'partner' }).map((o) => o.value)).toEqual(['partner']);
  });

  it('lists only screens without record parameters that the member may open', () => {
    const ids = paletteRoutes(cashier()).map((r) => r.id);
    expect(ids).toContain('payments.links-create');
    expect(ids).not.toContain('payments.links-detail');
    expect(ids).not.toContain('payments.referral-program');
    expect(ids).not.toContain('online-store.store-design');
    expect(ids).not.toContain('payments.overview-root');
    expect(ids).not.toContain('partner.overview');
    expect(paletteRoutes(business()).map((r) => r.id)).not.toContain('payments.beneficiaries');
    expect(paletteRoutes(business({ features: { send_money: true } })).map((r) => r.id)).toContain('payments.beneficiaries');
    expect(paletteRoutes(business()).map((r) => r.id)).toContain('payments.bank-accounts-create');
    expect(findRoute('payments.bank-accounts-create')?.path).toContain(':isCrossBorder?');
  });
});
