import { useMatches } from 'react-router';
import { findRoute, href, type RouteId } from '@/app/route-table';
import { canChange, useBusiness } from '@/lib/session';

/**
 * The pricing screens open under the register and the store (spec 2): one implementation links within the section
 * it is opened in. The store has no surcharges (a card surcharge and a service charge are the register's).
 */
type Section = 'pos' | 'online-store';

const ids = (s: Section) => ({
  taxes: `${s}.settings-taxes` as RouteId,
  taxCreate: `${s}.settings-taxes-create` as RouteId,
  taxEdit: `${s}.settings-taxes-edit` as RouteId,
  taxSettings: `${s}.settings-taxes-settings` as RouteId,
  discounts: `${s}.discounts` as RouteId,
  discountCreate: `${s}.discounts-create` as RouteId,
  discountEdit: `${s}.discounts-edit` as RouteId,
});

export function pricingLinks(section: Section, businessId: string) {
  const r = ids(section);
  const params = { business_id: businessId };
  return {
    section,
    taxes: href(r.taxes, params),
    taxCreate: href(r.taxCreate, params),
    tax: (id: string) => href(r.taxEdit, { ...params, b_tax_setting: id }),
    taxSettings: href(r.taxSettings, params),
    discounts: href(r.discounts, params),
    discountCreate: href(r.discountCreate, params),
    discount: (id: string) => href(r.discountEdit, { ...params, b_discount: id }),
    surcharges: href('pos.settings-surcharges', params),
    surchargeCreate: href('pos.settings-surcharges-create', params),
    surcharge: (id: string) => href('pos.settings-surcharges-edit', { ...params, b_surcharge_setting: id }),
  };
}

export type PricingLinks = ReturnType<typeof pricingLinks>;

export function usePricingLinks(businessId: string): PricingLinks {
  const matches = useMatches();
  const leaf = matches[matches.length - 1];
  const section = leaf ? findRoute(leaf.id)?.section : undefined;
  return pricingLinks(section === 'online-store' ? 'online-store' : 'pos', businessId);
}

/** Whether the person may change taxes, discounts and surcharges: `catalogue:manage` and `catalogue:pricing`. */
export function useMayPrice(businessId: string): boolean {
  const business = useBusiness(businessId).data;
  return canChange(business, 'catalogue:manage') && canChange(business, 'catalogue:pricing');
}
