/**
 * The one address classification shared by webhook deliveries and the browsers' network guard, checked against
 * every entry of the IANA special-purpose address registries (IPv4 and IPv6): an address in a range that is not
 * globally reachable is refused, and so is an IPv6 address that wraps a refused IPv4 address.
 */
import { describe, expect, it } from 'vitest';
import { inCidr, nonPublicReason } from '../../functions/net/ip-addresses.js';

/** [range, an address inside it, refused?]: one row per registry entry, in the registry's order. */
const IANA_IPV4: Array<[string, string, boolean]> = [
  ['0.0.0.0/8 "this network"', '0.1.2.3', true],
  ['0.0.0.0/32 "this host"', '0.0.0.0', true],
  ['10.0.0.0/8 private-use', '10.20.30.40', true],
  ['100.64.0.0/10 shared address space', '100.127.255.254', true],
  ['127.0.0.0/8 loopback', '127.8.9.10', true],
  ['169.254.0.0/16 link local', '169.254.169.254', true],
  ['172.16.0.0/12 private-use', '172.31.0.1', true],
  ['192.0.0.0/24 IETF protocol assignments', '192.0.0.200', true],
  ['192.0.0.0/29 IPv4 service continuity prefix', '192.0.0.1', true],
  ['192.0.0.8/32 IPv4 dummy address', '192.0.0.8', true],
  ['192.0.0.9/32 port control protocol anycast', '192.0.0.9', true],
  ['192.0.0.10/32 TURN anycast', '192.0.0.10', true],
  ['192.0.0.170/32 NAT64/DNS64 discovery', '192.0.0.170', true],
  ['192.0.0.171/32 NAT64/DNS64 discovery', '192.0.0.171', true],
  ['192.0.2.0/24 documentation (TEST-NET-1)', '192.0.2.33', true],
  ['192.31.196.0/24 AS112-v4 (globally reachable)', '192.31.196.1', false],
  ['192.52.193.0/24 AMT (globally reachable)', '192.52.193.1', false],
  ['192.88.99.0/24 deprecated 6to4 relay anycast', '192.88.99.1', true],
  ['192.168.0.0/16 private-use', '192.168.1.1', true],
  ['192.175.48.0/24 direct delegation AS112 (globally reachable)', '192.175.48.6', false],
  ['198.18.0.0/15 benchmarking', '198.19.255.1', true],
  ['198.51.100.0/24 documentation (TEST-NET-2)', '198.51.100.7', true],
  ['203.0.113.0/24 documentation (TEST-NET-3)', '203.0.113.9', true],
  ['240.0.0.0/4 reserved', '250.1.2.3', true],
  ['255.255.255.255/32 limited broadcast', '255.255.255.255', true],
  ['224.0.0.0/4 multicast (not in the registry, never a unicast destination)', '239.1.2.3', true],
];

