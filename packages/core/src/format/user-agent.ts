/**
 * The client of a sign-in or a change as a person reads it (issue 25): "Chrome on macOS" for a browser, "API client"
 * for a program calling the API (Node's fetch sends "node", curl "curl/8.4.0"). The one parser of user agents: the
 * sessions list and both audit logs show it, with the raw string as the detail. Only common browsers and systems are
 * named; an unknown browser is named by its system.
 */
export function describeUserAgent(userAgent: string | null | undefined): string {
  const agent = userAgent?.trim();
  if (!agent) return 'Unknown device';
  const browser =
    (/Edg(e|A|iOS)?\//.test(agent) && 'Edge') ||
    (/OPR\/|^Opera\//.test(agent) && 'Opera') ||
    (/Firefox\/|FxiOS\//.test(agent) && 'Firefox') ||
    (/Chrome\/|CriOS\//.test(agent) && 'Chrome') ||
    (/Safari\//.test(agent) && /Version\//.test(agent) && 'Safari') ||
    undefined;
  // Browsers (and the apps that embed one) all open with "Mozilla/5.0"; programs name themselves ("node", "curl/8.4.0").
  if (!browser && !/^Mozilla\//.test(agent)) return 'API client';
  const system =
    (/iPhone|iPad|iPod/.test(agent) && 'iOS') ||
    (/Android/.test(agent) && 'Android') ||
    (/Windows/.test(agent) && 'Windows') ||
    (/Mac OS X|Macintosh/.test(agent) && 'macOS') ||
    (/CrOS/.test(agent) && 'ChromeOS') ||
    (/Linux/.test(agent) && 'Linux') ||
    undefined;
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  return system ? `Browser on ${system}` : 'Web browser';
}

/**
 * Where a sign-in or a change came from, as a person reads it (issue 25: not "Where ::1"): "This computer" for a
 * loopback address (the server's own machine), "Local network" for a private or link-local one, else the address
 * itself; "Unknown" without one. Screens keep the address in the element's title.
 */
export function describeAddress(ip: string | null | undefined): string {
  const address = ip?.trim().toLowerCase();
  if (!address) return 'Unknown';
  const v4 = address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
  if (v4 === '::1' || /^127\./.test(v4)) return 'This computer';
  const octets = /^(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/.exec(v4);
  if (octets) {
    const [a, b] = [Number(octets[1]), Number(octets[2])];
    if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254)) return 'Local network';
    return address;
  }
  // IPv6 unique local (fc00::/7) and link-local (fe80::/10) addresses.
  if (/^f[cd][0-9a-f]{0,2}:/.test(v4) || /^fe[89ab][0-9a-f]?:/.test(v4)) return 'Local network';
  return address;
}
