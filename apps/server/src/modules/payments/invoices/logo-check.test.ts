import { crc32, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { isEmbeddablePng } from './logo-check';

function chunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])));
  return Buffer.concat([head, body, crc]);
}

/** A PNG from its header fields and its raw rows (each with its filter byte). */
function png(options: { width?: number; height?: number; depth?: number; colour?: number; interlace?: number; rows?: Buffer; palette?: boolean }): Buffer {
  const { width = 4, height = 3, depth = 8, colour = 6, interlace = 0, palette = colour === 3 } = options;
  const channels = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }[colour] ?? 4;
  const rows = options.rows ?? Buffer.alloc(height * (Math.ceil((width * channels * depth) / 8) + 1), 0);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([depth, colour, 0, 0, interlace], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    ...(palette ? [chunk('PLTE', Buffer.alloc(3, 255))] : []),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('isEmbeddablePng', () => {
  it('accepts the 8-bit images logos are: RGBA, RGB, grey, grey with alpha, and a palette', () => {
    for (const colour of [6, 2, 0, 4, 3]) expect(isEmbeddablePng(png({ colour })), `colour type ${colour}`).toBe(true);
    expect(isEmbeddablePng(png({ colour: 3, depth: 4 }))).toBe(true);
  });

  it('refuses what pdfkit would fail on in the background: damage, wrong sizes, bad filters, unhandled formats', () => {
    const good = png({});
    expect(isEmbeddablePng(good.subarray(0, good.length - 20))).toBe(false); // cut short
    expect(isEmbeddablePng(Buffer.from('not a png at all, just some text of enough length'))).toBe(false);
    expect(isEmbeddablePng(png({ rows: Buffer.alloc(10) }))).toBe(false); // fewer bytes than its rows
    const badFilter = Buffer.alloc(3 * 17, 0);
    badFilter[17] = 9;
    expect(isEmbeddablePng(png({ rows: badFilter }))).toBe(false);
    expect(isEmbeddablePng(png({ interlace: 1 }))).toBe(false);
    expect(isEmbeddablePng(png({ depth: 16 }))).toBe(false);
    expect(isEmbeddablePng(png({ colour: 3, palette: false }))).toBe(false);
    const damaged = Buffer.from(good);
    const at = damaged.length - 20; // inside the compressed data
    damaged.writeUInt8(damaged.readUInt8(at) ^ 0xff, at);
    expect(isEmbeddablePng(damaged)).toBe(false);
  });

  it('refuses an image too large to decode without inflating it', () => {
    expect(isEmbeddablePng(png({ width: 5000, height: 1, rows: Buffer.alloc(5000 * 4 + 1) }))).toBe(false);
  });
});
