import { useState } from 'react';
import { Button, FileInput, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { modals } from '@/lib/modals';
import { IconUpload } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LOGO_ACCEPT, MAX_LOGO_BYTES, MAX_LOGO_SIZE_LABEL, checkoutCustomisationEndpoints } from '@merchant/payments';
import { apiAssetUrl, call } from '../lib/api-client';
import { fieldErrors } from '../lib/error-message';
import { notifyError, notifySuccess } from '../lib/notify';
import { endpointScope, invalidateEndpoints } from '../lib/queries';
import { businessQuery } from '../lib/session';

/** The business logo changed: the business (details, layout) and the checkout settings show it. */
function useLogoMutation<T>(businessId: string, fn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: fn,
    onSuccess: () =>
      invalidateEndpoints(queryClient, [
        businessQuery(businessId).queryKey,
        endpointScope(checkoutCustomisationEndpoints.get, { params: { business_id: businessId } }),
      ]),
  });
}

/**
 * The business logo: one upload, shown in business details and checkout customisation. The size is
 * checked here for comfort; the server checks size and content (PNG, JPEG or WebP bytes) again.
 */
export function LogoUpload({ businessId, logoUrl, editable }: { businessId: string; logoUrl: string | null; editable: boolean }) {
  const [error, setError] = useState<string | null>(null);
  const params = { business_id: businessId };
  const upload = useLogoMutation(businessId, (file: File) => {
    const formData = new FormData();
    formData.append('file', file, file.name);
    return call(checkoutCustomisationEndpoints.uploadLogo, { params, formData });
  });
  const remove = useLogoMutation(businessId, () => call(checkoutCustomisationEndpoints.removeLogo, { params }));

  const onFile = (file: File | null) => {
    setError(null);
    if (!file) return;
    if (file.size > MAX_LOGO_BYTES) {
      setError(`The logo is larger than ${MAX_LOGO_SIZE_LABEL}.`);
      return;
    }
    upload.mutate(file, {
      onSuccess: () => notifySuccess('Logo uploaded.'),
      onError: (e) => {
        const issue = fieldErrors(e).file;
        if (issue) setError(issue);
        else notifyError(e);
      },
    });
  };

  const confirmRemove = () =>
    modals.openConfirmModal({
      title: 'Remove the logo?',
      children: <Text size="sm">Business details and the checkout will show the business name without a logo.</Text>,
      labels: { confirm: 'Remove logo', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(undefined, { onSuccess: () => notifySuccess('Logo removed.'), onError: notifyError }),
    });

  return (
    <Group align="flex-start" gap="md" wrap="wrap">
      <Paper withBorder radius="md" w={96} h={96} p={4} style={{ display: 'grid', placeItems: 'center', flex: '0 0 auto' }}>
        {logoUrl ? (
          <Image src={apiAssetUrl(logoUrl)} alt="Business logo" fit="contain" w="100%" h="100%" />
        ) : (
          <Text size="xs" c="dimmed" ta="center">
            No logo
          </Text>
        )}
      </Paper>
      {editable ? (
        <Stack gap="xs" style={{ flex: '1 1 220px', minWidth: 0 }}>
          <FileInput
            label={logoUrl ? 'Replace logo' : 'Upload logo'}
            description={`PNG, JPEG or WebP, up to ${MAX_LOGO_SIZE_LABEL}. Shown on the checkout and receipts.`}
            accept={LOGO_ACCEPT}
            value={null}
            onChange={onFile}
            error={error}
            disabled={upload.isPending}
            leftSection={<IconUpload size={16} aria-hidden />}
            placeholder={upload.isPending ? 'Uploading...' : 'Choose an image'}
            clearable={false}
            styles={{ placeholder: { color: 'var(--mantine-color-text)' } }}
          />
          {logoUrl ? (
            <Group>
              <Button variant="subtle" color="red" size="compact-sm" onClick={confirmRemove} loading={remove.isPending}>
                Remove logo
              </Button>
            </Group>
          ) : null}
        </Stack>
      ) : null}
    </Group>
  );
}
