import { IconPhoto } from '@tabler/icons-react';
import { apiAssetUrl } from '../lib/api-client';

/**
 * A small square picture of a record (a product's primary image) beside its name in a list: decorative (empty alt),
 * since the name beside it says what it is; a plain tile when there is none, so names line up.
 */
export function Thumbnail({ image, size = 40 }: { image: { urls: { w160: string } } | undefined; size?: number }) {
  const box = { width: size, height: size, borderRadius: 6, flexShrink: 0, background: 'var(--mantine-color-gray-1)' } as const;
  return image ? (
    <img src={apiAssetUrl(image.urls.w160)} alt="" width={size} height={size} loading="lazy" style={{ ...box, objectFit: 'cover', display: 'block' }} />
  ) : (
    <span style={{ ...box, display: 'grid', placeItems: 'center' }} aria-hidden>
      <IconPhoto size={size / 2} color="var(--mantine-color-gray-5)" />
    </span>
  );
}
