import { useState } from 'react';
import { Anchor, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { modals } from '@/lib/modals';
import { IconExternalLink, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { slugOf, StorePageBodySchema, type StorePage } from '@merchant/catalogue';
import { href } from '@/app/route-table';
import { SwitchRow } from '@/components/form/switch-row';
import { useZodForm } from '@/components/form/use-zod-form';
import { PageFrame } from '@/components/page-frame';
import { QueryPage } from '@/components/query-status';
import { EditForm } from '@/components/sub-header-bar/edit-form';
import { notifySuccess } from '@/lib/notify';
import { storePageQuery, useRemoveStorePage, useSaveStorePage } from '@/features/store-pages/api/store-pages-api';

type Values = { title: string; slug: string; body: string; published: boolean };

const valuesOf = (p: StorePage | undefined): Values => ({ title: p?.title ?? '', slug: p?.slug ?? '', body: p?.body ?? '', published: p?.published ?? false });

/** Create (no id in the path) and edit (the page's id) of a content page of the store. */
export function Component() {
  const { business_id: businessId = '', b_page: id } = useParams();
  const page = useQuery({ ...storePageQuery(businessId, id ?? ''), enabled: id !== undefined });
  const title = id ? 'Edit page' : 'Create page';
  if (id && !page.data) return <QueryPage title={title} query={page} loadingLabel="Loading the page" />;
  return <PageForm key={page.data?.id ?? 'new'} businessId={businessId} page={page.data} title={title} />;
}

function PageForm({ businessId, page, title }: { businessId: string; page: StorePage | undefined; title: string }) {
  const navigate = useNavigate();
  const [start] = useState(() => valuesOf(page));
  const form = useZodForm(StorePageBodySchema, start);
  const save = useSaveStorePage(businessId, page?.id);
  const remove = useRemoveStorePage(businessId, page?.id ?? '');
  const list = href('online-store.pages', { business_id: businessId });
  const { values, setValues } = form;
  const dirty = JSON.stringify(values) !== JSON.stringify(start);
  // A new page's address follows its title until it is typed by hand.
  const [slugTouched, setSlugTouched] = useState(page !== undefined);

  const submit = form.onSubmit((body) =>
    save.mutate(body, {
      onSuccess: (saved) => {
        notifySuccess(page ? `${saved.title} saved.` : `${saved.title} added.`);
        void navigate(list);
      },
      onError: form.handleServerError,
    }),
  );

  const confirmRemove = () =>
    modals.openConfirmModal({
      title: 'Delete page',
      children: <Text size="sm">“{page?.title}” is deleted and its address on the store shows “Page not found”. This cannot be undone.</Text>,
      labels: { confirm: 'Delete page', cancel: 'Keep page' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(undefined, {
          onSuccess: () => {
            notifySuccess('Page deleted.');
            void navigate(list);
          },
        }),
    });

  return (
    <PageFrame
      title={title}
      description={
        page ? (
          <>
            {page.published ? 'Published at ' : 'A draft, to be published at '}
            {page.published ? (
              <Anchor href={page.url} target="_blank" rel="noopener noreferrer" size="sm">
                {page.url}
                <IconExternalLink size={14} aria-label="(opens in a new tab)" style={{ verticalAlign: 'middle', marginLeft: 4 }} />
              </Anchor>
            ) : (
              page.url
            )}
          </>
        ) : (
          'A page of your store, linked at the foot of every page once published.'
        )
      }
      actions={[page && { label: 'Delete page', danger: true, icon: <IconTrash size={16} aria-hidden />, onClick: confirmRemove, loading: remove.isPending }]}
    >
      <EditForm dirty={dirty} saving={save.isPending} onSave={submit} backTo={list} saveLabel={page ? 'Save' : 'Create page'}>
        <Stack gap="md" maw={760}>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="page-content">
            <Stack gap="md">
              <Title order={2} size="h4" id="page-content">
                Content
              </Title>
              <TextInput
                {...form.field('title')}
                onChange={(e) => {
                  const title = e.currentTarget.value;
                  setValues((v) => ({ ...v, title, slug: slugTouched ? v.slug : slugOf(title) }));
                }}
                label="Title"
                required
                autoComplete="off"
                autoFocus={!page}
              />
              <TextInput
                {...form.field('slug')}
                onChange={(e) => {
                  const slug = e.currentTarget.value;
                  setSlugTouched(true);
                  setValues((v) => ({ ...v, slug }));
                }}
                label="Address"
                description="Lower-case letters, digits and dashes: the page is at /pages/ and this address on your store"
                leftSection={<Text size="sm">/pages/</Text>}
                leftSectionWidth={64}
                required
                autoComplete="off"
              />
              <Textarea
                {...form.field('body')}
                label="Text"
                description="A blank line starts a paragraph. ## makes a heading, - a list item, **bold**, *italic*, [a link](https://example.com). HTML shows as text."
                autosize
                minRows={8}
                maxRows={24}
              />
              <SwitchRow
                label="Published"
                description="Drafts are not shown on the store"
                checked={values.published}
                onChange={(e) => {
                  const published = e.currentTarget.checked;
                  setValues((v) => ({ ...v, published }));
                }}
              />
            </Stack>
          </Paper>
        </Stack>
      </EditForm>
    </PageFrame>
  );
}
