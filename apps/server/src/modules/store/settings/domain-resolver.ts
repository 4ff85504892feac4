import { promises as dns } from 'node:dns';

/**
 * The DNS lookups of a custom domain's verification (docs/online-store.md, "Domain"). Production asks the system's
 * resolver (`node:dns`); the API tests plug in a resolver they control (`storeSettings.useResolver`). A name with no
 * such record answers an empty list; any other failure (a timeout, a refused query) throws.
 */
export interface DomainResolver {
  /** The CNAME targets of a name, as the DNS has them (a trailing dot or capitals may appear). */
  resolveCname(name: string): Promise<string[]>;
  /** The TXT records of a name, each as its strings (a long record comes split in parts). */
  resolveTxt(name: string): Promise<string[][]>;
}

const NO_RECORD = new Set(['ENODATA', 'ENOTFOUND', 'ENONAME', 'NXDOMAIN']);

async function orEmpty<T>(lookup: Promise<T[]>): Promise<T[]> {
  try {
    return await lookup;
  } catch (error) {
    if (NO_RECORD.has((error as { code?: string }).code ?? '')) return [];
    throw error;
  }
}

export const systemResolver: DomainResolver = {
  resolveCname: (name) => orEmpty(dns.resolveCname(name)),
  resolveTxt: (name) => orEmpty(dns.resolveTxt(name)),
};
