import { describe, expect, it } from 'vitest';
import { domainMatcher, isDomainPattern } from '../../functions/browser-host/domain-patterns.js';
import { validateAcquire } from '../../functions/browser-host/session-options.js';
import { proxySettings } from '../../functions/core/sessions/proxy.js';

describe('domain patterns', () => {
  it('match dots literally and * across any sequence, dots included', () => {
    const matches = domainMatcher(['*.example.com']);
    expect(matches('shop.example.com')).toBe(true);
    expect(matches('a.b.example.com')).toBe(true);
    expect(matches('example.com')).toBe(false);
    expect(matches('shopexample.com')).toBe(false);
    expect(matches('shop.example.com.evil.test')).toBe(false);
    expect(matches('shop-example-com')).toBe(false);
  });

  it('match ? as one character, exact names exactly, and ignore case and a trailing dot', () => {
    const matches = domainMatcher(['api?.example.com', 'Exact.Test']);
    expect(matches('api1.example.com')).toBe(true);
    expect(matches('api12.example.com')).toBe(false);
    expect(matches('EXACT.test.')).toBe(true);
    expect(matches('sub.exact.test')).toBe(false);
  });

  it('answer a pattern made to backtrack at once: many stars, a long host that misses', () => {
    // As a regular expression, this one test would run for longer than the machine lasts.
    const pattern = `${'*a'.repeat(40)}*b`;
    expect(domainMatcher([pattern])(`${'a'.repeat(253)}`)).toBe(false);
    expect(domainMatcher([pattern])(`${'a'.repeat(60)}b`)).toBe(true);
  });

  it('agree with the glob read as a regular expression on every small pattern and host', () => {
    const letters = ['a', 'b', '.', '*', '?'];
    const all = (length: number): string[] =>
      length === 0 ? [''] : all(length - 1).flatMap((head) => letters.map((letter) => head + letter));
    const patterns = [1, 2, 3, 4].flatMap(all);
    const hosts = [0, 1, 2, 3, 4].flatMap(all).filter((host) => !/[*?]/.test(host));
    for (const pattern of patterns) {
      const expression = new RegExp(`^${pattern.replace(/\./g, '\\.').replace(/\*/g, '.*').replace(/\?/g, '.')}$`);
      const matches = domainMatcher([pattern]);
      // A trailing dot names the same host (as tested above).
      for (const host of hosts)
        if (matches(host) !== expression.test(host.replace(/\.$/, ''))) expect({ pattern, host }).toBeUndefined();
    }
  });

  it('match addresses, IPv6 in brackets or not', () => {
    expect(domainMatcher(['10.0.0.*'])('10.0.0.7')).toBe(true);
    expect(domainMatcher(['10.0.0.*'])('10.0.1.7')).toBe(false);
    expect(domainMatcher(['*'])('[::1]')).toBe(true);
  });

  it.each(['*.exa"mple.com', 'a\\b.com', "it's.test", 'shop.test/path', 'a b.test', '(.*)', 'x.test:80', '', 'ü.test'])(
    'refuse %j, so nothing but a host name glob reaches the matcher',
    (pattern) => {
      expect(isDomainPattern(pattern)).toBe(false);
      expect(() => domainMatcher([pattern])).toThrow(RangeError);
    },
  );
});

describe('proxy rules of a session', () => {
  it('keep their patterns, lower-cased, with the one relay they share', () => {
    const { proxy } = proxySettings([
      { domainPattern: '*.Example.com', relay: 'http://proxy.test:3128' },
      { domainPattern: 'api.other.test', relay: 'http://proxy.test:3128' },
    ]);
    expect(proxy).toEqual({ server: 'http://proxy.test:3128', domainPatterns: ['*.example.com', 'api.other.test'] });
  });

  it('send everything through the relay when one rule is *', () => {
    const { proxy } = proxySettings([
      { domainPattern: '*.example.com', relay: 'http://proxy.test:3128' },
      { domainPattern: '*', relay: 'http://proxy.test:3128' },
    ]);
    expect(proxy).toEqual({ server: 'http://proxy.test:3128' });
  });

  it('carry credentials with the patterns', () => {
    const { proxy } = proxySettings([
      { domainPattern: '*.test', relay: { url: 'http://proxy.test:3128', username: 'a', password: 'b' } },
    ]);
    expect(proxy).toEqual({
      server: 'http://proxy.test:3128',
      username: 'a',
      password: 'b',
      domainPatterns: ['*.test'],
    });
  });

  it('still refuse rules that relay to different proxies', () => {
    expect(() =>
      proxySettings([
        { domainPattern: 'a.test', relay: 'http://one.test:3128' },
        { domainPattern: 'b.test', relay: 'http://two.test:3128' },
      ]),
    ).toThrow(/same proxy/);
  });
});

describe('the browser host session options', () => {
  it('accept host name patterns with a proxy server', () => {
    expect(() =>
      validateAcquire('s1', {
        idleTimeoutMs: 1_000,
        proxyServer: 'http://proxy.test:3128',
        proxyDomainPatterns: ['*.test', 'a?.b'],
      }),
    ).not.toThrow();
  });

  it('refuse patterns without a proxy server, an empty list, and anything but host name globs', () => {
    expect(() => validateAcquire('s1', { idleTimeoutMs: 1_000, proxyDomainPatterns: ['*.test'] })).toThrow(
      /need a proxyServer/,
    );
    expect(() =>
      validateAcquire('s1', { idleTimeoutMs: 1_000, proxyServer: 'http://proxy.test:3128', proxyDomainPatterns: [] }),
    ).toThrow(/non-empty/);
    expect(() =>
      validateAcquire('s1', {
        idleTimeoutMs: 1_000,
        proxyServer: 'http://proxy.test:3128',
        proxyDomainPatterns: ['a".test'],
      }),
    ).toThrow(/not a host name pattern/);
  });
});
