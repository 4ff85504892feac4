import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { fieldError } from '@merchant/core';
import { sniffFileType } from '@/lib/file-type';
import { MEDIA_FORMATS, MEDIA_RENDITION_WIDTHS, type MediaFormat, type MediaRendition } from '@merchant/catalogue';

/** Decoding stops past this many pixels (a small file may claim a huge canvas). */
const MAX_PIXELS = 50_000_000;

export interface ProcessedFile {
  rendition: MediaRendition;
  contentType: string;
  width: number;
  height: number;
  content: Buffer;
}

export interface ProcessedImage {
  format: MediaFormat;
  width: number;
  height: number;
  hash: string;
  files: ProcessedFile[];
}

const notAnImage = () => fieldError('MEDIA_INVALID', 'file', 'Not an image. Upload a JPEG, PNG, WebP or GIF file.');

/** The format the first bytes announce (JPEG, PNG, WebP, GIF), or null: never the name or the declared type. */
export function sniffFormat(bytes: Buffer): MediaFormat | null {
  const type = sniffFileType(bytes);
  return type && type !== 'application/pdf' ? (type.slice('image/'.length) as MediaFormat) : null;
}

/**
 * Checks an upload by its bytes and makes its renditions: the magic bytes name one of the four formats, and the
 * decoder must agree and read every pixel (a truncated or forged file is refused); then WebP renditions whose longest
 * side is 160, 480 and 1200 px (never enlarged), turned by the EXIF orientation and stripped of metadata.
 */
export async function processImage(bytes: Buffer): Promise<ProcessedImage> {
  const sniffed = sniffFormat(bytes);
  if (!sniffed) throw notAnImage();
  const input = () => sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' });
  let meta: Metadata;
  try {
    meta = await input().metadata();
    // Decoding every pixel once proves the file whole.
    await input().rotate().raw().toBuffer();
  } catch {
    throw notAnImage();
  }
  if (meta.format !== sniffed || !meta.width || !meta.height) throw notAnImage();
  // Turned by its EXIF orientation, as the renditions are.
  const turned = (meta.orientation ?? 1) >= 5;
  const width = turned ? meta.height : meta.width;
  const height = turned ? meta.width : meta.height;
  const files: ProcessedFile[] = [{ rendition: 'original', contentType: MEDIA_FORMATS[sniffed].contentType, width, height, content: bytes }];
  for (const size of MEDIA_RENDITION_WIDTHS) {
    const { data, info } = await input()
      .rotate()
      .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    files.push({ rendition: `w${size}`, contentType: 'image/webp', width: info.width, height: info.height, content: data });
  }
  return { format: sniffed, width, height, hash: createHash('sha256').update(bytes).digest('hex').slice(0, 16), files };
}
