import { useState, type FormEvent } from 'react';
import { Checkbox, Group, Paper, Select, Stack, TextInput, Textarea, Title } from '@mantine/core';
import { IconArchive, IconRestore } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import {
  CreateProductBodySchema,
  MAX_PRODUCT_IMAGES,
  SALES_CHANNEL_LABELS,
  SALES_CHANNELS,
  UpdateProductBodySchema,
  type CreateProductBody,
  type Product,
  type SalesChannel,
  type UpdateProductBody,
} from '@merchant/catalogue';
import { ErrorState } from '@/components/error-state';
import { ImagesField } from '@/components/images-field';
import { useFormFields, type FormFields } from '@/components/form/form-fields';
import { zodIssuesToErrors, type FormErrors } from '@/components/form/use-zod-form';
import { LoadingScreen } from '@/components/loading-screen';
import { PageFrame } from '@/components/page-frame';
import { StatusBadge } from '@/components/status-badge';
import { NotFound } from '@/components/status-page';
import { EditForm } from '@/components/sub-header-bar/edit-form';
import { ApiError } from '@/lib/api-client';
import { errorMessage, fieldErrors } from '@/lib/error-message';
import { altTextChanges, imageValuesOf, type ImageValue } from '@/lib/media';
import { notifySuccess } from '@/lib/notify';
import { useBusiness, useCanChange } from '@/lib/session';
import { addOnGroupsQuery, categoriesQuery, productQuery, useSaveProduct, type ProductSave } from '../../api/catalogue-api';
import { useConfirmArchive } from '../../components/confirm-archive';
import { useCatalogueLinks } from '../../components/catalogue-routes';
import { missingPrices, optionErrors, optionsOf, valuesOf, variantBodies, variantsFor, type ProductValues } from '../../components/variants';
import { VariantFields } from './variant-fields';

/** Create product and edit product, in every section (payments, POS, online store): one form. */
export function Component() {
  const params = useParams();
  const businessId = params.business_id ?? '';
  const productId = params.b_product ?? params.product;
  const business = useBusiness(businessId);
  const links = useCatalogueLinks(businessId);
  const product = useQuery({ ...productQuery(businessId, productId ?? ''), enabled: productId !== undefined });
  if (product.isError) {
    if (product.error instanceof ApiError && (product.error.status === 404 || product.error.status === 422)) return <NotFound homeHref={links.products} />;
    return <ErrorState message={errorMessage(product.error)} onRetry={() => void product.refetch()} />;
  }
  if (!business.data || (productId !== undefined && !product.data)) return <LoadingScreen />;
  return (
    <ProductForm
      key={product.data?.id ?? 'new'}
      businessId={businessId}
      product={product.data ?? null}
      currency={product.data?.price.currency ?? business.data.currency}
      listHref={links.products}
    />
  );
}

/** What the form sends: the whole product when new; only what changed otherwise (options and variants together). */
function saveOf(
  product: Product | null,
  start: ProductValues,
  values: ProductValues,
  images: { start: ImageValue[]; now: ImageValue[] },
): { save: ProductSave } | { errors: FormErrors } {
  const order = images.now.map((i) => i.media_id);
  const imagesSave = {
    mediaIds: JSON.stringify(order) === JSON.stringify(images.start.map((i) => i.media_id)) ? null : order,
    altTexts: altTextChanges(images.start, images.now),
  };
  const options = optionsOf(values.options);
  const variants = variantBodies(variantsFor(options, values.variants));
  const fields = { name: values.name, description: values.description, channels: values.channels, category_id: values.category_id || null };
  const groupsChanged = JSON.stringify(values.add_on_group_ids) !== JSON.stringify(start.add_on_group_ids);
  if (!product) {
    const body: CreateProductBody = { ...fields, options, variants };
    const parsed = CreateProductBodySchema.safeParse(body);
    return parsed.success
      ? { save: { productId: null, body, groupIds: values.add_on_group_ids, images: imagesSave } }
      : { errors: zodIssuesToErrors(parsed.error) };
  }
  const variantsChanged = JSON.stringify([start.options, start.variants]) !== JSON.stringify([values.options, values.variants]);
  const body: UpdateProductBody = variantsChanged ? { ...fields, options, variants } : fields;
  const parsed = UpdateProductBodySchema.safeParse(body);
  return parsed.success
    ? { save: { productId: product.id, body, groupIds: groupsChanged ? values.add_on_group_ids : null, images: imagesSave } }
    : { errors: zodIssuesToErrors(parsed.error) };
}

