import '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fieldError, type ErrorCode } from '@merchant/core';

/**
 * What every CSV upload shares (the invoice import and the product import): reading the one `file` part under a
 * size cap, decoding the text as spreadsheets save it, finding its separator, and a file name fit to show.
 */

export type Delimiter = ',' | ';' | '\t';

/** The error codes an upload answers with: the file unreadable (422) or too large (413). */
export interface UploadErrorCodes {
  invalid: ErrorCode;
  tooLarge: ErrorCode;
}

/** Reads the one `file` part of an upload, refusing it past the size cap while it streams in. */
export async function readUpload(
  app: FastifyInstance,
  req: FastifyRequest,
  limits: { maxBytes: number; sizeLabel: string; codes: UploadErrorCodes },
): Promise<{ name: string | undefined; bytes: Buffer }> {
  const notMultipart = () => fieldError(limits.codes.invalid, 'file', 'Send the CSV as multipart/form-data with one part named "file".');
  if (!req.isMultipart()) throw notMultipart();
  const part = await req.file({ limits: { fileSize: limits.maxBytes } }).catch(() => undefined);
  if (!part || part.fieldname !== 'file') throw notMultipart();
  try {
    return { name: part.filename, bytes: await part.toBuffer() };
  } catch (error) {
    if (error instanceof app.multipartErrors.RequestFileTooLargeError) {
      throw fieldError(limits.codes.tooLarge, 'file', `The file is larger than ${limits.sizeLabel}: split it into several files.`);
    }
    throw error;
  }
}

/** A control character no text file holds (tab, line feed, form feed and carriage return are fine); NUL above all. */
function holdsBinary(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0c && code !== 0x0d) || code === 0x7f) return true;
  }
  return false;
}

/**
 * The file's text. Spreadsheets save CSV as UTF-8 (with or without a byte-order mark), as UTF-16 with a mark
 * ("Unicode text", tab-separated) or, on Windows, as Windows-1252; anything holding control characters
 * (NUL bytes above all) is not a text file and is refused (422 on `file` with `invalidCode`).
 */
export function decodeCsv(bytes: Buffer, invalidCode: ErrorCode): string {
  let text: string;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) text = new TextDecoder('utf-16le').decode(bytes.subarray(2));
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) text = new TextDecoder('utf-16be').decode(bytes.subarray(2));
  else {
    try {
      text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    } catch {
      text = new TextDecoder('windows-1252').decode(bytes);
    }
  }
  if (holdsBinary(text)) {
    throw fieldError(invalidCode, 'file', 'This is not a CSV file: it holds binary data. Save the sheet as CSV and upload that.');
  }
  return text;
}

/** The separator of the header line: the most frequent of comma, semicolon and tab outside quotes (comma on a tie). */
export function detectDelimiter(text: string): Delimiter {
  const counts: Record<Delimiter, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const c of text) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && (c === ',' || c === ';' || c === '\t')) counts[c]++;
  }
  return (['\t', ';'] as const).reduce<Delimiter>((best, d) => (counts[d] > counts[best] ? d : best), ',');
}

/** A record of empty cells only: skipped. */
export const blankRecord = (record: string[]) => record.every((cell) => cell.trim() === '');

/** A file name fit to show and to write in the audit log: no path, no control characters, at most 200 characters. */
export function cleanFileName(name: string | undefined, fallback: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = [...base]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
    .join('')
    .trim()
    .slice(0, 200);
  return cleaned || fallback;
}

/** The stem of a report's file name: `spring.csv` -> `spring-report.csv`. */
export function reportFileName(fileName: string, fallback: string, suffix: string): string {
  const stem =
    fileName
      .replace(/\.[^.]*$/, '')
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .slice(0, 80) || fallback;
  return `${stem}-${suffix}.csv`;
}
