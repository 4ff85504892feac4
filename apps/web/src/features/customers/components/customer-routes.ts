import { useMatches } from 'react-router';
import { findRoute, href } from '@/app/route-table';

type Section = 'payments' | 'pos' | 'online-store';

/** The section the customers screen is opened in (payments, the point of sale or the store: one list, three entries). */
function useSection(): Section {
  const matches = useMatches();
  const leaf = matches[matches.length - 1];
  const section = leaf ? findRoute(leaf.id)?.section : undefined;
  return section === 'pos' || section === 'online-store' ? section : 'payments';
}

/** Links of the customers screens within the section they are opened in. */
export function useCustomerLinks(businessId: string) {
  const section = useSection();
  return {
    section,
    list: href(`${section}.customers`, { business_id: businessId }),
    detail: (customerId: string) =>
      section === 'payments'
        ? href('payments.customers-detail', { business_id: businessId, customer: customerId })
        : href(`${section}.customers-detail`, { business_id: businessId, b_customer: customerId }),
  };
}
