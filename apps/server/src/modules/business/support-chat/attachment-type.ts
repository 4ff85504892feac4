import sharp from 'sharp';
import { CHAT_ATTACHMENT_TYPES, MAX_CHAT_ATTACHMENT_SIZE_LABEL, type ChatAttachmentType } from '@merchant/business';
import { fieldError } from '@merchant/core';
import { sniffFileType } from '@/lib/file-type';

/** Decoding a picture's header stops past this many pixels (a small file may claim a huge canvas). */
const MAX_PIXELS = 50_000_000;
const ACCEPTED = 'Send a PNG, JPEG or WebP image, or a PDF.';

/** What the bytes are, by their magic numbers (the check the verification documents and the media library make). */
export function sniffAttachment(bytes: Buffer): ChatAttachmentType | null {
  const type = sniffFileType(bytes);
  return type && type in CHAT_ATTACHMENT_TYPES ? (type as ChatAttachmentType) : null;
}

/** The file name a person sent, without control characters or path separators, at most 200 characters. */
export function cleanFileName(name: string): string {
  return [...name]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
    .join('')
    .replace(/[\\/]/g, '_')
    .trim()
    .slice(-200);
}

/**
 * The type of an attachment, from its bytes: one of the four accepted types (415 otherwise), which its name's
 * extension must name too (422: a PNG named .pdf would open as what it is not), and an image's header must read as
 * that image. The type the browser declared is not asked.
 */
export async function checkAttachment(fileName: string, bytes: Buffer): Promise<ChatAttachmentType> {
  if (bytes.length === 0) throw fieldError('CHAT_ATTACHMENT_INVALID', 'file', `"${fileName}" is empty.`);
  const type = sniffAttachment(bytes);
  if (!type) throw fieldError('CHAT_ATTACHMENT_TYPE', 'file', `"${fileName}" is not an image or a PDF. ${ACCEPTED}`);
  const ext = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
  const { label, extensions } = CHAT_ATTACHMENT_TYPES[type];
  if (!(extensions as readonly string[]).includes(ext)) {
    throw fieldError('CHAT_ATTACHMENT_MISMATCH', 'file', `"${fileName}" is a ${label} file: its name must end in .${extensions.join(' or .')}.`);
  }
  if (type !== 'application/pdf') {
    const format = await sharp(bytes, { limitInputPixels: MAX_PIXELS })
      .metadata()
      .then((meta) => (meta.width && meta.height ? meta.format : null))
      .catch(() => null);
    if (format !== type.slice('image/'.length)) throw fieldError('CHAT_ATTACHMENT_TYPE', 'file', `"${fileName}" is not a readable ${label} image. ${ACCEPTED}`);
  }
  return type;
}

export const tooLarge = (fileName: string) =>
  fieldError('CHAT_ATTACHMENT_TOO_LARGE', 'file', `"${fileName}" is larger than ${MAX_CHAT_ATTACHMENT_SIZE_LABEL}. Send a smaller file.`);
