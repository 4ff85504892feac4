/** Small text helpers (spec 9). */

/**
 * Shortens text to its first `length` characters followed by `'...'` when it is longer than `length`
 * (default 50); otherwise returns it unchanged. Characters are Unicode code points, so an emoji or other
 * astral character is never split in half.
 */
export function truncate(text: string, length = 50): string {
  const limit = Math.max(0, Math.floor(length));
  const chars = Array.from(text);
  return chars.length > limit ? `${chars.slice(0, limit).join('')}...` : text;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
// Largest multiple of 26 that fits in a byte: bytes at or above it are rejected so every letter is equally likely.
const UNBIASED_LIMIT = 256 - (256 % ALPHABET.length);

interface RandomSource {
  getRandomValues<T extends Uint8Array>(array: T): T;
}

function randomSource(): RandomSource {
  // Typed locally: this package compiles without the DOM or Node type libraries.
  const source = (globalThis as { crypto?: RandomSource }).crypto;
  if (!source || typeof source.getRandomValues !== 'function') {
    throw new Error('globalThis.crypto.getRandomValues is not available');
  }
  return source;
}

/**
 * A random code of uppercase letters A-Z (default length 10), from the Web Crypto API (Node 20+, browsers).
 * Uses rejection sampling, so it is free of modulo bias.
 * @throws RangeError when `length` is not a non-negative integer.
 */
export function randomCode(length = 10): string {
  if (!Number.isSafeInteger(length) || length < 0) {
    throw new RangeError(`length must be a non-negative integer, got ${length}`);
  }
  const source = randomSource();
  let out = '';
  // A little over `length` bytes, since about 9% are rejected; getRandomValues takes at most 65,536 bytes per call.
  const buffer = new Uint8Array(Math.min(65_536, Math.max(16, length + (length >> 2))));
  while (out.length < length) {
    source.getRandomValues(buffer);
    for (const byte of buffer) {
      if (byte >= UNBIASED_LIMIT) continue;
      out += ALPHABET.charAt(byte % ALPHABET.length);
      if (out.length === length) break;
    }
  }
  return out;
}
