import { useState } from 'react';
import { ActionIcon, Badge, FileInput, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPhotoOff, IconTrash, IconUpload } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { MAX_ALT_TEXT, MAX_MEDIA_BYTES, MAX_MEDIA_SIZE_LABEL, MEDIA_ACCEPT } from '@merchant/catalogue';
import { apiAssetUrl } from '../lib/api-client';
import { fieldErrors } from '../lib/error-message';
import { imageValuesOf, mediaListQuery, useUploadMedia, type ImageValue } from '../lib/media';
import { notifyError } from '../lib/notify';

/**
 * The images of a product (several, in order, the first the primary one) or a category (one): upload a new one or
 * choose one from the media library, put them in order, remove them, and write each one's alt text. The list is the
 * form's; the caller saves it (and the changed alt texts) with the rest of the form.
 */
export function ImagesField({
  businessId,
  label,
  description,
  value,
  onChange,
  max,
  readOnly,
}: {
  businessId: string;
  label: string;
  description: string;
  value: ImageValue[];
  onChange: (next: ImageValue[]) => void;
  max: number;
  readOnly: boolean;
}) {
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadMedia(businessId);
  const library = useInfiniteQuery({ ...mediaListQuery(businessId, undefined, 100), enabled: !readOnly });
  const chosen = new Set(value.map((v) => v.media_id));
  const choices = (library.data?.pages.flatMap((p) => p.data) ?? []).filter((m) => !chosen.has(m.id));
  const add = (image: ImageValue) => onChange(max === 1 ? [image] : [...value, image].slice(0, max));
  const full = max > 1 && value.length >= max;

  const onFile = (file: File | null) => {
    setError(null);
    if (!file) return;
    if (file.size > MAX_MEDIA_BYTES) return setError(`The image is larger than ${MAX_MEDIA_SIZE_LABEL}.`);
    upload.mutate(
      { file },
      {
        onSuccess: (media) => add(imageValuesOf([{ media_id: media.id, alt_text: media.alt_text, urls: media.urls }])[0]!),
        onError: (e) => {
          const issue = fieldErrors(e).file;
          if (issue) setError(issue);
          else notifyError(e);
        },
      },
    );
  };
  const move = (index: number, by: -1 | 1) => {
    const next = [...value];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    onChange(next);
  };

  return (
    <Stack gap="sm" component="section" aria-label={label}>
      <div>
        <Text fw={500} size="sm">
          {label}
        </Text>
        <Text size="xs" c="dimmed">
          {description}
        </Text>
      </div>
      {value.length === 0 ? (
        <Group gap="sm" wrap="nowrap">
          <Paper withBorder radius="md" w={64} h={64} style={{ display: 'grid', placeItems: 'center', flexShrink: 0 }} bg="gray.0">
            <IconPhotoOff size={24} aria-hidden color="var(--mantine-color-gray-6)" />
          </Paper>
          <Text size="sm" c="dimmed">
            No image yet.
          </Text>
        </Group>
      ) : (
        <Stack gap="xs" component="ol" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {value.map((image, i) => (
            <Paper key={image.media_id} component="li" withBorder radius="md" p="xs">
              <Group gap="sm" align="flex-start" wrap="wrap">
                <img
                  src={apiAssetUrl(image.thumbnail)}
                  alt={image.alt_text}
                  width={72}
                  height={72}
                  style={{ objectFit: 'cover', borderRadius: 6, flexShrink: 0, background: 'var(--mantine-color-gray-1)' }}
                />
                <Stack gap={4} style={{ flex: '1 1 14rem', minWidth: 0 }}>
                  {max > 1 && i === 0 ? (
                    <Badge size="sm" variant="light" w="fit-content">
                      Primary
                    </Badge>
                  ) : null}
                  <TextInput
                    label={value.length > 1 ? `Alt text of image ${i + 1}` : 'Alt text'}
                    description="What the image shows, for people who cannot see it"
                    value={image.alt_text}
                    maxLength={MAX_ALT_TEXT}
                    onChange={(e) => {
                      const alt = e.currentTarget.value;
                      onChange(value.map((v) => (v.media_id === image.media_id ? { ...v, alt_text: alt } : v)));
                    }}
                    readOnly={readOnly}
                  />
                </Stack>
                {readOnly ? null : (
                  <Group gap={4}>
                    {max > 1 ? (
                      <>
                        <ActionIcon variant="default" size="lg" aria-label={`Move image ${i + 1} earlier`} disabled={i === 0} onClick={() => move(i, -1)}>
                          <IconArrowUp size={16} aria-hidden />
                        </ActionIcon>
                        <ActionIcon
                          variant="default"
                          size="lg"
                          aria-label={`Move image ${i + 1} later`}
                          disabled={i === value.length - 1}
                          onClick={() => move(i, 1)}
                        >
                          <IconArrowDown size={16} aria-hidden />
                        </ActionIcon>
                      </>
                    ) : null}
                    <ActionIcon
                      variant="default"
                      color="red"
                      size="lg"
                      aria-label={`Remove image ${i + 1}`}
                      onClick={() => onChange(value.filter((v) => v.media_id !== image.media_id))}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                )}
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      {readOnly ? null : (
        <Group gap="sm" align="flex-start" grow preventGrowOverflow={false} wrap="wrap">
          <FileInput
            label={max === 1 && value.length > 0 ? 'Replace with a new image' : 'Upload an image'}
            description={`JPEG, PNG, WebP or GIF, up to ${MAX_MEDIA_SIZE_LABEL}`}
            accept={MEDIA_ACCEPT}
            value={null}
            onChange={onFile}
            error={error}
            disabled={upload.isPending || full}
            leftSection={<IconUpload size={16} aria-hidden />}
            placeholder={upload.isPending ? 'Uploading...' : 'Choose a file'}
            clearable={false}
            // The placeholder reads as the button's text: full contrast (the default grey is too faint).
            styles={{ placeholder: { color: 'var(--mantine-color-text)' } }}
            style={{ minWidth: '14rem' }}
          />
          <Select
            label="Or choose from the media library"
            description={choices.length === 0 ? 'No other image in the library yet' : 'Searched by file name'}
            placeholder="Choose an image"
            searchable
            nothingFoundMessage="No image of that name"
            data={choices.map((m) => ({ value: m.id, label: m.file_name }))}
            value={null}
            onChange={(id) => {
              const media = choices.find((m) => m.id === id);
              if (media) add(imageValuesOf([{ media_id: media.id, alt_text: media.alt_text, urls: media.urls }])[0]!);
            }}
            disabled={full || choices.length === 0}
            style={{ minWidth: '14rem' }}
          />
        </Group>
      )}
    </Stack>
  );
}
