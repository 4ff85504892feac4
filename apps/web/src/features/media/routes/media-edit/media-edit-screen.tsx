import { useState } from 'react';
import { Anchor, Button, Group, List, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { MAX_ALT_TEXT, UpdateMediaBodySchema, type Media } from '@merchant/catalogue';
import { href } from '@/app/route-table';
import { Fact } from '@/components/fact';
import { useZodForm } from '@/components/form/use-zod-form';
import { PageFrame } from '@/components/page-frame';
import { QueryPage } from '@/components/query-status';
import { EditForm } from '@/components/sub-header-bar/edit-form';
import { apiAssetUrl } from '@/lib/api-client';
import { BusinessTime } from '@/components/business-time';
import { formatBytes } from '@/lib/format';
import { mediaQuery, useRemoveMedia, useUpdateMedia } from '@/lib/media';
import { modals } from '@/lib/modals';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useCanChange } from '@/lib/session';

/** One image of the library: its alt text and name, its facts, where it is used, and delete. */
export function Component() {
  const { business_id: businessId = '', b_media: mediaId = '' } = useParams();
  const media = useQuery(mediaQuery(businessId, mediaId));
  if (!media.data) return <QueryPage title="Edit media" query={media} loadingLabel="Loading the image" />;
  return <MediaForm key={media.data.id} businessId={businessId} media={media.data} />;
}

function MediaForm({ businessId, media }: { businessId: string; media: Media }) {
  const navigate = useNavigate();
  const canManage = useCanChange(businessId, 'catalogue:manage');
  const listHref = href('online-store.media', { business_id: businessId });
  const [start, setStart] = useState({ alt_text: media.alt_text, file_name: media.file_name });
  const form = useZodForm(UpdateMediaBodySchema, start);
  const save = useUpdateMedia(businessId);
  const remove = useRemoveMedia(businessId);
  const dirty = form.values.alt_text !== start.alt_text || form.values.file_name !== start.file_name;

  const submit = form.onSubmit((values) =>
    save.mutate(
      { mediaId: media.id, body: { alt_text: values.alt_text ?? '', file_name: values.file_name ?? media.file_name } },
      {
        onSuccess: (saved) => {
          notifySuccess(`${saved.file_name} saved.`);
          const next = { alt_text: saved.alt_text, file_name: saved.file_name };
          setStart(next);
          form.reset(next);
        },
        onError: form.handleServerError,
      },
    ),
  );

  const used = media.used_by.length > 0;
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: `Delete ${media.file_name}?`,
      children: (
        <Text size="sm">
          {used
            ? `It is shown by ${media.used_by.map((u) => u.name).join(', ')}. Deleting takes it off ${media.used_by.length === 1 ? 'it' : 'them'}.`
            : 'It is not used anywhere.'}{' '}
          This cannot be undone.
        </Text>
      ),
      labels: { confirm: used ? 'Take it off and delete' : 'Delete image', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(
          { mediaId: media.id, detach: used },
          {
            onSuccess: () => {
              notifySuccess(`${media.file_name} deleted.`);
              void navigate(listHref);
            },
            onError: notifyError,
          },
        ),
    });

  const usedHref = (u: Media['used_by'][number]) =>
    u.kind === 'product'
      ? href('online-store.products-edit', { business_id: businessId, b_product: u.id })
      : href('online-store.product-categories-edit', { business_id: businessId, b_product_category: u.id });

  return (
    <PageFrame title={media.file_name} description="Alt text describes the image to people who cannot see it, and to search engines.">
      <EditForm dirty={dirty} saving={save.isPending} onSave={submit} backTo={listHref} saveLabel="Save image" readOnly={!canManage}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" maw={1100}>
          <Paper withBorder radius="md" p="xs">
            <img
              src={apiAssetUrl(media.urls.w1200)}
              alt={media.alt_text}
              width={media.width}
              height={media.height}
              style={{ display: 'block', width: '100%', height: 'auto', borderRadius: 6 }}
            />
          </Paper>
          <Stack gap="md">
            <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
              <Stack gap="md">
                <TextInput
                  {...form.field('alt_text')}
                  label="Alt text"
                  description="What the image shows: “A bag of Sunrise beans on a wooden table”"
                  maxLength={MAX_ALT_TEXT}
                  readOnly={!canManage}
                />
                <TextInput {...form.field('file_name')} label="File name" required readOnly={!canManage} />
              </Stack>
            </Paper>
            <Group gap="lg" wrap="wrap">
              <Fact label="Size">
                {media.width} × {media.height} px
              </Fact>
              <Fact label="File">{`${media.format.toUpperCase()}, ${formatBytes(media.byte_size)}`}</Fact>
              <Fact label="Uploaded">
                <BusinessTime at={media.created_at} />
              </Fact>
            </Group>
            <section aria-labelledby="media-used-by">
              <Title order={2} size="h5" id="media-used-by" mb={4}>
                Where it is used
              </Title>
              {used ? (
                <List size="sm" spacing={2}>
                  {media.used_by.map((u) => (
                    <List.Item key={`${u.kind}-${u.id}`}>
                      <Anchor component={Link} to={usedHref(u)}>
                        {u.name}
                      </Anchor>{' '}
                      <Text span size="xs" c="dimmed">
                        ({u.kind === 'product' ? 'product' : 'category'})
                      </Text>
                    </List.Item>
                  ))}
                </List>
              ) : (
                <Text size="sm" c="dimmed">
                  Not used by any product or category.
                </Text>
              )}
            </section>
            {canManage ? (
              <Group>
                <Button variant="default" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={confirmDelete} loading={remove.isPending}>
                  Delete image
                </Button>
              </Group>
            ) : null}
          </Stack>
        </SimpleGrid>
      </EditForm>
    </PageFrame>
  );
}
