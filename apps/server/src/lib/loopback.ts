import { BlockList, isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { AppError } from '@merchant/core';

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** What `BIND_HOST=localhost` (the default) listens on: both loopback addresses, whatever the name resolves to. */
export const LOOPBACK_HOSTS = ['127.0.0.1', '::1'] as const;

/** True for 127.0.0.0/8 and ::1, also written IPv4-mapped (::ffff:127.0.0.1); false for anything else or no address. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  return LOOPBACK.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/**
 * Whether listening on this host keeps the server on the machine itself. `localhost` and loopback
 * addresses do; every other name counts as wider (a name can resolve anywhere), as do 0.0.0.0 and ::.
 */
export function isLoopbackHost(host: string): boolean {
  return host.toLowerCase() === 'localhost' || isLoopbackAddress(host);
}

/** The addresses to listen on for a BIND_HOST value. */
export function listenHosts(host: string): string[] {
  return host.toLowerCase() === 'localhost' ? [...LOOPBACK_HOSTS] : [host];
}

/** Headers a proxy adds when it forwards someone else's request. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'] as const;

/**
 * The dev tools (mailbox, clock) answer the machine itself only. The socket's remote address decides (a
 * client cannot forge it, whatever TRUST_PROXY says about req.ip); a request that a proxy on this machine
 * forwarded for someone else is refused too.
 */
export function onlyFromThisMachine(tool: string) {
  return async (req: FastifyRequest): Promise<void> => {
    const forwarded = FORWARDING_HEADERS.some((h) => req.headers[h] !== undefined);
    if (!isLoopbackAddress(req.socket.remoteAddress) || forwarded) {
      throw new AppError('FORBIDDEN', `The ${tool} answers requests from this machine only.`);
    }
  };
}
