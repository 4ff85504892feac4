import { useMutation, useQueryClient } from '@tanstack/react-query';
import { categoryEndpoints, couponEndpoints, productEndpoints, type CouponBody, type CouponFilters } from '@merchant/catalogue';
import { call } from '@/lib/api-client';
import { endpointQuery, endpointScope, invalidateEndpoints } from '@/lib/queries';

export const couponsQuery = (businessId: string, filters: CouponFilters) =>
  endpointQuery(couponEndpoints.list, { params: { business_id: businessId }, query: filters });
export const couponQuery = (businessId: string, id: string) => endpointQuery(couponEndpoints.get, { params: { business_id: businessId, coupon_id: id } });
/** What a coupon may name: the business's active products (the first 100 by name) and its categories. */
export const couponProductsQuery = (businessId: string) =>
  endpointQuery(productEndpoints.list, { params: { business_id: businessId }, query: { status: 'active', sort: 'name', limit: 100 } });
export const couponCategoriesQuery = (businessId: string) => endpointQuery(categoryEndpoints.list, { params: { business_id: businessId } });

/** The form shows field issues itself. */
export function useSaveCoupon(businessId: string, id: string | undefined) {
  const client = useQueryClient();
  const params = { business_id: businessId };
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: CouponBody) =>
      id ? call(couponEndpoints.update, { params: { ...params, coupon_id: id }, body }) : call(couponEndpoints.create, { params, body }),
    onSuccess: () => invalidateEndpoints(client, [endpointScope(couponEndpoints.list, { params }), endpointScope(couponEndpoints.get, { params })]),
  });
}
