import { describe, expect, it } from 'vitest';
import { bearerToken, matchesKey } from './auth.ts';
import { clientAddress } from './client-address.ts';

describe('bearerToken: the one Authorization parser', () => {
  it('reads a bearer token and nothing else', () => {
    expect(bearerToken(undefined)).toBeNull();
    expect(bearerToken('')).toBeNull();
    expect(bearerToken('Bearer abc.def-ghi_jkl')).toBe('abc.def-ghi_jkl');
    expect(bearerToken('bearer  sb_publishable_x ')).toBe('sb_publishable_x');
    for (const header of ['Basic abc', 'Bearer', 'Bearer a b', 'Bearer a,b', 'Bearerabc']) {
      expect(() => bearerToken(header), header).toThrow(expect.objectContaining({ status: 401, code: 'invalid_token' }));
    }
  });
});

describe('matchesKey', () => {
  const keys = ['sb_secret_first-key-0123456789', 'sb_secret_second-key-abcdefghij'];

  it('accepts a configured key, whole', async () => {
    expect(await matchesKey('sb_secret_first-key-0123456789', keys)).toBe(true);
    expect(await matchesKey('sb_secret_second-key-abcdefghij', keys)).toBe(true);
  });

  it('refuses prefixes, suffixes, substrings and the empty string', async () => {
    for (const candidate of ['sb_secret_first', 'sb_secret_first-key-0123456789x', 'first-key', '', 'sb_secret_', keys.join(',')]) {
      expect(await matchesKey(candidate, keys), candidate).toBe(false);
    }
    expect(await matchesKey('anything', [])).toBe(false);
  });
});

describe('clientAddress', () => {
  it('takes the right-most X-Forwarded-For entry, written by the trusted proxy', () => {
    expect(clientAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddress('1.2.3.4, 203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddress(' 2001:db8::1 ')).toBe('2001:db8::1');
  });

  it('is null without the header or for something that is no address', () => {
    expect(clientAddress(undefined)).toBeNull();
    expect(clientAddress('')).toBeNull();
    expect(clientAddress('1.2.3.4, <script>')).toBeNull();
    expect(clientAddress("1.2.3.4, x'; drop table")).toBeNull();
  });
});
