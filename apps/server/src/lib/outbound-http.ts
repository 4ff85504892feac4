import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Requests the product sends to addresses merchants give it (webhooks, docs/developers.md): never to a private,
 * loopback, link-local or otherwise non-public address unless `allowPrivate` (development); the check is made on the
 * address actually connected to (the lookup of the connection itself), so a name that resolves to a public address
 * once and to a private one at the connection (DNS rebinding) is refused too. No redirect is followed; each request
 * times out. Connections are kept open and reused (a pool per guard setting): the guard has checked the address of
 * each when it was made.
 */
const NOT_PUBLIC = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NOT_PUBLIC.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['64:ff9b::', 96],
] as const)
  NOT_PUBLIC.addSubnet(net, bits, 'ipv6');

/** True for an address no webhook may reach outside development (IPv4-mapped IPv6 is read as its IPv4). */
export function isNonPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const plain = mapped ? mapped[1]! : address;
  const family = isIP(plain);
  if (family === 0) return true;
  return NOT_PUBLIC.check(plain, family === 6 ? 'ipv6' : 'ipv4');
}

export class OutboundRefused extends Error {}

/** Why a webhook URL is refused before anything is sent (its form, or a literal address that is not public), or null. */
export function outboundUrlProblem(value: string, allowPrivate: boolean): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'Use a full http:// or https:// address.';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'Use a full http:// or https:// address.';
  if (url.username || url.password) return 'Leave the user name and password out of the address.';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (allowPrivate) return null;
  if (host === 'localhost' || host.endsWith('.localhost') || (isIP(host) !== 0 && isNonPublicAddress(host))) {
    return 'Use a public address: private and loopback addresses are refused.';
  }
  return null;
}

/** How a name is resolved: the system's resolver (tests give their own, to play a rebinding name). */
export type Resolver = (hostname: string, callback: (error: Error | null, addresses: LookupAddress[]) => void) => void;
const systemResolver: Resolver = (hostname, callback) => dnsLookup(hostname, { all: true }, callback);

/** A lookup that refuses non-public addresses: it runs for the connection itself, so no second resolution can differ. */
const guardedLookup =
  (resolve: Resolver): LookupFunction =>
  (hostname, options, callback) => {
    resolve(hostname, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const usable = addresses.filter((a) => !isNonPublicAddress(a.address));
      if (usable.length === 0 || usable.length !== addresses.length) {
        return callback(new OutboundRefused(`${hostname} resolves to a private or loopback address`), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, usable);
      return callback(null, usable[0]!.address, usable[0]!.family);
    });
  };

export interface OutboundAnswer {
  status: number;
  /** The first 1,000 characters of the answer's body. */
  body: string;
  durationMs: number;
}

/**
 * Connections kept for reuse, per guard setting (their lookup is made with the connection, so a pool never mixes
 * guarded and unguarded ones). An idle connection is closed after a few seconds, before a receiver's own idle limit
 * commonly closes it (5 s in Node), and at most `MAX_SOCKETS` are open to one host.
 */
const IDLE_MS = 4_000;
const MAX_SOCKETS = 16;
const agentOptions = { keepAlive: true, timeout: IDLE_MS, maxSockets: MAX_SOCKETS, maxFreeSockets: MAX_SOCKETS, scheduling: 'lifo' as const };
const agents = {
  guarded: { http: new HttpAgent(agentOptions), https: new HttpsAgent(agentOptions) },
  open: { http: new HttpAgent(agentOptions), https: new HttpsAgent(agentOptions) },
};

/**
 * POSTs `body` to `url` and answers the status and an excerpt of the answer (3xx included: no redirect is
 * followed). Throws `OutboundRefused` for a non-public target (unless `allowPrivate`) and a network error or
 * timeout as it comes.
 */
export async function postOutbound(
  url: string,
  options: { body: string; headers: Record<string, string>; timeoutMs: number; allowPrivate: boolean; resolve?: Resolver },
): Promise<OutboundAnswer> {
  const problem = outboundUrlProblem(url, options.allowPrivate);
  if (problem) throw new OutboundRefused(problem);
  const target = new URL(url);
  const started = performance.now();
  const https = target.protocol === 'https:';
  // A resolver of the caller's own (tests) gets a connection of its own: a pooled one was looked up by another.
  const agent = options.resolve ? false : agents[options.allowPrivate ? 'open' : 'guarded'][https ? 'https' : 'http'];
  const lookup = options.allowPrivate ? undefined : guardedLookup(options.resolve ?? systemResolver);
  const attempt = () =>
    new Promise<OutboundAnswer>((resolve, reject) => {
      const req = (https ? httpsRequest : httpRequest)(
        target,
        {
          method: 'POST',
          agent,
          headers: { ...options.headers, 'content-length': Buffer.byteLength(options.body).toString() },
          timeout: options.timeoutMs,
          ...(lookup ? { lookup } : {}),
        },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            if (size < 4096) chunks.push(chunk);
            size += chunk.length;
          });
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              body: Buffer.concat(chunks).toString('utf8').slice(0, 1000),
              durationMs: Math.round(performance.now() - started),
            }),
          );
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`No answer within ${options.timeoutMs} ms`)));
      req.on('error', (error: NodeJS.ErrnoException) => reject(Object.assign(error, { reusedSocket: req.reusedSocket })));
      req.end(options.body);
    });
  try {
    return await attempt();
  } catch (error) {
    // A kept connection the receiver closed just as it was reused (its idle limit): the request almost surely never
    // reached it, so it goes once more on a new connection rather than failing the attempt (a webhook receiver drops
    // a repeat by its delivery id).
    const e = error as NodeJS.ErrnoException & { reusedSocket?: boolean };
    if (e.reusedSocket && (e.code === 'ECONNRESET' || e.code === 'EPIPE')) return attempt();
    throw error;
  }
}
