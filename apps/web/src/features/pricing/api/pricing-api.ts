import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  categoryEndpoints,
  discountEndpoints,
  locationEndpoints,
  productEndpoints,
  surchargeEndpoints,
  taxEndpoints,
  type CreateDiscountBody,
  type CreateSurchargeBody,
  type CreateTaxBody,
  type PricingListQuery,
  type TaxSettings,
} from '@merchant/catalogue';
import { call } from '@/lib/api-client';
import { endpointQuery, endpointScope, invalidateEndpoints } from '@/lib/queries';

/** The catalogue's money settings (docs/catalogue.md, "Built (part 3)"): taxes, tax settings, discounts, surcharges. */

type Filters = Partial<Pick<PricingListQuery, 'q' | 'status'>>;
const inBusiness = (businessId: string) => ({ business_id: businessId });

export const taxesQuery = (businessId: string, query: Filters = {}) => endpointQuery(taxEndpoints.list, { params: inBusiness(businessId), query });
export const taxQuery = (businessId: string, id: string) => endpointQuery(taxEndpoints.get, { params: { business_id: businessId, tax_id: id } });
export const taxSettingsQuery = (businessId: string) => endpointQuery(taxEndpoints.settings, { params: inBusiness(businessId) });
export const discountsQuery = (businessId: string, query: Filters = {}) => endpointQuery(discountEndpoints.list, { params: inBusiness(businessId), query });
export const discountQuery = (businessId: string, id: string) => endpointQuery(discountEndpoints.get, { params: { business_id: businessId, discount_id: id } });
export const surchargesQuery = (businessId: string, query: Filters = {}) => endpointQuery(surchargeEndpoints.list, { params: inBusiness(businessId), query });
export const surchargeQuery = (businessId: string, id: string) =>
  endpointQuery(surchargeEndpoints.get, { params: { business_id: businessId, surcharge_id: id } });

/** What the scopes choose from: the active locations, products and the categories (first 100 of each, by name). */
export const scopeLocationsQuery = (businessId: string) =>
  endpointQuery(locationEndpoints.list, { params: inBusiness(businessId), query: { status: 'active', limit: 100 } });
export const scopeProductsQuery = (businessId: string) =>
  endpointQuery(productEndpoints.list, { params: inBusiness(businessId), query: { status: 'active', sort: 'name', limit: 100 } });
export const scopeCategoriesQuery = (businessId: string) => endpointQuery(categoryEndpoints.list, { params: inBusiness(businessId) });

function useInvalidate(businessId: string) {
  const client = useQueryClient();
  const params = inBusiness(businessId);
  return () =>
    invalidateEndpoints(client, [
      endpointScope(taxEndpoints.list, { params }),
      endpointScope(taxEndpoints.get, { params }),
      endpointScope(taxEndpoints.settings, { params }),
      endpointScope(discountEndpoints.list, { params }),
      endpointScope(discountEndpoints.get, { params }),
      endpointScope(surchargeEndpoints.list, { params }),
      endpointScope(surchargeEndpoints.get, { params }),
    ]);
}

/** Creates (no id) or changes (an id: every field sent) a tax; the form shows field issues itself. */
export function useSaveTax(businessId: string) {
  const invalidate = useInvalidate(businessId);
  return useMutation({
    meta: { silent: true },
    mutationFn: ({ id, body }: { id: string | null; body: CreateTaxBody }) =>
      id
        ? call(taxEndpoints.update, { params: { business_id: businessId, tax_id: id }, body })
        : call(taxEndpoints.create, { params: inBusiness(businessId), body }),
    onSuccess: invalidate,
  });
}

export function useSaveTaxSettings(businessId: string) {
  const invalidate = useInvalidate(businessId);
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: TaxSettings) => call(taxEndpoints.saveSettings, { params: inBusiness(businessId), body }),
    onSuccess: invalidate,
  });
}

export function useSaveDiscount(businessId: string) {
  const invalidate = useInvalidate(businessId);
  return useMutation({
    meta: { silent: true },
    mutationFn: ({ id, body }: { id: string | null; body: CreateDiscountBody }) =>
      id
        ? call(discountEndpoints.update, { params: { business_id: businessId, discount_id: id }, body })
        : call(discountEndpoints.create, { params: inBusiness(businessId), body }),
    onSuccess: invalidate,
  });
}

export function useSaveSurcharge(businessId: string) {
  const invalidate = useInvalidate(businessId);
  return useMutation({
    meta: { silent: true },
    mutationFn: ({ id, body }: { id: string | null; body: CreateSurchargeBody }) =>
      id
        ? call(surchargeEndpoints.update, { params: { business_id: businessId, surcharge_id: id }, body })
        : call(surchargeEndpoints.create, { params: inBusiness(businessId), body }),
    onSuccess: invalidate,
  });
}

export type PricingKind = 'tax' | 'discount' | 'surcharge';

/** Archives or brings back a tax, a discount or a surcharge. */
export function useSetPricingArchived(businessId: string) {
  const invalidate = useInvalidate(businessId);
  return useMutation({
    mutationFn: async ({ kind, id, archived }: { kind: PricingKind; id: string; archived: boolean }): Promise<{ id: string; name: string }> => {
      if (kind === 'tax') return call(archived ? taxEndpoints.archive : taxEndpoints.unarchive, { params: { business_id: businessId, tax_id: id } });
      if (kind === 'discount')
        return call(archived ? discountEndpoints.archive : discountEndpoints.unarchive, { params: { business_id: businessId, discount_id: id } });
      return call(archived ? surchargeEndpoints.archive : surchargeEndpoints.unarchive, { params: { business_id: businessId, surcharge_id: id } });
    },
    onSuccess: invalidate,
  });
}
