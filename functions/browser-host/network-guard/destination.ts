/**
 * Resolves a destination once and judges every address it resolves to. The caller connects to the addresses
 * returned here and nowhere else, so a name that answers differently a moment later (DNS rebinding) gains nothing.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { normalizeHost, type AddressPolicy, type AllowList } from './allow-list.js';

export type Resolver = (host: string) => Promise<string[]>;

export interface DestinationRules {
  allow: AllowList;
  policy: AddressPolicy;
  resolve: Resolver;
  /** How long a lookup may take before the destination counts as unresolvable. */
  timeoutMs: number;
}

export type Verdict =
  | { allowed: true; host: string; addresses: string[] }
  | { allowed: false; host: string; address: string; reason: string; message: string };

/** The lookup of the guard: every address of the name, IPv4 and IPv6, as the system resolver answers. */
export const systemResolver: Resolver = async (host) =>
  (await lookup(host, { all: true })).map((entry) => entry.address);

/** A name that does not resolve (in time): the request fails as a bad gateway, it is not a refusal. */
export class UnresolvableHostError extends Error {
  constructor(
    readonly host: string,
    cause: unknown,
  ) {
    super(
      `cannot resolve ${host}: ${cause instanceof Error ? ((cause as NodeJS.ErrnoException).code ?? cause.message) : String(cause)}`,
      { cause },
    );
    this.name = 'UnresolvableHostError';
  }
}

const withDeadline = <T>(work: Promise<T>, ms: number, what: string): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms)),
  );
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
};

export const checkDestination = async (rawHost: string, rules: DestinationRules): Promise<Verdict> => {
  const host = normalizeHost(rawHost);
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = await withDeadline(rules.resolve(host), rules.timeoutMs, 'lookup');
    } catch (error) {
      throw new UnresolvableHostError(host, error);
    }
    if (addresses.length === 0) throw new UnresolvableHostError(host, new Error('no addresses'));
  }
  // A host allowed by name may resolve to anything; its addresses are still the only ones connected to.
  if (rules.allow.hosts.has(host)) return { allowed: true, host, addresses };
  for (const address of addresses) {
    const reason = rules.policy(address);
    if (reason === undefined) continue;
    const message =
      address === host
        ? `blocked: ${address} is ${reason}`
        : `blocked: ${host} resolves to ${address}, which is ${reason}`;
    return { allowed: false, host, address, reason, message };
  }
  return { allowed: true, host, addresses };
};