function ProductForm({ businessId, product, currency, listHref }: { businessId: string; product: Product | null; currency: string; listHref: string }) {
  const navigate = useNavigate();
  const canManage = useCanChange(businessId, 'catalogue:manage');
  const canPrice = useCanChange(businessId, 'catalogue:pricing');
  const categories = useQuery(categoriesQuery(businessId));
  const groups = useQuery(addOnGroupsQuery(businessId));
  // The values as loaded: what the form compares with to know whether there is anything to save.
  const [start, setStart] = useState(() => valuesOf(product));
  const form = useFormFields<ProductValues>(start);
  const [startImages, setStartImages] = useState(() => imageValuesOf(product?.images ?? []));
  const [images, setImages] = useState(startImages);
  const save = useSaveProduct(businessId);
  const confirmArchive = useConfirmArchive(businessId);
  const dirty = JSON.stringify(form.values) !== JSON.stringify(start) || JSON.stringify(images) !== JSON.stringify(startImages);
  const readOnly = !canManage;

  const submit = (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    const values = { ...form.values, variants: variantsFor(optionsOf(form.values.options), form.values.variants) };
    form.setValues(values);
    const missing = missingPrices(values.variants);
    const made = saveOf(product, start, values, { start: startImages, now: images });
    if ('errors' in made || Object.keys(missing).length > 0) {
      form.setErrors(optionErrors({ ...('errors' in made ? made.errors : {}), ...missing }));
      return;
    }
    save.mutate(made.save, {
      onSuccess: (saved) => {
        notifySuccess(product ? `${saved.name} saved.` : `${saved.name} added to your products.`);
        const next = valuesOf(saved);
        setStart(next);
        form.reset(next);
        setStartImages(images);
        void navigate(listHref);
      },
      onError: (error) => {
        if (form.setServerErrors(optionErrors(fieldErrors(error)))) return;
        form.handleServerError(error);
      },
    });
  };

  const title = product ? product.name : 'New product';
  return (
    <PageFrame
      title={title}
      description={product ? <StatusBadge kind="product" status={product.status} /> : 'What you sell: its name, options, prices and where it is sold.'}
      actions={
        product && canManage
          ? [
              product.status === 'active'
                ? { label: 'Archive', icon: <IconArchive size={16} aria-hidden />, onClick: () => confirmArchive(product), more: true }
                : { label: 'Bring back', icon: <IconRestore size={16} aria-hidden />, onClick: () => confirmArchive(product) },
            ]
          : undefined
      }
    >
      <EditForm
        dirty={dirty}
        saving={save.isPending}
        onSave={submit}
        backTo={listHref}
        saveLabel={product ? 'Save product' : 'Add product'}
        readOnly={readOnly}
      >
        <Stack gap="lg" maw={880}>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
            <Stack gap="md">
              <TextInput {...form.field('name')} label="Name" required autoComplete="off" readOnly={readOnly} />
              <Textarea {...form.field('description')} label="Description" autosize minRows={2} maxRows={8} readOnly={readOnly} />
              <ImagesField
                businessId={businessId}
                label="Images"
                description="The first is the primary image: lists, the register and the store show it first."
                value={images}
                onChange={setImages}
                max={MAX_PRODUCT_IMAGES}
                readOnly={readOnly}
              />
            </Stack>
          </Paper>
          <VariantFields form={form} currency={currency} canEdit={canManage} canPrice={canPrice && canManage} />
          <Placement form={form} readOnly={readOnly} categories={categories.data?.data ?? []} groups={groups.data?.data ?? []} />
        </Stack>
      </EditForm>
    </PageFrame>
  );
}

function Placement({
  form,
  readOnly,
  categories,
  groups,
}: {
  form: FormFields<ProductValues>;
  readOnly: boolean;
  categories: { id: string; name: string }[];
  groups: { id: string; name: string; choices: unknown[] }[];
}) {
  const { values } = form;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="product-placement">
      <Stack gap="md">
        <Title order={2} size="h4" id="product-placement">
          Where it is sold
        </Title>
        <Checkbox.Group
          label="Channels"
          value={values.channels}
          onChange={(value) => !readOnly && form.setValues((v) => ({ ...v, channels: SALES_CHANNELS.filter((c) => value.includes(c)) as SalesChannel[] }))}
          error={form.errors.channels}
          withAsterisk
        >
          <Group gap="lg" mt={6}>
            {SALES_CHANNELS.map((c) => (
              <Checkbox key={c} value={c} label={SALES_CHANNEL_LABELS[c]} disabled={readOnly} />
            ))}
          </Group>
        </Checkbox.Group>
        <Select
          label="Category"
          placeholder="No category"
          searchable
          nothingFoundMessage="No category of that name"
          data={categories.map((c) => ({ value: c.id, label: c.name }))}
          value={values.category_id || null}
          onChange={(value) => form.setValues((v) => ({ ...v, category_id: value ?? '' }))}
          error={form.errors.category_id}
          clearable
          readOnly={readOnly}
          maw={420}
        />
        <Checkbox.Group
          label="Add-on groups"
          description={groups.length === 0 ? 'No add-on groups yet: make them under Customisation.' : 'Offered with this product, in this order.'}
          value={values.add_on_group_ids}
          onChange={(value) => !readOnly && form.setValues((v) => ({ ...v, add_on_group_ids: value }))}
        >
          <Group gap="lg" mt={6}>
            {groups.map((g) => (
              <Checkbox
                key={g.id}
                value={g.id}
                label={`${g.name} (${g.choices.length} ${g.choices.length === 1 ? 'choice' : 'choices'})`}
                disabled={readOnly}
              />
            ))}
          </Group>
        </Checkbox.Group>
      </Stack>
    </Paper>
  );
}
