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
];
