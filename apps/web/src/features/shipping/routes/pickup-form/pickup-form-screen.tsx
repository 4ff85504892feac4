import { useMemo, useState } from 'react';
import { Paper, Select, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { PickupBodySchema, type Pickup, type Weekday } from '@merchant/catalogue';
import { href } from '@/app/route-table';
import { OpeningHoursFields, weeklyHoursOf, type DayHours, type WeeklyHours } from '@/components/form/opening-hours-fields';
import { SwitchRow } from '@/components/form/switch-row';
import { useZodForm } from '@/components/form/use-zod-form';
import { PageFrame } from '@/components/page-frame';
import { QueryPage } from '@/components/query-status';
import { EditForm } from '@/components/sub-header-bar/edit-form';
import { notifySuccess } from '@/lib/notify';
import { useCanChange } from '@/lib/session';
import { activeLocationsQuery, pickupQuery, useSavePickup } from '@/features/shipping/api/shipping-api';

type Values = { location_id: string; name: string; hours: WeeklyHours; instructions: string; active: boolean };

const DEFAULT_DAY = { opens: '10:00', closes: '18:00' };

const valuesOf = (pickup: Pickup | undefined): Values => ({
  location_id: pickup?.location.id ?? '',
  name: pickup?.name ?? '',
  hours: weeklyHoursOf(pickup?.hours, DEFAULT_DAY),
  instructions: pickup?.instructions ?? '',
  active: pickup?.active ?? true,
});

/** Create (no id in the path) and edit (the pickup's id) of a pickup point at one of the business's locations. */
export function Component() {
  const { business_id: businessId = '', pickup: id } = useParams();
  const pickup = useQuery({ ...pickupQuery(businessId, id ?? ''), enabled: id !== undefined });
  const title = id ? 'Edit pickup point' : 'Create pickup point';
  if (id && !pickup.data) return <QueryPage title={title} query={pickup} loadingLabel="Loading the pickup point" />;
  return <PickupForm key={pickup.data?.id ?? 'new'} businessId={businessId} pickup={pickup.data} title={title} />;
}

function PickupForm({ businessId, pickup, title }: { businessId: string; pickup: Pickup | undefined; title: string }) {
  const navigate = useNavigate();
  const mayChange = useCanChange(businessId, 'store:manage');
  const locations = useQuery(activeLocationsQuery(businessId));
  const [start] = useState(() => valuesOf(pickup));
  const form = useZodForm(PickupBodySchema, start);
  const save = useSavePickup(businessId, pickup?.id);
  const list = href('online-store.shipping-pickup', { business_id: businessId });
  const { values, errors, setValues } = form;
  const dirty = JSON.stringify(values) !== JSON.stringify(start);
  const options = useMemo(() => {
    const active = (locations.data?.data ?? []).map((l) => ({ value: l.id, label: l.name }));
    // A pickup at a location archived since keeps it on the list.
    return pickup && !active.some((o) => o.value === pickup.location.id) ? [{ value: pickup.location.id, label: pickup.location.name }, ...active] : active;
  }, [locations.data, pickup]);

  const setDay = (day: Weekday, hours: DayHours) => {
    setValues((v) => ({ ...v, hours: { ...v.hours, [day]: hours } }));
    form.setErrors(Object.fromEntries(Object.entries(errors).filter(([path]) => !path.startsWith(`hours.${day}`))));
  };

  const submit = form.onSubmit((body) =>
    save.mutate(body, {
      onSuccess: (saved) => {
        notifySuccess(pickup ? `${saved.name} saved.` : `${saved.name} added.`);
        void navigate(list);
      },
      onError: form.handleServerError,
    }),
  );

  return (
    <PageFrame title={title} description={pickup ? pickup.name : 'A place where customers collect their online orders: one of your locations.'}>
      <EditForm dirty={dirty} saving={save.isPending} onSave={submit} backTo={list} saveLabel={pickup ? 'Save' : 'Create pickup point'} readOnly={!mayChange}>
        <Stack gap="md" maw={760}>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="pickup-details">
            <Stack gap="md">
              <Title order={2} size="h4" id="pickup-details">
                Details
              </Title>
              <Select
                {...form.field('location_id')}
                label="Location"
                description={options.length === 0 && locations.isSuccess ? 'Add a location first (Locations in the menu)' : 'Where the orders are collected'}
                data={options}
                searchable
                allowDeselect={false}
                required
              />
              <TextInput {...form.field('name')} label="Name" description="What the checkout shows: Collect at Roastery" required autoComplete="off" />
              <Textarea
                {...form.field('instructions')}
                label="Instructions (optional)"
                description="Shown to the customer: where to go, what to bring"
                autosize
                minRows={2}
              />
              <SwitchRow
                label="Offered at checkout"
                description="Turn it off to stop offering it without deleting it"
                checked={values.active}
                onChange={(e) => {
                  const active = e.currentTarget.checked;
                  setValues((v) => ({ ...v, active }));
                }}
                disabled={!mayChange}
              />
            </Stack>
          </Paper>
          <OpeningHoursFields
            id="pickup-hours"
            title="Pickup hours"
            hint="Untick the days orders cannot be collected."
            field="hours"
            value={values.hours}
            errors={errors}
            newDay={DEFAULT_DAY}
            onDay={setDay}
          />
        </Stack>
      </EditForm>
    </PageFrame>
  );
}
