/** The one address classification shared by webhook deliveries and the browsers' network guard. */
import { describe, expect, it } from 'vitest';
import { inCidr, nonPublicReason } from '../../functions/core/shared/ip-addresses.js';

describe('address classification', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'shared (carrier-grade NAT)'],
    ['169.254.169.254', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['fd00:ec2::254', 'private (unique local)'],
    ['fc00::1', 'private (unique local)'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['64:ff9b::10.0.0.1', 'private'],
  ])('calls %s %s', (address, reason) => {
    expect(nonPublicReason(address)).toBe(reason);
  });

  it.each(['8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])('lets the public address %s through', (address) => {
    expect(nonPublicReason(address)).toBeUndefined();
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

  it.each(['10.0.0.0/33', '10.0.0.0/', 'intranet/8', '10.0.0.0/8/1', 'fd00::/129'])('refuses the malformed range %s', (cidr) => {
    expect(() => inCidr('10.0.0.1', cidr)).toThrow(RangeError);
  });
});