const IANA_IPV6: Array<[string, string, boolean]> = [
  ['::1/128 loopback', '::1', true],
  ['::/128 unspecified', '::', true],
  ['::ffff:0:0/96 IPv4-mapped, wrapping loopback', '::ffff:127.0.0.1', true],
  ['::ffff:0:0/96 IPv4-mapped, hex spelling', '::ffff:7f00:1', true],
  ['::ffff:0:0:0/96 IPv4-translated, wrapping a private address', '::ffff:0:10.0.0.1', true],
  ['::/96 IPv4-compatible, wrapping link-local', '::169.254.169.254', true],
  ['64:ff9b::/96 NAT64, wrapping a private address', '64:ff9b::10.0.0.1', true],
  ['64:ff9b::/96 NAT64, wrapping loopback in hex', '64:ff9b::7f00:1', true],
  ['64:ff9b:1::/48 local-use NAT64', '64:ff9b:1::8.8.8.8', true],
  ['100::/64 discard-only', '100::1', true],
  ['2001::/23 IETF protocol assignments', '2001:1::5', true],
  ['2001::/32 Teredo, server 127.0.0.1', '2001:0:7f00:1::', true],
  ['2001::/32 Teredo, any server', '2001:0::', true],
  ['2001:2::/48 benchmarking', '2001:2::1', true],
  ['2001:3::/32 AMT (globally reachable)', '2001:3::1', false],
  ['2001:4:112::/48 AS112-v6 (globally reachable)', '2001:4:112::1', false],
  ['2001:10::/28 deprecated ORCHID', '2001:10::1', true],
  ['2001:20::/28 ORCHIDv2 (globally reachable)', '2001:20::1', false],
  ['2001:30::/28 drone remote ID (globally reachable)', '2001:30::1', false],
  ['2001:db8::/32 documentation', '2001:db8::1', true],
  ['2002::/16 6to4, wrapping 127.0.0.1', '2002:7f00:1::', true],
  ['2002::/16 6to4, wrapping 10.1.2.3', '2002:a01:203::1', true],
  ['2620:4f:8000::/48 direct delegation AS112 (globally reachable)', '2620:4f:8000::1', false],
  ['3fff::/20 documentation', '3fff:123::1', true],
  ['5f00::/16 segment routing SIDs', '5f00::1', true],
  ['fc00::/7 unique local', 'fd00:ec2::254', true],
  ['fe80::/10 link-local', 'fe80::1%eth0', true],
  ['fec0::/10 deprecated site-local', 'fec0::1', true],
  ['ff00::/8 multicast', 'ff02::1', true],
];

describe('address classification: the IANA special-purpose registries', () => {
  it.each([...IANA_IPV4, ...IANA_IPV6])('%s: %s refused is %s', (_range, address, refused) => {
    const reason = nonPublicReason(address);
    if (refused) expect(reason, address).toEqual(expect.any(String));
    else expect(reason, address).toBeUndefined();
  });
});

describe('address classification: reasons and public addresses', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['100.64.0.1', 'shared (carrier-grade NAT)'],
    ['169.254.169.254', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['::1', 'loopback'],
    ['fd00:ec2::254', 'private (unique local)'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['2002:7f00:1::', 'loopback (inside 6to4)'],
    ['64:ff9b::10.0.0.1', 'private (inside rfc6052)'],
  ])('calls %s %s', (address, reason) => {
    expect(nonPublicReason(address)).toBe(reason);
  });

  it.each([
    '8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
    '2002:808:808::1',
    '2001:0:808:808::f7f7:f7f7',
  ])('lets the public address %s through', (address) => {
    expect(nonPublicReason(address)).toBeUndefined();
  });

  it.each(['example.com', '127.1', '0x7f.0.0.1', '', '1.2.3.4.5'])('refuses %j as not an IP address', (value) => {
    expect(nonPublicReason(value)).toBe('not an IP address');
  });
});

describe('CIDR ranges', () => {
  it.each([
    ['10.1.2.3', '10.0.0.0/8', true],
    ['11.1.2.3', '10.0.0.0/8', false],
    ['127.0.0.1', '127.0.0.1', true],
    ['127.0.0.2', '127.0.0.1', false],
    ['::ffff:10.1.2.3', '10.0.0.0/8', true],
    ['fd00:ec2::254', 'fd00::/8', true],
    ['fe80::1', 'fd00::/8', false],
    ['::1', '[::1]', true],
    ['10.1.2.3', '::/0', false],
    ['8.8.8.8', '0.0.0.0/0', true],
  ])('%s in %s is %s', (address, cidr, inside) => {
    expect(inCidr(address, cidr)).toBe(inside);
  });

  it.each(['10.0.0.0/33', '10.0.0.0/', 'intranet/8', '10.0.0.0/8/1', 'fd00::/129', '127.1/8'])(
    'refuses the malformed range %s',
    (cidr) => {
      expect(() => inCidr('10.0.0.1', cidr)).toThrow(RangeError);
    },
  );
});
