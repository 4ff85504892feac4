import { BlockList, isIP } from 'node:net';

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
