import { createHmac, hash as digestOf, randomBytes, randomFillSync, randomUUID, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** 32 random bytes, URL-safe: session ids, tokens. */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');
/** One call, no Hash object (node:crypto's one-shot `hash`, Node 20.12 and later): every signed-in request hashes its cookie. */
export const sha256 = (value: string): string => digestOf('sha256', value, 'hex');
export const hmacSha256 = (key: string, value: string): string => createHmac('sha256', key).update(value).digest('base64url');
export const newId = (): string => randomUUID();

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 62^22 > 2^128: every 128-bit value fits in 22 base62 digits. */
const PUBLIC_ID_DIGITS = 22;

/**
 * An unguessable public id (docs/payments.md): the type prefix (`pay_`, `pl_`, `qr_`), then 128 random bits
 * in base62, always 22 characters.
 */
export function newPublicId(prefix: string): string {
  let value = BigInt(`0x${randomBytes(16).toString('hex')}`);
  let digits = '';
  for (let i = 0; i < PUBLIC_ID_DIGITS; i++) {
    digits = BASE62[Number(value % 62n)]! + digits;
    value /= 62n;
  }
  return `${prefix}${digits}`;
}

let lastIdMs = 0;
let idCounter = 0;

/**
 * Random bytes for the time-ordered ids, drawn from the system's generator 4 KB at a time (as node's own `randomUUID`
 * keeps a cache of them): a draw per id cost about 5 % of a public API call's CPU, whose request log entry takes one.
 */
const idEntropy = Buffer.alloc(4096);
let idEntropyAt = idEntropy.length;
function idRandomBytes(): Buffer {
  if (idEntropyAt + 16 > idEntropy.length) {
    randomFillSync(idEntropy);
    idEntropyAt = 0;
  }
  const bytes = Buffer.from(idEntropy.subarray(idEntropyAt, idEntropyAt + 16));
  idEntropyAt += 16;
  return bytes;
}

/**
 * A UUIDv7 (RFC 9562): 48 bits of Unix milliseconds, then a 12-bit counter (method 1), then random bits.
 * Ids made by this process sort in the order they were made, also within one millisecond (the counter
 * starts at a random value below half its range each millisecond and moves the time on when it runs out).
 */
export function newTimeOrderedId(nowMs: number = Date.now()): string {
  if (nowMs > lastIdMs) {
    lastIdMs = nowMs;
    idCounter = idRandomBytes().readUInt16BE() & 0x7ff;
  } else if (++idCounter > 0xfff) {
    lastIdMs++;
    idCounter = 0;
  }
  const bytes = idRandomBytes();
  bytes.writeUIntBE(lastIdMs, 0, 6);
  bytes[6] = 0x70 | (idCounter >> 8);
  bytes[7] = idCounter & 0xff;
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

/** Field notes: argon2id, m=19 MiB, t=2, p=1. */
/** `algorithm: 2` is Algorithm.Argon2id (a const enum that isolated modules cannot read). */
const ARGON2 = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
let argon2Params: { algorithm: 2; memoryCost: number; timeCost: number; parallelism: number } = ARGON2;

/**
 * The API tests' harness only: new hashes at argon2id's least cost (a hash names its own parameters, so verifying
 * is unchanged). The suite signs thousands of people up, and at the field notes' cost their hashes were about a tenth
 * of its time. Nothing in the product calls it.
 */
export function useCheapPasswordHashesInTests(): void {
  argon2Params = { algorithm: 2, memoryCost: 1024, timeCost: 1, parallelism: 1 };
}

export const hashPassword = (password: string): Promise<string> => hash(password, argon2Params);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the email is unknown, so both paths take the same time. */
let dummyHash: Promise<string> | null = null;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomToken());
  return dummyHash;
}
