import { z } from 'zod';

/** The metadata key naming the media types of a file answer (the server's OpenAPI transform reads it). */
export const FILE_ANSWER_MEDIA_TYPES = 'x-media-types';

/**
 * The answer of an endpoint that sends a file rather than JSON (a PDF, an image): the media types it may be sent
 * as. The OpenAPI document declares the answer under each of them (as binary) instead of `application/json`; the
 * route sends the file itself, with its content type (`reply.type(...)`), so no serializer runs.
 */
export function fileAnswer(mediaTypes: readonly [string, ...string[]], description: string) {
  return z.unknown().meta({ description, [FILE_ANSWER_MEDIA_TYPES]: [...mediaTypes] });
}

/**
 * The answer of a CSV download: `text/csv` (RFC 4180, UTF-8 with a byte-order mark), a string. The route streams
 * it or sends it whole with `reply.type('text/csv; charset=utf-8')`.
 */
export function csvAnswer(description = 'The CSV file (RFC 4180, UTF-8 with a byte-order mark)') {
  return z.string().meta({ description, [FILE_ANSWER_MEDIA_TYPES]: ['text/csv'] });
}
