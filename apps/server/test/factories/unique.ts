import { randomBytes } from 'node:crypto';

/** One run's prefix, so names made by factories never meet demo data or another test's data. */
const RUN = randomBytes(3).toString('hex');
let serial = 0;

/** A name no other factory call of this process has made: `prefix-<run>-<n>`. */
export function unique(prefix: string): string {
  serial++;
  return `${prefix}-${RUN}-${serial}`;
}

/** An email address no one else has (always under the reserved `.test` domain). */
export function uniqueEmail(prefix = 'person'): string {
  return `${unique(prefix)}@factory.test`;
}
