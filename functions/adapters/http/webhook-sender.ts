/**
 * The webhook transport over node:http(s). The address guard runs inside the socket's own DNS lookup, on the very
 * addresses the connection will use, so a target cannot pass the check at accept time and then rebind to a
 * private address; redirects are not followed (a 3xx counts as a failed attempt).
 */
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions, type LookupOneOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import type { WebhookPost, WebhookPostOutcome, WebhookTransport } from '../../ports/webhooks.js';
import { resolveHost } from './dns.js';

class RefusedAddressError extends Error {
  readonly code = 'EREFUSEDADDRESS';
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A `lookup` for http.request that resolves as usual, then refuses addresses the guard rejects. */
const guardedLookup =
  (allow: (address: string) => boolean) =>
  (hostname: string, options: LookupOneOptions | LookupAllOptions, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '');
      const allowed = addresses.filter((entry) => allow(entry.address));
      if (allowed.length === 0) {
        return callback(
          new RefusedAddressError(
            `${hostname} resolves to ${addresses.map((a) => a.address).join(', ')}: not an allowed webhook address`,
          ),
          '',
        );
      }
      if ((options as LookupAllOptions).all) return callback(null, allowed);
      callback(null, allowed[0].address, allowed[0].family);
    });
  };

const send = (request: WebhookPost): Promise<Omit<WebhookPostOutcome, 'durationMs'>> =>
  new Promise((resolve) => {
    const url = new URL(request.url);
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    // An IP literal skips `lookup` entirely, so it is judged here.
    if (isIP(host) && !request.allowAddress(host)) {
      resolve({ error: `${host} is not an allowed webhook address` });
      return;
    }
    const client = url.protocol === 'https:' ? https : http;
    // One deadline for the whole attempt: the socket's own timeout is only for silence, and a receiver that sends a
    // byte now and then (headers trickled, a body that never ends) would hold the attempt, and a worker, forever.
    const deadline = setTimeout(
      () => req.destroy(new Error(`no answer within ${request.timeoutMs} ms`)),
      request.timeoutMs,
    );
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: {
          ...request.headers,
          'content-length': String(Buffer.byteLength(request.body)),
          'user-agent': 'sessionhost-webhooks/1',
        },
        lookup: guardedLookup(request.allowAddress) as unknown as typeof dnsLookup,
        timeout: request.timeoutMs,
        agent: false,
      },
      (res) => {
        // Only the status matters, and it is known: the attempt ends now. The body is drained (bounded by the
        // deadline) so the socket closes cleanly.
        resolve({ statusCode: res.statusCode });
        res.resume();
        res.on('close', () => clearTimeout(deadline));
        res.on('error', () => undefined);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${request.timeoutMs} ms`)));
    req.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(deadline);
      resolve({ error: error.message || error.code || String(error) });
    });
    req.end(request.body);
  });

export const createHttpWebhookTransport = (): WebhookTransport => ({
  resolve: resolveHost,
  post: async (request) => {
    const started = performance.now();
    const outcome = await send(request);
    return { ...outcome, durationMs: performance.now() - started };
  },
});
