import { useState } from 'react';
import { Paper, Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { CURRENCIES } from '@merchant/core';
import { ProductBodySchema, type Product } from '@merchant/payments';
import { href } from '@/app/route-table';
import { ErrorState } from '@/components/error-state';
import { useZodForm } from '@/components/form/use-zod-form';
import { LoadingScreen } from '@/components/loading-screen';
import { MoneyInput } from '@/components/money-input';
import { PageFrame } from '@/components/page-frame';
import { NotFound } from '@/components/status-page';
import { EditForm } from '@/components/sub-header-bar/edit-form';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { notifySuccess } from '@/lib/notify';
import { useBusiness } from '@/lib/session';
import { productQuery, useSaveProduct } from '@/features/products/api/products-api';

const CURRENCY_OPTIONS = CURRENCIES.map((c) => ({ value: c.code, label: `${c.code.toUpperCase()} · ${c.name}` }));

type Values = { name: string; description: string; price: { amount: number | null; currency: string } };

const valuesOf = (p: Product | null, currency: string): Values => ({
  name: p?.name ?? '',
  description: p?.description ?? '',
  price: { amount: p?.price.amount ?? null, currency: p?.price.currency ?? currency },
});

/** Create product and edit product: one form (the routes products-create and products-edit). */
export function Component() {
  const { business_id: businessId = '', product: productId } = useParams();
  const business = useBusiness(businessId);
  const product = useQuery({ ...productQuery(businessId, productId ?? ''), enabled: productId !== undefined });
  const listHref = href('payments.products', { business_id: businessId });
  if (product.isError) {
    if (product.error instanceof ApiError && product.error.status === 404) return <NotFound homeHref={listHref} />;
    return <ErrorState message={errorMessage(product.error)} onRetry={() => void product.refetch()} />;
  }
  if (!business.data || (productId !== undefined && !product.data)) return <LoadingScreen />;
  return (
    <ProductForm
      key={product.data?.id ?? 'new'}
      businessId={businessId}
      product={product.data ?? null}
      initial={valuesOf(product.data ?? null, business.data.currency)}
      listHref={listHref}
    />
  );
}

function ProductForm({ businessId, product, initial, listHref }: { businessId: string; product: Product | null; initial: Values; listHref: string }) {
  const navigate = useNavigate();
  // The values as loaded: what the form compares with to know whether there is anything to save.
  const [start] = useState(initial);
  const form = useZodForm(ProductBodySchema, start);
  const save = useSaveProduct(businessId, product?.id ?? null);
  const dirty = JSON.stringify(form.values) !== JSON.stringify(start);
  const title = product ? 'Edit product' : 'New product';

  const submit = form.onSubmit((body) =>
    save.mutate(body, {
      onSuccess: (saved) => {
        notifySuccess(product ? `${saved.name} saved.` : `${saved.name} added to your products.`);
        form.reset(valuesOf(saved, saved.price.currency));
        void navigate(listHref);
      },
      onError: form.handleServerError,
    }),
  );

  const setPrice = (price: Partial<Values['price']>) => {
    form.setValues((v) => ({ ...v, price: { ...v.price, ...price } }));
    form.setErrors(Object.fromEntries(Object.entries(form.errors).filter(([path]) => !path.startsWith('price'))));
  };

  return (
    <PageFrame title={product ? product.name : title} description="The name and price people see when you ask them to pay for it.">
      <EditForm dirty={dirty} saving={save.isPending} onSave={submit} backTo={listHref} saveLabel={product ? 'Save product' : 'Add product'}>
        <Stack gap="lg" maw={720}>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
            <Stack gap="md">
              <TextInput {...form.field('name')} label="Name" required autoComplete="off" />
              <Textarea {...form.field('description')} label="Description" autosize minRows={2} maxRows={8} />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <MoneyInput {...form.money('price.amount', form.values.price.currency)} label="Price" required />
                <Select
                  label="Currency"
                  name="price.currency"
                  data={CURRENCY_OPTIONS}
                  searchable
                  allowDeselect={false}
                  value={form.values.price.currency}
                  onChange={(currency) => setPrice({ currency: currency ?? form.values.price.currency })}
                  error={form.errors['price.currency']}
                  required
                />
              </SimpleGrid>
            </Stack>
          </Paper>
        </Stack>
      </EditForm>
    </PageFrame>
  );
}
