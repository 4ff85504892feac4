import { Checkbox, Group, Paper, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconArchive, IconArchiveOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { CreateLocationBodySchema, WEEKDAYS, type Location, type Weekday } from '@merchant/catalogue';
import { href } from '@/app/route-table';
import { AddressFields } from '@/components/address-fields';
import { useZodForm } from '@/components/form/use-zod-form';
import { TimeZoneSelect } from '@/components/time-zone-select';
import { LoadingScreen } from '@/components/loading-screen';
import { PageFrame } from '@/components/page-frame';
import { QueryPage } from '@/components/query-status';
import { EditForm } from '@/components/sub-header-bar/edit-form';
import { errorMessage } from '@/lib/error-message';
import { notifyError, notifySuccess } from '@/lib/notify';
import { canChange, useBusiness } from '@/lib/session';
import { locationQuery, useCreateLocation, useSetLocationStatus, useUpdateLocation } from '@/features/locations/api/locations-api';
import { useLocationRoutes } from '@/features/locations/components/location-routes';

type Hours = { opens: string; closes: string } | null;
type Values = {
  name: string;
  address: { line1: string; line2: string; city: string; state: string; postal_code: string };
  phone: string;
  opening_hours: Record<Weekday, Hours>;
  time_zone: string;
  receipt_header: string;
  receipt_footer: string;
};

const DAY_NAMES: Record<Weekday, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};
const DEFAULT_DAY = { opens: '09:00', closes: '18:00' };

function valuesOf(location: Location | undefined, timeZone: string): Values {
  const hours = Object.fromEntries(WEEKDAYS.map((d) => [d, location ? (location.opening_hours[d] ?? null) : d === 'sunday' ? null : DEFAULT_DAY])) as Record<
    Weekday,
    Hours
  >;
  const a = location?.address;
  return {
    name: location?.name ?? '',
    address: { line1: a?.line1 ?? '', line2: a?.line2 ?? '', city: a?.city ?? '', state: a?.state ?? '', postal_code: a?.postal_code ?? '' },
    phone: location?.phone ?? '',
    opening_hours: hours,
    time_zone: location?.time_zone ?? timeZone,
    receipt_header: location?.receipt_header ?? '',
    receipt_footer: location?.receipt_footer ?? '',
  };
}

/** Create (no id in the path) and edit (the location's id) of a location. */
export function Component() {
  const { business_id: businessId = '', b_location: id } = useParams();
  const business = useBusiness(businessId);
  const location = useQuery({ ...locationQuery(businessId, id ?? ''), enabled: id !== undefined });
  const title = id ? 'Edit location' : 'Create location';
  if (!business.data) return <LoadingScreen />;
  if (id && !location.data) return <QueryPage title={title} query={location} loadingLabel="Loading the location" />;
  return <LocationPage key={location.data?.id ?? 'new'} businessId={businessId} location={location.data} timeZone={business.data.time_zone} title={title} />;
}

