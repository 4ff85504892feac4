import { Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { ORDER_FORM_FIELDS, type OrderFormField, type OrderFormMode, type OrderFormSettings } from '@merchant/catalogue';
import { PageFrame } from '@/components/page-frame';
import { QueryPage } from '@/components/query-status';
import { EditForm } from '@/components/sub-header-bar/edit-form';
import { errorMessage } from '@/lib/error-message';
import { notifySuccess } from '@/lib/notify';
import { canChange, useBusiness } from '@/lib/session';
import { orderFormQuery, useSaveOrderForm } from '@/features/pos-orders/api/pos-orders-api';

const TITLE = 'Order form customisation';
const FIELD_LABELS: Record<OrderFormField, string> = { customer: 'Customer', table_number: 'Table number', note: 'Note' };
const MODE_OPTIONS: { value: OrderFormMode; label: string }[] = [
  { value: 'off', label: 'Not asked' },
  { value: 'optional', label: 'Asked, optional' },
  { value: 'required', label: 'Required' },
];
const isMode = (v: string | null): v is OrderFormMode => v === 'off' || v === 'optional' || v === 'required';

/** Which fields the register asks for with a sale (customer, table number, note) and which it requires. */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const settings = useQuery(orderFormQuery(businessId));
  if (!settings.data) return <QueryPage title={TITLE} query={settings} loadingLabel="Loading the order form" />;
  return <OrderForm key={JSON.stringify(settings.data)} businessId={businessId} settings={settings.data} />;
}

function OrderForm({ businessId, settings }: { businessId: string; settings: OrderFormSettings }) {
  const business = useBusiness(businessId);
  const save = useSaveOrderForm(businessId);
  const [values, setValues] = useState<OrderFormSettings>(settings);
  const [error, setError] = useState<string | undefined>();
  const dirty = ORDER_FORM_FIELDS.some((f) => values[f] !== settings[f]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate(values, { onSuccess: () => notifySuccess('Order form saved.'), onError: (e) => setError(errorMessage(e)) });
  };

  return (
    <PageFrame title={TITLE} description="Choose what the register asks for with each sale. A required field must be filled before the sale is taken.">
      <EditForm dirty={dirty} saving={save.isPending} onSave={submit} readOnly={!canChange(business.data, 'pos:manage')}>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="order-form-fields" maw={720}>
          <Stack gap="md">
            <Title order={2} size="h4" id="order-form-fields">
              Fields of a sale
            </Title>
            {ORDER_FORM_FIELDS.map((field) => (
              <Select
                key={field}
                label={FIELD_LABELS[field]}
                data={MODE_OPTIONS}
                value={values[field]}
                onChange={(v) => {
                  if (isMode(v)) setValues({ ...values, [field]: v });
                  setError(undefined);
                }}
                allowDeselect={false}
              />
            ))}
            {error ? (
              <Text c="red" size="sm" role="alert">
                {error}
              </Text>
            ) : null}
          </Stack>
        </Paper>
      </EditForm>
    </PageFrame>
  );
}
