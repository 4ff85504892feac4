import { DOCUMENT_TYPES, type DocumentContentType } from '@merchant/business';
import { sniffFileType } from '@/lib/file-type';

/** What the bytes are, from their first bytes (magic numbers); null when none of the accepted types. */
export function sniffDocumentType(bytes: Buffer): DocumentContentType | null {
  const type = sniffFileType(bytes);
  return type && type in DOCUMENT_TYPES ? (type as DocumentContentType) : null;
}

/** The type a file name's extension claims, or null for other extensions. */
export function typeOfExtension(fileName: string): DocumentContentType | null {
  const ext = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase();
  if (!ext) return null;
  for (const [type, info] of Object.entries(DOCUMENT_TYPES) as [DocumentContentType, (typeof DOCUMENT_TYPES)[DocumentContentType]][]) {
    if ((info.extensions as readonly string[]).includes(ext)) return type;
  }
  return null;
}

export type DocumentCheck = { ok: true; type: DocumentContentType } | { ok: false; reason: 'type' | 'mismatch'; message: string };

const labelOf = (type: DocumentContentType) => DOCUMENT_TYPES[type].label;
const ACCEPTED = 'Upload a PDF, PNG or JPEG file.';

/**
 * A file is accepted when its name ends in .pdf/.png/.jpg/.jpeg, the type the browser sent (when it is a
 * specific one) agrees, and the bytes really are that type.
 */
export function checkDocument(fileName: string, declaredType: string, bytes: Buffer): DocumentCheck {
  const claimed = typeOfExtension(fileName);
  if (!claimed) return { ok: false, reason: 'type', message: `"${fileName}" is not an accepted file type. ${ACCEPTED}` };
  const declared = declaredType.split(';')[0]?.trim().toLowerCase() ?? '';
  const generic = declared === '' || declared === 'application/octet-stream';
  if (!generic && declared !== claimed && !(declared === 'image/jpg' && claimed === 'image/jpeg')) {
    return { ok: false, reason: 'mismatch', message: `"${fileName}" is named as a ${labelOf(claimed)} but was sent as ${declared}. ${ACCEPTED}` };
  }
  const actual = sniffDocumentType(bytes);
  if (actual !== claimed) {
    const what = actual ? `a ${labelOf(actual)} file` : 'not a PDF, PNG or JPEG file';
    return { ok: false, reason: 'mismatch', message: `"${fileName}" claims to be a ${labelOf(claimed)} but its content is ${what}.` };
  }
  return { ok: true, type: actual };
}
