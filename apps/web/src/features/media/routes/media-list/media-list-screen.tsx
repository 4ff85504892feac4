import { useState } from 'react';
import { Anchor, FileInput, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPhoto, IconUpload } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { MAX_ALT_TEXT, MAX_MEDIA_BYTES, MAX_MEDIA_SIZE_LABEL, MEDIA_ACCEPT, type Media } from '@merchant/catalogue';
import { href } from '@/app/route-table';
import { EmptyState } from '@/components/empty-state';
import { listEmptyState, SearchField, useListFilters } from '@/components/list-filters';
import { LoadMore } from '@/components/load-more';
import { PageFrame } from '@/components/page-frame';
import { QueryStatus } from '@/components/query-status';
import { apiAssetUrl } from '@/lib/api-client';
import { fieldErrors } from '@/lib/error-message';
import { formatBytes } from '@/lib/format';
import { mediaListQuery, useUploadMedia } from '@/lib/media';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useCanChange } from '@/lib/session';
import classes from './media-list.module.css';

const usedText = (m: Media) => (m.used_by.length === 0 ? 'Not used' : `Used by ${m.used_by.length === 1 ? m.used_by[0]!.name : `${m.used_by.length} items`}`);

/** The online store's media library: every image of the business, searched by name, with an upload. */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const filters = useListFilters([]);
  const canManage = useCanChange(businessId, 'catalogue:manage');
  const media = useInfiniteQuery(mediaListQuery(businessId, filters.search.value || undefined));
  const rows = media.data?.pages.flatMap((p) => p.data) ?? [];
  const editHref = (m: Media) => href('online-store.media-edit', { business_id: businessId, b_media: m.id });

  return (
    <PageFrame title="Media" description="The images of your products, categories and store. Upload once, use them anywhere.">
      <Stack gap="md">
        {canManage ? <Upload businessId={businessId} /> : null}
        <SearchField
          label="Search media"
          hint="Part of the file name or alt text"
          value={filters.search.text}
          onChange={(e) => filters.search.setText(e.currentTarget.value)}
          maw={420}
        />
        {!media.data ? (
          <QueryStatus query={media} loadingLabel="Loading media" />
        ) : rows.length === 0 ? (
          <EmptyState
            {...listEmptyState(filters, {
              icon: <IconPhoto aria-hidden />,
              title: 'No images yet',
              description: 'Upload product photos, category pictures and banners here.',
              noMatchTitle: 'No images match',
              noMatchDescription: 'Try another part of the name.',
            })}
          />
        ) : (
          <>
            <SimpleGrid cols={{ base: 2, sm: 3, md: 4, lg: 6 }} spacing="sm" component="ul" className={classes.grid} aria-label="Images">
              {rows.map((m) => (
                <Paper key={m.id} component="li" withBorder radius="md" p="xs" className={classes.card}>
                  <img src={apiAssetUrl(m.urls.w480)} alt={m.alt_text} width={m.width} height={m.height} loading="lazy" className={classes.image} />
                  <Anchor component={Link} to={editHref(m)} fw={600} size="sm" className={classes.name}>
                    {m.file_name}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {m.width} × {m.height} · {formatBytes(m.byte_size)}
                  </Text>
                  <Text size="xs" c={m.alt_text ? 'dimmed' : 'orange.8'}>
                    {m.alt_text ? usedText(m) : `No alt text · ${usedText(m)}`}
                  </Text>
                </Paper>
              ))}
            </SimpleGrid>
            <LoadMore query={media} count={rows.length} noun={['image', 'images']} />
          </>
        )}
      </Stack>
    </PageFrame>
  );
}

/** Upload: the alt text first (optional), then the file; the server reads its bytes and makes its sizes. */
function Upload({ businessId }: { businessId: string }) {
  const [alt, setAlt] = useState('');
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadMedia(businessId);
  const onFile = (file: File | null) => {
    setError(null);
    if (!file) return;
    if (file.size > MAX_MEDIA_BYTES) return setError(`The image is larger than ${MAX_MEDIA_SIZE_LABEL}.`);
    upload.mutate(
      { file, altText: alt.trim() },
      {
        onSuccess: (m) => {
          setAlt('');
          notifySuccess(`${m.file_name} uploaded.`);
        },
        onError: (e) => {
          const issue = fieldErrors(e).file;
          if (issue) setError(issue);
          else notifyError(e);
        },
      },
    );
  };
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Upload an image">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="Alt text"
          description="What the image shows, for people who cannot see it (optional)"
          value={alt}
          maxLength={MAX_ALT_TEXT}
          onChange={(e) => setAlt(e.currentTarget.value)}
        />
        <FileInput
          label="Upload an image"
          description={`JPEG, PNG, WebP or GIF, up to ${MAX_MEDIA_SIZE_LABEL}`}
          accept={MEDIA_ACCEPT}
          value={null}
          onChange={onFile}
          error={error}
          disabled={upload.isPending}
          leftSection={<IconUpload size={16} aria-hidden />}
          placeholder={upload.isPending ? 'Uploading...' : 'Choose a file'}
          clearable={false}
          // The placeholder reads as the button's text: full contrast (the default grey is too faint).
          styles={{ placeholder: { color: 'var(--mantine-color-text)' } }}
        />
      </SimpleGrid>
    </Paper>
  );
}
