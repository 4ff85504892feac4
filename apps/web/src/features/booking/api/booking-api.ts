import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bookingEndpoints, type BookingFilters, type BookingServiceBody, type StaffHoursBody, type TimeOffBody } from '@merchant/catalogue';
import { call } from '@/lib/api-client';
import { endpointQuery, endpointScope, invalidateEndpoints } from '@/lib/queries';

export const bookingServicesQuery = (businessId: string) => endpointQuery(bookingEndpoints.listServices, { params: { business_id: businessId } });
export const bookingStaffQuery = (businessId: string) => endpointQuery(bookingEndpoints.listStaff, { params: { business_id: businessId } });
export const bookingsQuery = (businessId: string, filters: BookingFilters) =>
  endpointQuery(bookingEndpoints.listBookings, { params: { business_id: businessId }, query: filters });

const invalidate = (client: ReturnType<typeof useQueryClient>, businessId: string) => {
  const params = { business_id: businessId };
  return invalidateEndpoints(client, [
    endpointScope(bookingEndpoints.listServices, { params }),
    endpointScope(bookingEndpoints.listStaff, { params }),
    endpointScope(bookingEndpoints.listBookings, { params }),
  ]);
};

/** The dialog shows field issues itself. */
export function useSaveBookingService(businessId: string, id: string | undefined) {
  const client = useQueryClient();
  const params = { business_id: businessId };
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: BookingServiceBody) =>
      id ? call(bookingEndpoints.updateService, { params: { ...params, service_id: id }, body }) : call(bookingEndpoints.createService, { params, body }),
    onSuccess: () => invalidate(client, businessId),
  });
}

export function useSaveHours(businessId: string, staffId: string) {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: StaffHoursBody) => call(bookingEndpoints.setHours, { params: { business_id: businessId, staff_id: staffId }, body }),
    onSuccess: () => invalidate(client, businessId),
  });
}

export function useAddTimeOff(businessId: string, staffId: string) {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (body: TimeOffBody) => call(bookingEndpoints.addTimeOff, { params: { business_id: businessId, staff_id: staffId }, body }),
    onSuccess: () => invalidate(client, businessId),
  });
}

export function useRemoveTimeOff(businessId: string, staffId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(bookingEndpoints.removeTimeOff, { params: { business_id: businessId, staff_id: staffId, time_off_id: id } }),
    onSuccess: () => invalidate(client, businessId),
  });
}

export function useCancelBooking(businessId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(bookingEndpoints.cancelBooking, { params: { business_id: businessId, booking_id: id } }),
    onSuccess: () => invalidate(client, businessId),
  });
}
