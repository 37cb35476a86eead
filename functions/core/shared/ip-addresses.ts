/**
 * Which IP addresses are public. Webhook deliveries and the browsers' network guard share this one classification:
 * neither may become a door into the network the service runs in, so loopback, link-local (cloud metadata endpoints
 * live at 169.254.169.254 and fd00:ec2::254), private, shared (carrier-grade NAT) and unspecified addresses are
 * refused unless the deployment allows them.
 */
import { isIP } from 'node:net';

const ipv4ToNumber = (address: string): number => address.split('.').reduce((sum, part) => sum * 256 + Number(part), 0);

const inV4 = (value: number, base: string, bits: number): boolean => {
  const size = 2 ** (32 - bits);
  const start = ipv4ToNumber(base);
  return value >= start && value < start + size;
};

const IPV4_BLOCKED: [string, number, string][] = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'shared (carrier-grade NAT)'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'IETF protocol assignments'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

/** The 8 groups of an IPv6 address as numbers, an embedded dotted IPv4 tail included. */
const ipv6Groups = (address: string): number[] => {
  let text = address.toLowerCase().split('%')[0];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const v4 = ipv4ToNumber(dotted[1]);
    text = `${text.slice(0, -dotted[1].length)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const parse = (part: string | undefined) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  const fill = tail === undefined ? [] : new Array<number>(8 - left.length - right.length).fill(0);
  return [...left, ...fill, ...right];
};

/** Why an address is not a public one, or undefined when it is. */
export const nonPublicReason = (address: string): string | undefined => {
  const family = isIP(address.split('%')[0]);
  if (family === 4) {
    const value = ipv4ToNumber(address);
    return IPV4_BLOCKED.find(([base, bits]) => inV4(value, base, bits))?.[2];
  }
  if (family !== 6) return 'not an IP address';
  const g = ipv6Groups(address);
  const zeroPrefix = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroPrefix(8)) return 'unspecified';
  if (zeroPrefix(7) && g[7] === 1) return 'loopback';
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) forms: judge the IPv4 inside.
  const embedded = `${g[6] >> 8}.${g[6] & 0xff}.${g[7] >> 8}.${g[7] & 0xff}`;
  if (zeroPrefix(5) && g[5] === 0xffff) return nonPublicReason(embedded);
  if (zeroPrefix(6)) return nonPublicReason(embedded);
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return nonPublicReason(embedded);
  if ((g[0] & 0xffc0) === 0xfe80) return 'link-local';
  if ((g[0] & 0xfe00) === 0xfc00) return 'private (unique local)';
  if ((g[0] & 0xffc0) === 0xfec0) return 'site-local';
  if ((g[0] & 0xff00) === 0xff00) return 'multicast';
  return undefined;
};

/**
 * Whether `address` lies in `cidr` (`10.0.0.0/8`, `fd00::/8`, or a single address). An IPv4-mapped IPv6 address
 * (`::ffff:10.1.2.3`) is judged as the IPv4 address it carries. Throws a RangeError for a malformed range.
 */
export const inCidr = (address: string, cidr: string): boolean => {
  const [base, bitsText, ...extra] = cidr.split('/');
  const range = addressBits(base ?? '');
  const width = range?.family === 4 ? 32 : 128;
  const bits = bitsText === undefined ? width : Number(bitsText);
  if (!range || extra.length > 0 || !/^\d{1,3}$/.test(bitsText ?? String(width)) || bits > width) {
    throw new RangeError(`${cidr} is not an IP address or CIDR range`);
  }
  const candidate = addressBits(address);
  if (!candidate || candidate.family !== range.family) return false;
  const shift = BigInt(width - bits);
  return candidate.value >> shift === range.value >> shift;
};

/** An address as one number, IPv4-mapped IPv6 folded to IPv4; undefined when it is not an IP address. */
const addressBits = (address: string): { family: 4 | 6; value: bigint } | undefined => {
  const plain = address.replace(/^\[(.*)\]$/, '$1');
  const family = isIP(plain.split('%')[0]);
  if (family === 4) return { family: 4, value: BigInt(ipv4ToNumber(plain)) };
  if (family !== 6) return undefined;
  const g = ipv6Groups(plain);
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return { family: 4, value: BigInt(g[6] * 65536 + g[7]) };
  return { family: 6, value: g.reduce((sum, group) => sum * 65536n + BigInt(group), 0n) };
};
