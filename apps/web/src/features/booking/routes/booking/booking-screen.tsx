import { useState } from 'react';
import { Button, Group, Stack, Tabs, Text } from '@mantine/core';
import { IconCalendarEvent, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { formatMoneyWithCode } from '@merchant/core';
import type { Booking, BookingService } from '@merchant/catalogue';
import { DataList } from '@/components/data-list';
import { EmptyState } from '@/components/empty-state';
import { PageFrame } from '@/components/page-frame';
import { QueryStatus } from '@/components/query-status';
import { StatusBadge } from '@/components/status-badge';
import { TimeZoneNote } from '@/components/time-zone-note';
import { businessToday, formatBusinessDateTime } from '@/lib/format';
import { modals } from '@/lib/modals';
import { notifySuccess } from '@/lib/notify';
import { canChange, useBusiness } from '@/lib/session';
import { bookingServicesQuery, bookingStaffQuery, bookingsQuery, useCancelBooking } from '@/features/booking/api/booking-api';
import { ServiceDialog } from '@/features/booking/components/service-dialog';
import { StaffAvailability } from '@/features/booking/components/staff-availability';

/** Booking (online-store/booking): upcoming bookings with cancel, the services, and each staff member's hours and time off. */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const business = useBusiness(businessId);
  const zone = business.data?.time_zone ?? 'UTC';
  const mayChange = canChange(business.data, 'store:manage');
  const [tab, setTab] = useState<string | null>('bookings');
  return (
    <PageFrame title="Booking" description="Services customers book on your store, the hours your staff give them, and the bookings made.">
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="bookings">Bookings</Tabs.Tab>
          <Tabs.Tab value="services">Services</Tabs.Tab>
          <Tabs.Tab value="availability">Availability</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="bookings" pt="md">
          <BookingsPanel businessId={businessId} zone={zone} mayChange={mayChange} />
        </Tabs.Panel>
        <Tabs.Panel value="services" pt="md">
          <ServicesPanel businessId={businessId} currency={business.data?.currency ?? 'sgd'} mayChange={mayChange} />
        </Tabs.Panel>
        <Tabs.Panel value="availability" pt="md">
          <AvailabilityPanel businessId={businessId} zone={zone} mayChange={mayChange} />
        </Tabs.Panel>
      </Tabs>
    </PageFrame>
  );
}

function BookingsPanel({ businessId, zone, mayChange }: { businessId: string; zone: string; mayChange: boolean }) {
  const bookings = useQuery(bookingsQuery(businessId, { from: businessToday(zone), status: 'confirmed', limit: 100 }));
  const cancel = useCancelBooking(businessId);
  const confirmCancel = (b: Booking) =>
    modals.openConfirmModal({
      title: 'Cancel booking',
      children: (
        <Text size="sm">
          Cancel the booking of {b.customer.name} for {b.service.name} on {formatBusinessDateTime(b.start, zone)}? We mail {b.customer.email} that it is
          cancelled, and the time is free again.
        </Text>
      ),
      labels: { confirm: 'Cancel booking', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () => cancel.mutate(b.id, { onSuccess: () => notifySuccess('Booking cancelled. The customer was mailed.') }),
    });
  if (!bookings.data) return <QueryStatus query={bookings} loadingLabel="Loading bookings" />;
  const rows = bookings.data.data;
  return (
    <Stack gap="sm" component="section" aria-label="Upcoming bookings">
      <TimeZoneNote zone={zone} />
      {rows.length === 0 ? (
        <EmptyState
          headingOrder={2}
          icon={<IconCalendarEvent aria-hidden />}
          title="No upcoming bookings"
          description="Bookings customers make on your store show here."
        />
      ) : (
        <DataList
          label="Upcoming bookings"
          rows={rows}
          rowKey={(b) => b.id}
          columns={[
            { header: 'When', card: 'title', nowrap: true, cell: (b) => formatBusinessDateTime(b.start, zone) },
            { header: 'Service', card: 'secondary', cell: (b) => `${b.service.name} with ${b.staff.name}` },
            { header: 'Customer', cell: (b) => `${b.customer.name} · ${b.customer.email}${b.customer.phone ? ` · ${b.customer.phone}` : ''}` },
            { header: 'Status', card: 'status', nowrap: true, cell: (b) => <StatusBadge kind="booking" status={b.status} /> },
            ...(mayChange
              ? [
                  {
                    header: 'Actions',
                    nowrap: true,
                    cell: (b: Booking) => (
                      <Button
                        variant="default"
                        color="red"
                        size="compact-sm"
                        onClick={() => confirmCancel(b)}
                        aria-label={`Cancel the booking of ${b.customer.name}`}
                      >
                        Cancel
                      </Button>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
    </Stack>
  );
}

function ServicesPanel({ businessId, currency, mayChange }: { businessId: string; currency: string; mayChange: boolean }) {
  const services = useQuery(bookingServicesQuery(businessId));
  const staff = useQuery(bookingStaffQuery(businessId));
  const [editing, setEditing] = useState<{ service: BookingService | undefined } | null>(null);
  if (!services.data) return <QueryStatus query={services} loadingLabel="Loading services" />;
  const create = mayChange ? (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ service: undefined })}>
      Create service
    </Button>
  ) : undefined;
  return (
    <Stack gap="sm" component="section" aria-label="Services">
      {services.data.data.length === 0 ? (
        <EmptyState
          headingOrder={2}
          icon={<IconCalendarEvent aria-hidden />}
          title="No services yet"
          description="Add a service customers can book: its duration, price and who gives it."
          action={create}
        />
      ) : (
        <>
          {create ? <Group justify="flex-end">{create}</Group> : null}
          <DataList
            label="Services"
            rows={services.data.data}
            rowKey={(s) => s.id}
            columns={[
              { header: 'Service', card: 'title', cell: (s) => s.name },
              { header: 'Duration', nowrap: true, cell: (s) => `${s.duration_minutes} min${s.buffer_minutes ? ` + ${s.buffer_minutes} min buffer` : ''}` },
              { header: 'Price', card: 'amount', nowrap: true, cell: (s) => (s.price > 0 ? formatMoneyWithCode(s.price, s.currency) : 'Free') },
              { header: 'Staff', card: 'secondary', cell: (s) => s.staff.map((m) => m.name).join(', ') },
              { header: 'Status', card: 'status', nowrap: true, cell: (s) => <StatusBadge kind="bookingService" status={s.active ? 'active' : 'inactive'} /> },
              ...(mayChange
                ? [
                    {
                      header: 'Actions',
                      nowrap: true,
                      cell: (s: BookingService) => (
                        <Button variant="default" size="compact-sm" onClick={() => setEditing({ service: s })} aria-label={`Edit ${s.name}`}>
                          Edit
                        </Button>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        </>
      )}
      <ServiceDialog
        businessId={businessId}
        currency={currency}
        staff={staff.data?.data ?? []}
        service={editing?.service}
        opened={editing !== null}
        onClose={() => setEditing(null)}
      />
    </Stack>
  );
}

function AvailabilityPanel({ businessId, zone, mayChange }: { businessId: string; zone: string; mayChange: boolean }) {
  const staff = useQuery(bookingStaffQuery(businessId));
  if (!staff.data) return <QueryStatus query={staff} loadingLabel="Loading staff" />;
  return (
    <Stack gap="md">
      <TimeZoneNote zone={zone} />
      {staff.data.data.map((m) => (
        <StaffAvailability key={`${m.id}-${JSON.stringify(m.ranges)}`} businessId={businessId} member={m} zone={zone} mayChange={mayChange} />
      ))}
    </Stack>
  );
}
