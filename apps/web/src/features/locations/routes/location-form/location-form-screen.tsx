import { Paper, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { IconArchive, IconArchiveOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { CreateLocationBodySchema, type Location, type Weekday } from '@merchant/catalogue';
import { href } from '@/app/route-table';
import { AddressFields } from '@/components/address-fields';
import { OpeningHoursFields, weeklyHoursOf, type DayHours, type WeeklyHours } from '@/components/form/opening-hours-fields';
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

type Values = {
  name: string;
  address: { line1: string; line2: string; city: string; state: string; postal_code: string };
  phone: string;
  opening_hours: WeeklyHours;
  time_zone: string;
  receipt_header: string;
  receipt_footer: string;
};

const DEFAULT_DAY = { opens: '09:00', closes: '18:00' };

function valuesOf(location: Location | undefined, timeZone: string): Values {
  const a = location?.address;
  return {
    name: location?.name ?? '',
    address: { line1: a?.line1 ?? '', line2: a?.line2 ?? '', city: a?.city ?? '', state: a?.state ?? '', postal_code: a?.postal_code ?? '' },
    phone: location?.phone ?? '',
    opening_hours: weeklyHoursOf(location?.opening_hours, DEFAULT_DAY),
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

  const setDay = (day: Weekday, hours: DayHours) => {
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

          <OpeningHoursFields
            id="location-hours"
            title="Opening hours"
            hint="Untick the days it is closed."
            field="opening_hours"
            value={values.opening_hours}
            errors={errors}
            newDay={DEFAULT_DAY}
            onDay={setDay}
          />

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
