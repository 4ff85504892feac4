/** Partner area: `/business/:business_id/partner/...`, for partner businesses only. */
import { PARTNER, sectionRoutes } from './define';

const { route } = sectionRoutes('partner', PARTNER, { permission: 'business:view' });

export const partnerRoutes = [
  route('overview', '', 'Partner overview', null, {
    screen: 'partner.overview',
    sidebar: { label: 'Overview', icon: 'home', order: 1 },
  }),
  route('commissions', 'commissions', 'Commissions', null, { screen: 'partner.commissions', sidebar: { label: 'Commissions', icon: 'cash', order: 2 } }),
  route('linked-businesses', 'linked-businesses', 'Linked businesses', null, {
    screen: 'partner.linked-businesses',
    sidebar: { label: 'Linked businesses', icon: 'building-store', order: 3 },
  }),
  route('referral-contest', 'referral-contest', 'Referral contest', null, {
    screen: 'partner.referral-contest',
    sidebar: { label: 'Referral contest', icon: 'trophy', order: 4 },
  }),
  // Not in the spec's route table: where a partner's credited commissions leave for its bank (docs/decisions.md,
  // "Partner payouts"). The bank account forms are the payments settings' own, at paths of the partner area.
  route('payouts', 'payouts', 'Payouts', null, {
    permission: 'bank-accounts:manage',
    screen: 'partner.payouts',
    sidebar: { label: 'Payouts', icon: 'building-bank', order: 5 },
  }),
  route('bank-accounts-create', 'payouts/bank-accounts/create/:isCrossBorder?', 'Add bank account', null, {
    permission: 'bank-accounts:manage',
    screen: 'bank-accounts.create',
  }),
  route('bank-accounts-edit', 'payouts/bank-accounts/:bank_account/edit/:isCrossBorder', 'Edit bank account', null, {
    permission: 'bank-accounts:manage',
    screen: 'bank-accounts.edit',
  }),
];
