import { Alert, Button, Checkbox, Group, Modal, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { BookingServiceBodySchema, type BookingService } from '@merchant/catalogue';
import { useFormFields } from '@/components/form/form-fields';
import { NumberField } from '@/components/form/number-field';
import { SwitchRow } from '@/components/form/switch-row';
import { zodIssuesToErrors } from '@/components/form/use-zod-form';
import { MoneyInput } from '@/components/money-input';
import { showErrorsIn } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { useSaveBookingService } from '@/features/booking/api/booking-api';

type ServiceValues = {
  name: string;
  description: string;
  duration_minutes: number | null;
  buffer_minutes: number | null;
  price: number | null;
  active: boolean;
  staff_ids: string[];
};

const valuesOf = (service: BookingService | undefined, defaultStaff: string[]): ServiceValues => ({
  name: service?.name ?? '',
  description: service?.description ?? '',
  duration_minutes: service?.duration_minutes ?? 60,
  buffer_minutes: service?.buffer_minutes ?? 0,
  price: service?.price ?? 0,
  active: service?.active ?? true,
  staff_ids: service?.staff.map((s) => s.id) ?? defaultStaff,
});

const bodyOf = (v: ServiceValues) => ({
  name: v.name,
  description: v.description,
  duration_minutes: v.duration_minutes ?? 0,
  buffer_minutes: v.buffer_minutes ?? 0,
  price: v.price ?? 0,
  active: v.active,
  staff_ids: v.staff_ids,
});

/** Create or edit a booking service in a dialog: name, description, duration, buffer, price and the staff who give it. */
export function ServiceDialog(props: {
  businessId: string;
  currency: string;
  staff: { id: string; name: string }[];
  service: BookingService | undefined;
  opened: boolean;
  onClose: () => void;
}) {
  const title = props.service ? `Edit ${props.service.name}` : 'Create service';
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={title} centered size="lg">
      {props.opened ? <ServiceForm {...props} /> : null}
    </Modal>
  );
}

function ServiceForm({ businessId, currency, staff, service, onClose }: Parameters<typeof ServiceDialog>[0]) {
  const form = useFormFields(valuesOf(service, staff.length === 1 ? [staff[0]!.id] : []));
  const { values, errors, setErrors, setValues } = form;
  const save = useSaveBookingService(businessId, service?.id);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = BookingServiceBodySchema.safeParse(bodyOf(values));
    if (!parsed.success) return setErrors(zodIssuesToErrors(parsed.error));
    save.mutate(bodyOf(values), {
      onSuccess: (saved) => {
        notifySuccess(`${saved.name} saved.`);
        onClose();
      },
      onError: showErrorsIn(setErrors),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput {...form.field('name')} label="Name" required />
        <Textarea {...form.field('description')} label="Description" description="Shown on your booking page" autosize minRows={2} />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <NumberField {...form.number('duration_minutes')} label="Duration (minutes)" required min={5} max={480} />
          <NumberField {...form.number('buffer_minutes')} label="Buffer after (minutes)" description="Kept free after each booking" min={0} max={240} />
          <MoneyInput {...form.money('price', currency)} label="Price" description="Paid at the appointment; 0 is free" required />
        </SimpleGrid>
        <Checkbox.Group
          label="Staff who give it"
          value={values.staff_ids}
          onChange={(ids) => {
            setValues((v) => ({ ...v, staff_ids: ids }));
            setErrors(Object.fromEntries(Object.entries(errors).filter(([path]) => path !== 'staff_ids')));
          }}
          error={errors.staff_ids}
          required
        >
          <Stack gap="xs" mt="xs">
            {staff.map((m) => (
              <Checkbox key={m.id} value={m.id} label={m.name} />
            ))}
          </Stack>
        </Checkbox.Group>
        <SwitchRow
          label="Bookable"
          description="Customers see it on your booking page"
          checked={values.active}
          onChange={(e) => {
            const active = e.currentTarget.checked;
            setValues((v) => ({ ...v, active }));
          }}
        />
        {errors.form ? <Alert color="red">{errors.form}</Alert> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {service ? 'Save service' : 'Create service'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
