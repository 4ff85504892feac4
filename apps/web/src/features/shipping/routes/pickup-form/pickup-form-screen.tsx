import { useMemo, useState } from 'react';
import { Checkbox, Group, Paper, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { PickupBodySchema, WEEKDAYS, type Pickup, type Weekday } from '@merchant/catalogue';
import { href } from '@/app/route-table';
import { SwitchRow } from '@/components/form/switch-row';
import { useZodForm } from '@/components/form/use-zod-form';
import { PageFrame } from '@/components/page-frame';
import { QueryPage } from '@/components/query-status';
import { EditForm } from '@/components/sub-header-bar/edit-form';
import { notifySuccess } from '@/lib/notify';
import { useCanChange } from '@/lib/session';
import { activeLocationsQuery, pickupQuery, useSavePickup } from '@/features/shipping/api/shipping-api';

type Hours = { opens: string; closes: string } | null;
type Values = { location_id: string; name: string; hours: Record<Weekday, Hours>; instructions: string; active: boolean };

const DAY_NAMES: Record<Weekday, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};
const DEFAULT_DAY = { opens: '10:00', closes: '18:00' };

const valuesOf = (pickup: Pickup | undefined): Values => ({
  location_id: pickup?.location.id ?? '',
  name: pickup?.name ?? '',
  hours: Object.fromEntries(WEEKDAYS.map((d) => [d, pickup ? (pickup.hours[d] ?? null) : d === 'sunday' ? null : DEFAULT_DAY])) as Record<Weekday, Hours>,
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

  const setDay = (day: Weekday, hours: Hours) => {
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
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="pickup-hours">
            <Stack gap="sm">
              <Title order={2} size="h4" id="pickup-hours">
                Pickup hours
              </Title>
              <Text size="sm" c="dimmed">
                Untick the days orders cannot be collected.
              </Text>
              {WEEKDAYS.map((day) => {
                const hours = values.hours[day];
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
                          name={`hours.${day}.opens`}
                          aria-label={`${name} from`}
                          value={hours.opens}
                          onChange={(e) => setDay(day, { ...hours, opens: e.currentTarget.value })}
                          error={errors[`hours.${day}.opens`]}
                          w={130}
                        />
                        <TextInput
                          type="time"
                          name={`hours.${day}.closes`}
                          aria-label={`${name} until`}
                          value={hours.closes}
                          onChange={(e) => setDay(day, { ...hours, closes: e.currentTarget.value })}
                          error={errors[`hours.${day}.closes`]}
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
        </Stack>
      </EditForm>
    </PageFrame>
  );
}