function LocationPage({ businessId, location, timeZone, title }: { businessId: string; location: Location | undefined; timeZone: string; title: string }) {
  const navigate = useNavigate();
  const routes = useLocationRoutes();
  const business = useBusiness(businessId);
  const mayChange = canChange(business.data, 'catalogue:manage');
  const initial = useMemo(() => valuesOf(location, timeZone), [location, timeZone]);
  const form = useZodForm(CreateLocationBodySchema, initial);
  const create = useCreateLocation(businessId);
  const update = useUpdateLocation(businessId, location?.id ?? '');
  const status = useSetLocationStatus(businessId, location?.id ?? '');
  const { values, setValues, errors } = form;
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  const list = href(routes.list, { business_id: businessId });

  const setDay = (day: Weekday, hours: Hours) => {
    setValues((v) => ({ ...v, opening_hours: { ...v.opening_hours, [day]: hours } }));
    form.setErrors(Object.fromEntries(Object.entries(errors).filter(([path]) => !path.startsWith(`opening_hours.${day}`))));
  };

  const save = form.onSubmit((body) => {
    const options = {
      onSuccess: () => {
        notifySuccess(location ? 'Location saved.' : 'Location added.');
        void navigate(list);
      },
      onError: form.handleServerError,
    };
    if (location) update.mutate(body, options);
    else create.mutate(body, options);
  });

  const archived = location?.status === 'archived';
  const toggle = () =>
    status.mutate(!archived, {
      onSuccess: () => notifySuccess(archived ? 'Location brought back.' : 'Location archived.'),
      onError: (error) => notifyError(errorMessage(error)),
    });

  return (
    <PageFrame
      title={title}
      description={location ? `${location.name}${archived ? ' (archived)' : ''}` : 'A shop, kiosk or warehouse where you sell or keep stock.'}
      actions={[
        location &&
          mayChange && {
            label: archived ? 'Bring back' : 'Archive',
            icon: archived ? <IconArchiveOff size={16} aria-hidden /> : <IconArchive size={16} aria-hidden />,
            onClick: toggle,
            loading: status.isPending,
            more: true,
          },
      ]}
    >
      <EditForm
        dirty={dirty}
        saving={create.isPending || update.isPending}
        onSave={save}
        backTo={list}
        saveLabel={location ? 'Save' : 'Create location'}
        readOnly={!mayChange}
      >
        <Stack gap="md" maw={760}>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="location-details">
            <Stack gap="md">
              <Title order={2} size="h4" id="location-details">
                Details
              </Title>
              <TextInput {...form.field('name')} label="Name" description="Unique among your locations" required autoFocus={!location} />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput {...form.field('phone')} type="tel" label="Phone (optional)" />
                <TimeZoneSelect field={form.field('time_zone')} current={initial.time_zone} description="Its opening hours and receipts follow it" />
              </SimpleGrid>
              <AddressFields field={(part) => form.field(`address.${part}`)} optional />
            </Stack>
          </Paper>

          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="location-hours">
            <Stack gap="sm">
              <Title order={2} size="h4" id="location-hours">
                Opening hours
              </Title>
              <Text size="sm" c="dimmed">
                Untick the days it is closed.
              </Text>
              {WEEKDAYS.map((day) => {
                const hours = values.opening_hours[day];
                const name = DAY_NAMES[day];
                return (
                  <Group key={day} gap="sm" align="flex-start" wrap="wrap">
                    <Checkbox
                      label={name}
                      checked={hours !== null}
                      onChange={(e) => setDay(day, e.currentTarget.checked ? DEFAULT_DAY : null)}
                      w={{ base: '100%', sm: 130 }}
                      mt={8}
                    />
                    {hours ? (
                      <>
                        <TextInput
                          type="time"
                          name={`opening_hours.${day}.opens`}
                          aria-label={`${name} opens`}
                          value={hours.opens}
                          onChange={(e) => setDay(day, { ...hours, opens: e.currentTarget.value })}
                          error={errors[`opening_hours.${day}.opens`]}
                          w={130}
                        />
                        <TextInput
                          type="time"
                          name={`opening_hours.${day}.closes`}
                          aria-label={`${name} closes`}
                          value={hours.closes}
                          onChange={(e) => setDay(day, { ...hours, closes: e.currentTarget.value })}
                          error={errors[`opening_hours.${day}.closes`]}
                          w={130}
                        />
                      </>
                    ) : (
                      <Text size="sm" c="dimmed" mt={8}>
                        Closed
                      </Text>
                    )}
                  </Group>
                );
              })}
            </Stack>
          </Paper>

          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="location-receipts">
            <Stack gap="md">
              <Title order={2} size="h4" id="location-receipts">
                Receipts
              </Title>
              <Textarea {...form.field('receipt_header')} label="Header (optional)" description="Printed above the lines" autosize minRows={2} />
              <Textarea {...form.field('receipt_footer')} label="Footer (optional)" description="Printed below the total" autosize minRows={2} />
            </Stack>
          </Paper>
        </Stack>
      </EditForm>
    </PageFrame>
  );
}
