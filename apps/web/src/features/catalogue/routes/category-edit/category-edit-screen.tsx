import { useState } from 'react';
import { Paper, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { CategoryBodySchema, type Category } from '@merchant/catalogue';
import { useZodForm } from '@/components/form/use-zod-form';
import { ImagesField } from '@/components/images-field';
import { PageFrame } from '@/components/page-frame';
import { QueryPage } from '@/components/query-status';
import { EditForm } from '@/components/sub-header-bar/edit-form';
import { altTextChanges, imageValuesOf } from '@/lib/media';
import { notifySuccess } from '@/lib/notify';
import { useCanChange } from '@/lib/session';
import { categoryQuery, useSaveCategory } from '../../api/catalogue-api';
import { useCatalogueLinks } from '../../components/catalogue-routes';

/** Create a product category, or rename one. */
export function Component() {
  const { business_id: businessId = '', b_product_category: categoryId } = useParams();
  const category = useQuery({ ...categoryQuery(businessId, categoryId ?? ''), enabled: categoryId !== undefined });
  if (categoryId !== undefined && !category.data) return <QueryPage title="Edit product category" query={category} loadingLabel="Loading the category" />;
  return <CategoryForm key={category.data?.id ?? 'new'} businessId={businessId} category={category.data ?? null} />;
}

function CategoryForm({ businessId, category }: { businessId: string; category: Category | null }) {
  const navigate = useNavigate();
  const links = useCatalogueLinks(businessId);
  const [start, setStart] = useState({ name: category?.name ?? '' });
  const form = useZodForm(CategoryBodySchema, start);
  const [startImages, setStartImages] = useState(() => imageValuesOf(category?.image ? [category.image] : []));
  const [images, setImages] = useState(startImages);
  const readOnly = !useCanChange(businessId, 'catalogue:manage');
  const imageChanged = images[0]?.media_id !== startImages[0]?.media_id;
  const save = useSaveCategory(businessId);
  const back = (category ? links.category(category.id) : links.categories) ?? links.products;

  const submit = form.onSubmit((values) =>
    save.mutate(
      {
        categoryId: category?.id ?? null,
        name: values.name,
        image: {
          mediaId: imageChanged ? (images[0]?.media_id ?? null) : undefined,
          mediaIds: null,
          altTexts: altTextChanges(startImages, images),
        },
      },
      {
        onSuccess: (saved) => {
          notifySuccess(category ? `${saved.name} saved.` : `${saved.name} added to your categories.`);
          setStart({ name: saved.name });
          form.reset({ name: saved.name });
          setStartImages(images);
          void navigate(links.category(saved.id) ?? back);
        },
        onError: form.handleServerError,
      },
    ),
  );

  return (
    <PageFrame title={category ? `Edit ${category.name}` : 'New category'} description="Categories group products at the register and in the store.">
      <EditForm
        dirty={form.values.name !== start.name || JSON.stringify(images) !== JSON.stringify(startImages)}
        saving={save.isPending}
        onSave={submit}
        backTo={back}
        saveLabel={category ? 'Save category' : 'Add category'}
      >
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={560}>
          <Stack gap="md">
            <TextInput {...form.field('name')} label="Name" required autoComplete="off" description="Coffee, Beans, Merchandise" />
            <ImagesField
              businessId={businessId}
              label="Image"
              description="Shown for the category in the store."
              value={images}
              onChange={setImages}
              max={1}
              readOnly={readOnly}
            />
          </Stack>
        </Paper>
      </EditForm>
    </PageFrame>
  );
}
