/**
 * Which IP addresses are public. Webhook deliveries and the browsers' network guard share this one classification:
 * neither may become a door into the network the service runs in, so loopback, link-local (cloud metadata endpoints
 * live at 169.254.169.254 and fd00:ec2::254), private, shared (carrier-grade NAT), unspecified, documentation,
 * benchmarking and other special-purpose addresses are refused unless the deployment allows them.
 *
 * The ranges are ipaddr.js's names for the IANA special-purpose registries; this file only decides which of them
 * are public, and looks inside the IPv6 forms that carry an IPv4 address (mapped, translated, NAT64, 6to4, Teredo),
 * since a packet to those ends up at the IPv4 address they wrap.
 */
import ipaddr from 'ipaddr.js';
import { isIP } from 'node:net';

/** Reasons by ipaddr.js range name; a name missing here (`unicast` and the globally reachable ones) is public. */
const IPV4_REASONS: Record<string, string> = {
  unspecified: 'unspecified',
  broadcast: 'broadcast',
  multicast: 'multicast',
  linkLocal: 'link-local',
  loopback: 'loopback',
  carrierGradeNat: 'shared (carrier-grade NAT)',
  private: 'private',
  // 192.0.0.0/24, 192.0.2.0/24, 192.88.99.0/24, 198.18.0.0/15, 198.51.100.0/24, 203.0.113.0/24, 240.0.0.0/4
  reserved: 'reserved (IETF protocol, documentation, benchmarking or future use)',
};

const IPV6_REASONS: Record<string, string> = {
  unspecified: 'unspecified',
  linkLocal: 'link-local',
  multicast: 'multicast',
  loopback: 'loopback',
  uniqueLocal: 'private (unique local)',
  deprecatedSiteLocal: 'site-local',
  discard: 'discard-only',
  benchmarking: 'benchmarking',
  deprecatedOrchid: 'reserved (deprecated ORCHID)',
  segmentRouting: 'segment routing',
  // 2001::/23 (IETF protocol assignments), 2001:db8::/32 and 3fff::/20 (documentation)
  reserved: 'reserved (IETF protocol or documentation)',
};

const v4 = (value: number): ipaddr.IPv4 =>
  new ipaddr.IPv4([value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff]);
const word = (parts: number[], index: number): number => ((parts[index] << 16) | parts[index + 1]) >>> 0;

/** The IPv4 addresses an IPv6 address delivers to, by the transition form it is in; undefined when it carries none. */
const embeddedIpv4 = (address: ipaddr.IPv6, range: string): ipaddr.IPv4[] | undefined => {
  const parts = address.parts;
  switch (range) {
    case 'ipv4Mapped': // ::ffff:a.b.c.d
    case 'rfc6145': // ::ffff:0:a.b.c.d
      return [v4(word(parts, 6))];
    case 'rfc6052': // 64:ff9b::a.b.c.d (and the local-use 64:ff9b:1::/48, refused below)
      return [v4(word(parts, 6))];
    case '6to4': // 2002:AABB:CCDD::/48 routes to AA.BB.CC.DD
      return [v4(word(parts, 1))];
    case 'teredo': // 2001:0:SERVER:…:~CLIENT: both ends are reached
      return [v4(word(parts, 2)), v4(~word(parts, 6) >>> 0)];
    default:
      // IPv4-compatible (::a.b.c.d, deprecated but still parsed by stacks): everything but ::/128 and ::1.
      return parts.slice(0, 6).every((part) => part === 0) ? [v4(word(parts, 6))] : undefined;
  }
};

const ipv4Reason = (address: ipaddr.IPv4): string | undefined => IPV4_REASONS[address.range()];

const ipv6Reason = (address: ipaddr.IPv6): string | undefined => {
  const range = address.range();
  const own = IPV6_REASONS[range];
  if (own) return own;
  if (range === 'rfc6052' && address.parts[2] !== 0) return 'NAT64 local-use';
  const carried = embeddedIpv4(address, range);
  if (!carried) return undefined;
  for (const inner of carried) {
    const reason = ipv4Reason(inner);
    if (reason) return range === 'ipv4Mapped' || range === 'unicast' ? reason : `${reason} (inside ${range})`;
  }
  return undefined;
};

/** Why an address is not a public one, or undefined when it is. */
export const nonPublicReason = (address: string): string | undefined => {
  const plain = address.split('%')[0];
  // isIP first: ipaddr.js also reads loose spellings (`127.1`, `0x7f.0.0.1`) that no resolver answers with.
  const family = isIP(plain);
  if (family === 4) return ipv4Reason(ipaddr.IPv4.parse(plain));
  if (family === 6) return ipv6Reason(ipaddr.IPv6.parse(plain));
  return 'not an IP address';
};

/** Whether a connection to the address ends on this machine itself (loopback, or the unspecified address). */
export const reachesThisMachine = (address: string): boolean =>
  /^(?:loopback|unspecified)\b/.test(nonPublicReason(address) ?? '');

/** An address as ipaddr.js reads it, IPv4-mapped IPv6 folded to IPv4; undefined when it is not an IP address. */
const parsed = (address: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined => {
  const plain = address.replace(/^\[(.*)\]$/, '$1').split('%')[0];
  return isIP(plain) ? ipaddr.process(plain) : undefined;
};

/**
 * Whether `address` lies in `cidr` (`10.0.0.0/8`, `fd00::/8`, or a single address). An IPv4-mapped IPv6 address
 * (`::ffff:10.1.2.3`) is judged as the IPv4 address it carries. Throws a RangeError for a malformed range.
 */
export const inCidr = (address: string, cidr: string): boolean => {
  const [base, bitsText, ...extra] = cidr.split('/');
  const range = parsed(base ?? '');
  const width = range?.kind() === 'ipv4' ? 32 : 128;
  const bits = bitsText === undefined ? width : Number(bitsText);
  if (!range || extra.length > 0 || !/^\d{1,3}$/.test(bitsText ?? String(width)) || bits > width) {
    throw new RangeError(`${cidr} is not an IP address or CIDR range`);
  }
  const candidate = parsed(address);
  if (!candidate || candidate.kind() !== range.kind()) return false;
  // Same kind, checked above: the union's overloads cannot see that.
  return (candidate as ipaddr.IPv4).match(range as ipaddr.IPv4, bits);
};
