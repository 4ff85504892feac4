import { Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMemo, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { formatMoneyWithCode } from '@merchant/core';
import { READER_MODELS, READER_MODEL_LABELS, readerUnitPrice, type ReaderModel } from '@merchant/pos';
import { href } from '@/app/route-table';
import { NumberField } from '@/components/form/number-field';
import { useFormFields } from '@/components/form/form-fields';
import { LoadingScreen } from '@/components/loading-screen';
import { PageFrame } from '@/components/page-frame';
import { EditForm } from '@/components/sub-header-bar/edit-form';
import { notifySuccess } from '@/lib/notify';
import { useBusiness } from '@/lib/session';
import { useCreateOrder } from '@/features/terminals/api/terminals-api';

const MODEL_NOTES: Record<ReaderModel, string> = {
  countertop_c1: 'Stays at the counter, with a printer and a large screen',
  mobile_m2: 'Pocket-sized, pairs with a phone or tablet',
};

type OrderFormValues = {
  quantities: Record<ReaderModel, number | null>;
  shipping: { recipient: string; line1: string; line2: string; city: string; state: string; postal_code: string };
};

/** "Order readers": how many of each model, and where to ship them; priced in the business's currency. */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const business = useBusiness(businessId);
  if (!business.data) return <LoadingScreen />;
  return (
    <PageFrame title="Order readers" description="Readers arrive paired with nothing: pair each with the code it shows when you first turn it on.">
      <OrderForm businessId={businessId} currency={business.data.currency} />
    </PageFrame>
  );
}

function OrderForm({ businessId, currency }: { businessId: string; currency: string }) {
  const navigate = useNavigate();
  const initial = useMemo<OrderFormValues>(
    () => ({
      quantities: { countertop_c1: 0, mobile_m2: 0 },
      shipping: { recipient: '', line1: '', line2: '', city: '', state: '', postal_code: '' },
    }),
    [],
  );
  const form = useFormFields(initial);
  const create = useCreateOrder(businessId);
  const { values } = form;
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  const items = READER_MODELS.filter((m) => (values.quantities[m] ?? 0) > 0).map((m) => ({ model: m, quantity: values.quantities[m]! }));
  const total = items.reduce((sum, i) => sum + (readerUnitPrice(i.model, currency) ?? 0) * i.quantity, 0);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (items.length === 0) {
      form.setErrors({ 'quantities.countertop_c1': 'Order at least one reader' });
      return;
    }
    create.mutate(
      { items, shipping: values.shipping },
      {
        onSuccess: (order) => {
          notifySuccess(`Order ${order.number} placed.`);
          void navigate(href('pos.terminals-order', { business_id: businessId, terminal_order_id: order.id }));
        },
        onError: (error) => form.handleServerError(error),
      },
    );
  };

  return (
    <EditForm dirty={dirty} saving={create.isPending} onSave={submit} backTo={href('pos.terminals', { business_id: businessId })} saveLabel="Place order">
      <Stack gap="lg" maw={720}>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="order-readers">
          <Stack gap="md">
            <Title order={2} size="h4" id="order-readers">
              Readers
            </Title>
            {READER_MODELS.map((model) => {
              const price = readerUnitPrice(model, currency);
              return (
                <NumberField
                  key={model}
                  {...form.number(`quantities.${model}`)}
                  label={`${READER_MODEL_LABELS[model]} (${price === null ? 'not sold in your currency' : `${formatMoneyWithCode(price, currency)} each`})`}
                  description={MODEL_NOTES[model]}
                  min={0}
                  max={50}
                  disabled={price === null}
                />
              );
            })}
            <Text fw={600} aria-live="polite">
              Total: {formatMoneyWithCode(total, currency)}
            </Text>
          </Stack>
        </Paper>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="order-shipping">
          <Stack gap="md">
            <Title order={2} size="h4" id="order-shipping">
              Ship to
            </Title>
            <TextInput {...form.field('shipping.recipient')} label="Recipient" required />
            <TextInput {...form.field('shipping.line1')} label="Address line 1" required />
            <TextInput {...form.field('shipping.line2')} label="Address line 2 (optional)" />
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput {...form.field('shipping.city')} label="City" required />
              <TextInput {...form.field('shipping.state')} label="State (optional)" />
              <TextInput {...form.field('shipping.postal_code')} label="Postal code" required />
            </SimpleGrid>
          </Stack>
        </Paper>
      </Stack>
    </EditForm>
  );
}
