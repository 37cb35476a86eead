/**
 * A session's proxy rules name hosts by glob (`*.example.com`): `*` is any sequence (dots included, as in PAC's
 * shExpMatch), `?` one character, everything else literal and case-insensitive. Only host name characters are
 * accepted, so a pattern can never smuggle anything into the matcher.
 */

const DOMAIN_PATTERN = /^[A-Za-z0-9.*?-]{1,253}$/;

export const isDomainPattern = (pattern: string): boolean => DOMAIN_PATTERN.test(pattern);

/**
 * Whether a host fits a glob, in at most pattern × host steps. A glob turned into a regular expression
 * (`*a*a*a*b` → `^.*a.*a.*a.*b$`) backtracks exponentially on a host made to miss it, and a session's own rules are
 * tested in the service's process against every host its pages ask for. Here a mismatch only ever moves the
 * latest `*` one character on: what the earlier stars took can never help, since the later star could take it too.
 */
const globMatches = (pattern: string, host: string): boolean => {
  let p = 0;
  let h = 0;
  let star = -1;
  let resume = 0;
  while (h < host.length) {
    if (p < pattern.length && (pattern[p] === '?' || pattern[p] === host[h])) {
      p += 1;
      h += 1;
    } else if (p < pattern.length && pattern[p] === '*') {
      star = p;
      p += 1;
      resume = h;
    } else if (star >= 0) {
      p = star + 1;
      resume += 1;
      h = resume;
    } else return false;
  }
  while (pattern[p] === '*') p += 1;
  return p === pattern.length;
};

/** A predicate over hosts (names or addresses, any case, IPv6 with or without brackets). */
export const domainMatcher = (patterns: readonly string[]): ((host: string) => boolean) => {
  const invalid = patterns.find((pattern) => !isDomainPattern(pattern));
  if (invalid !== undefined) throw new RangeError(`not a host name pattern: ${JSON.stringify(invalid)}`);
  const globs = patterns.map((pattern) => pattern.toLowerCase());
  return (host) => {
    const bare = host
      .toLowerCase()
      .replace(/^\[(.*)\]$/, '$1')
      .replace(/\.$/, '');
    return globs.some((glob) => globMatches(glob, bare));
  };
};

/** True when the patterns send every host through the proxy, so no routing is needed. */
export const matchesEverything = (patterns: readonly string[]): boolean => patterns.includes('*');
