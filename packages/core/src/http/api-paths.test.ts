import { describe, expect, it } from 'vitest';
import { isApiPath } from './api-paths';
import { originOfKind } from './endpoint';

describe('isApiPath', () => {
  it('takes a prefix as a whole segment', () => {
    expect(isApiPath('/v1')).toBe(true);
    expect(isApiPath('/v1/user')).toBe(true);
    expect(isApiPath('/v1/user?x=1')).toBe(true);
    expect(isApiPath('/csrf-token')).toBe(true);
    expect(isApiPath('/_dev/mailbox.json')).toBe(true);
    expect(isApiPath('/v10')).toBe(false);
    expect(isApiPath('/authors')).toBe(false);
    expect(isApiPath('/auth?next=/login')).toBe(true);
  });

  it('leaves pages to the web app', () => {
    for (const page of ['/', '/login', '/register', '/password/reset/abc', '/business/1/payments', '/?v1']) {
      expect(isApiPath(page)).toBe(false);
    }
  });
});

describe('originOfKind', () => {
  it('keeps the scheme and port of the public URL and puts the host kind under the base domain', () => {
    expect(originOfKind('http://localhost:3000', 'checkout', 'localhost')).toBe('http://securecheckout.localhost:3000');
    expect(originOfKind('https://dashboard.example.com/', 'invoice', 'example.com')).toBe('https://invoice.example.com');
    expect(originOfKind('https://example.com', 'app', 'example.com')).toBe('https://example.com');
  });
});
