/**
 * What the network guard lets through although it is not public: host names allowed by name, and addresses or CIDR
 * ranges allowed by address. Everything else is judged by the shared classification (net/ip-addresses.ts).
 */
import { isIP } from 'node:net';
import { inCidr, nonPublicReason } from '../../net/ip-addresses.js';

/** Why an address may not be reached, or undefined when it may. */
export type AddressPolicy = (address: string) => string | undefined;

export interface AllowList {
  /** Lower-case host names whose every address is allowed. */
  hosts: ReadonlySet<string>;
  /** Addresses and CIDR ranges allowed whatever the name that led to them. */
  ranges: readonly string[];
}

const HOST_NAME = /^[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)*$/;

/** `[::1]` → `::1`, `Intranet.Example.` → `intranet.example`: the spelling names and entries are compared in. */
export const normalizeHost = (host: string): string =>
  host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');

/** Parses allow entries (`intranet.example`, `10.1.2.3`, `10.0.0.0/8`, `fd00::/8`); throws RangeError on a bad one. */
export const parseAllowList = (entries: readonly string[] = []): AllowList => {
  const hosts = new Set<string>();
  const ranges: string[] = [];
  for (const entry of entries) {
    const value = normalizeHost(entry);
    if (value === '') continue;
    if (value.includes('/') || isIP(value)) {
      inCidr('0.0.0.0', value); // throws on a malformed range, at start rather than on the first request
      ranges.push(value);
    } else if (HOST_NAME.test(value)) {
      hosts.add(value);
    } else {
      throw new RangeError(`allowed private host "${entry}" is neither a host name, an IP address nor a CIDR range`);
    }
  }
  return { hosts, ranges };
};

/** The guard's judgement of one address: allowed ranges first, then `classify` (default: anything not public). */
export const guardPolicy =
  (allow: AllowList, classify: AddressPolicy = nonPublicReason): AddressPolicy =>
  (address) =>
    allow.ranges.some((range) => inCidr(address, range)) ? undefined : classify(address);
