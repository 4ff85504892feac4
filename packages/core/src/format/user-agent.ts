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
