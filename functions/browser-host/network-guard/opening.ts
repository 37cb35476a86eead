/**
 * One step shared by every way through the guard (forward request, CONNECT tunnel, upgrade): check the destination,
 * then connect to the address that was checked. Failures come back as the status and text to answer with.
 */
import type { Socket } from 'node:net';
import { reachesThisMachine } from '../../net/ip-addresses.js';
import type { ReservedPorts } from '../control-ports.js';
import type { HostLogger } from '../types.js';
import { connectToChecked } from './connect.js';
import { checkDestination, UnresolvableHostError, type DestinationRules, type Verdict } from './destination.js';

export type Opening = { socket: Socket } | { status: 403 | 502; body: string };

export interface GuardContext {
  rules: DestinationRules;
  /** Loopback ports no page may reach, whatever the rules allow (the host's own control ports). */
  reserved?: ReservedPorts;
  connectTimeoutMs: number;
  log: HostLogger;
  /** Registers a socket so closing the guard ends it. */
  track(socket: Socket): Socket;
}

export const checkLogged = async (context: GuardContext, host: string): Promise<Verdict> => {
  const verdict = await checkDestination(host, context.rules);
  if (!verdict.allowed) {
    context.log('warn', 'network guard refused a destination', {
      host: verdict.host,
      address: verdict.address,
      reason: verdict.reason,
    });
  }
  return verdict;
};

export const openDestination = async (
  context: GuardContext,
  host: string,
  port: number,
  signal: AbortSignal,
): Promise<Opening> => {
  try {
    const verdict = await checkLogged(context, host);
    if (!verdict.allowed) return { status: 403, body: verdict.message };
    if (context.reserved?.has(port) && verdict.addresses.some(reachesThisMachine)) {
      context.log('warn', 'network guard refused a control port of the host', { host, port });
      return {
        status: 403,
        body: `blocked: port ${port} of ${verdict.host} is a control port of this service's own browsers`,
      };
    }
    return { socket: context.track(await connectToChecked(verdict.addresses, port, context.connectTimeoutMs, signal)) };
  } catch (error) {
    // Unresolvable names and refused or silent ports are the destination's trouble, not the guard's: a quick 502.
    if (!(error instanceof UnresolvableHostError))
      context.log('info', 'network guard could not reach a destination', { host, port, error: String(error) });
    return { status: 502, body: `bad gateway: ${error instanceof Error ? error.message : String(error)}` };
  }
};

/** A complete HTTP/1.1 answer written on a raw socket (CONNECT and upgrade requests have no response object). */
export const rawAnswer = (status: number, statusText: string, body: string): string =>
  `HTTP/1.1 ${status} ${statusText}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
