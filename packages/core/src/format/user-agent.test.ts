import { describe, expect, it } from 'vitest';
import { describeAddress, describeUserAgent } from './user-agent';

describe('describeUserAgent', () => {
  it('names the browser and the system of common browsers', () => {
    const cases: [string, string][] = [
      ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome on macOS'],
      ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0', 'Edge on Windows'],
      ['Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0', 'Firefox on Linux'],
      [
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
        'Safari on iOS',
      ],
      ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36', 'Chrome on Android'],
      ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36', 'Chrome on Linux'],
    ];
    for (const [agent, name] of cases) expect(describeUserAgent(agent), agent).toBe(name);
  });

  it('calls a program that is no browser an API client, never by its raw name', () => {
    for (const agent of ['node', 'curl/8.4.0', 'python-requests/2.32.3', 'PostmanRuntime/7.42.0', 'undici', 'Go-http-client/2.0']) {
      expect(describeUserAgent(agent), agent).toBe('API client');
    }
  });

  it('names an unknown browser by its system, and says when nothing was sent', () => {
    expect(describeUserAgent('Mozilla/5.0 (X11; Linux x86_64) SomeBrowser/1.0')).toBe('Browser on Linux');
    expect(describeUserAgent('Mozilla/5.0')).toBe('Web browser');
    for (const none of [null, undefined, '', '  ']) expect(describeUserAgent(none)).toBe('Unknown device');
  });
});

describe('describeAddress', () => {
  it('says "This computer" for loopback and "Local network" for private addresses, never "::1"', () => {
    for (const ip of ['::1', '127.0.0.1', '::ffff:127.0.0.1', '127.8.9.10']) expect(describeAddress(ip), ip).toBe('This computer');
    for (const ip of ['10.0.0.5', '172.16.4.2', '172.31.255.1', '192.168.1.20', '169.254.3.3', '::ffff:192.168.0.2', 'fd12:3456::1', 'fe80::1']) {
      expect(describeAddress(ip), ip).toBe('Local network');
    }
  });

  it('shows a public address as it is, and "Unknown" for none', () => {
    for (const ip of ['203.0.113.7', '172.32.0.1', '8.8.8.8', '2001:db8::1']) expect(describeAddress(ip), ip).toBe(ip);
    for (const none of [null, undefined, '', ' ']) expect(describeAddress(none)).toBe('Unknown');
  });
});
