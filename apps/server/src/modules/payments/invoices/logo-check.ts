import { inflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Channels per pixel of each PNG colour type, and the bit depths it allows that the PDF renderer handles. */
const COLOUR_TYPES: Record<number, { channels: number; depths: number[] }> = {
  0: { channels: 1, depths: [1, 2, 4, 8] },
  2: { channels: 3, depths: [8] },
  3: { channels: 1, depths: [1, 2, 4, 8] },
  4: { channels: 2, depths: [8] },
  6: { channels: 4, depths: [8] },
};
/** A larger logo is left out: decoding it would cost more memory than a letterhead is worth. */
const MAX_SIDE = 4096;

/**
 * Whether pdfkit can embed this PNG without failing. pdfkit decodes a PNG with transparency asynchronously,
 * where a corrupt image would throw outside any caller (and never finish the document), so a logo is checked
 * whole first: its chunks, a header pdfkit handles (8-bit, not interlaced), image data that inflates to
 * exactly its rows, and a valid filter byte on every row.
 */
export function isEmbeddablePng(bytes: Buffer): boolean {
  if (bytes.length < 8 + 25 || !bytes.subarray(0, 8).equals(SIGNATURE)) return false;
  let offset = 8;
  let header: { width: number; height: number; depth: number; colour: number; interlace: number } | null = null;
  let palette = false;
  const data: Buffer[] = [];
  while (offset + 8 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const start = offset + 8;
    if (start + length + 4 > bytes.length) return false;
    const body = bytes.subarray(start, start + length);
    if (type === 'IHDR' && length === 13) {
      header = { width: body.readUInt32BE(0), height: body.readUInt32BE(4), depth: body[8]!, colour: body[9]!, interlace: body[12]! };
    } else if (type === 'PLTE') {
      palette = true;
    } else if (type === 'IDAT') {
      data.push(body);
    } else if (type === 'IEND') {
      break;
    }
    offset = start + length + 4;
  }
  if (!header || header.interlace !== 0 || data.length === 0) return false;
  const { width, height, depth, colour } = header;
  const kind = COLOUR_TYPES[colour];
  if (!kind || !kind.depths.includes(depth) || (colour === 3 && !palette)) return false;
  if (width < 1 || height < 1 || width > MAX_SIDE || height > MAX_SIDE) return false;
  const rowBytes = Math.ceil((width * kind.channels * depth) / 8);
  const expected = height * (rowBytes + 1);
  let pixels: Buffer;
  try {
    pixels = inflateSync(Buffer.concat(data), { maxOutputLength: expected + 1 });
  } catch {
    return false;
  }
  if (pixels.length !== expected) return false;
  for (let row = 0; row < height; row++) if (pixels[row * (rowBytes + 1)]! > 4) return false;
  return true;
}
