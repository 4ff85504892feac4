import { useMatches } from 'react-router';
import { findRoute, type RouteId } from '@/app/route-table';

interface BankAccountRouteIds {
  list: RouteId;
  create: RouteId;
  edit: RouteId;
}

/**
 * The bank account screens exist in the payments settings and in the partner area (a partner's commissions are paid
 * out to its account): one implementation links within the section it is opened in.
 */
const BY_SECTION: Record<'payments' | 'partner', BankAccountRouteIds> = {
  payments: { list: 'payments.bank-accounts', create: 'payments.bank-accounts-create', edit: 'payments.bank-accounts-edit' },
  partner: { list: 'partner.payouts', create: 'partner.bank-accounts-create', edit: 'partner.bank-accounts-edit' },
};

export function useBankAccountRoutes(): BankAccountRouteIds {
  const matches = useMatches();
  const leaf = matches[matches.length - 1];
  const section = leaf ? findRoute(leaf.id)?.section : undefined;
  return section === 'partner' ? BY_SECTION.partner : BY_SECTION.payments;
}
