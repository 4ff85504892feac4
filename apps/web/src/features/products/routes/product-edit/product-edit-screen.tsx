import { useState } from 'react';
import { Paper, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { PositiveMinorAmountSchema, formatMoneyWithCode } from '@merchant/core';
import { CreateProductBodySchema, type Product, type UpdateProductBody } from '@merchant/catalogue';
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

/** The payments screen edits a product's name, description and, when it has one variant, its price. */
const FormSchema = z.object({
  name: CreateProductBodySchema.shape.name,
  description: CreateProductBodySchema.shape.description,
  price: PositiveMinorAmountSchema.nullable(),
});

type Values = { name: string; description: string; price: number | null };

const valuesOf = (p: Product | null): Values => ({
  name: p?.name ?? '',
  description: p?.description ?? '',
  price: p && p.variants.length === 1 ? p.price.amount : null,
});

/** A single variant's change keeps its other fields; a product of several variants keeps its variants. */
function changeOf(product: Product, values: z.output<typeof FormSchema>): UpdateProductBody {
  const [only, ...more] = product.variants;
  if (!only || more.length > 0 || values.price === null) return { name: values.name, description: values.description };
  const variant = {
    id: only.id,
    option_values: only.option_values,
    price: values.price,
    compare_at_price: only.compare_at_price?.amount ?? null,
    cost: only.cost?.amount ?? null,
    sku: only.sku,
    barcode: only.barcode,
  };
  return { name: values.name, description: values.description, options: product.options, variants: [variant] };
}

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
      currency={product.data?.price.currency ?? business.data.currency}
      initial={valuesOf(product.data ?? null)}
      listHref={listHref}
    />
  );
}

function ProductForm({
  businessId,
  product,
  currency,
  initial,
  listHref,
}: {
  businessId: string;
  product: Product | null;
  currency: string;
  initial: Values;
  listHref: string;
}) {
  const navigate = useNavigate();
  // The values as loaded: what the form compares with to know whether there is anything to save.
  const [start] = useState(initial);
  const form = useZodForm(FormSchema, start);
  const save = useSaveProduct(businessId);
  const variants = product?.variants.length ?? 1;
  const dirty = JSON.stringify(form.values) !== JSON.stringify(start);
  const title = product ? 'Edit product' : 'New product';

  const submit = form.onSubmit((values) => {
    if (!product && values.price === null) {
      form.setErrors({ price: 'Enter an amount' });
      return;
    }
    const request = product
      ? { productId: product.id, body: changeOf(product, values) }
      : { productId: null, body: { name: values.name, description: values.description, variants: [{ price: values.price ?? 0 }] } };
    save.mutate(request, {
      onSuccess: (saved) => {
        notifySuccess(product ? `${saved.name} saved.` : `${saved.name} added to your products.`);
        form.reset(valuesOf(saved));
        void navigate(listHref);
      },
      onError: form.handleServerError,
    });
  });

  return (
    <PageFrame title={product ? product.name : title} description="The name and price people see when you ask them to pay for it.">
      <EditForm dirty={dirty} saving={save.isPending} onSave={submit} backTo={listHref} saveLabel={product ? 'Save product' : 'Add product'}>
        <Stack gap="lg" maw={720}>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
            <Stack gap="md">
              <TextInput {...form.field('name')} label="Name" required autoComplete="off" />
              <Textarea {...form.field('description')} label="Description" autosize minRows={2} maxRows={8} />
              {variants === 1 ? (
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <MoneyInput {...form.money('price', currency)} label="Price" required />
                </SimpleGrid>
              ) : (
                <Text size="sm" c="dimmed">
                  {`${variants} variants, from ${formatMoneyWithCode(product?.price.amount ?? 0, currency)}: their prices are set on each variant.`}
                </Text>
              )}
            </Stack>
          </Paper>
        </Stack>
      </EditForm>
    </PageFrame>
  );
}
