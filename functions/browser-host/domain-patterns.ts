/**
 * A session's proxy rules name hosts by glob (`*.example.com`): `*` is any sequence (dots included, as in PAC's
 * shExpMatch), `?` one character, everything else literal and case-insensitive. Only host name characters are
 * accepted, so a pattern can never smuggle anything into the matcher.
 */

const DOMAIN_PATTERN = /^[A-Za-z0-9.*?-]{1,253}$/;

export const isDomainPattern = (pattern: string): boolean => DOMAIN_PATTERN.test(pattern);

const toRegExp = (pattern: string): RegExp =>
  new RegExp(`^${pattern.toLowerCase().replace(/\./g, '\\.').replace(/\*/g, '.*').replace(/\?/g, '.')}$`);

/** A predicate over hosts (names or addresses, any case, IPv6 with or without brackets). */
export const domainMatcher = (patterns: readonly string[]): ((host: string) => boolean) => {
  const invalid = patterns.find((pattern) => !isDomainPattern(pattern));
  if (invalid !== undefined) throw new RangeError(`not a host name pattern: ${JSON.stringify(invalid)}`);
  const expressions = patterns.map(toRegExp);
  return (host) => {
    const bare = host
      .toLowerCase()
      .replace(/^\[(.*)\]$/, '$1')
      .replace(/\.$/, '');
    return expressions.some((expression) => expression.test(bare));
  };
};

/** True when the patterns send every host through the proxy, so no routing is needed. */
export const matchesEverything = (patterns: readonly string[]): boolean => patterns.includes('*');
