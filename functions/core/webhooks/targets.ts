/**
 * Checks a webhook URL when a request is accepted, so a target the service will refuse is a 422 at once rather
 * than a failed delivery later. The transport checks the address again when it connects (see ports/webhooks.ts).
 */
import { isIP } from 'node:net';
import { ValidationError } from '../shared/errors.js';
import type { WebhookSettings } from '../requests/deps.js';
import { nonPublicReason, reachesThisMachine } from '../../net/ip-addresses.js';

const LOCATION = 'body.async.webhookUrl';

const refuse = (message: string, value: string): never => {
  throw new ValidationError([{ location: LOCATION, message, value }]);
};

const portOf = (url: URL): number => Number(url.port || (url.protocol === 'https:' ? 443 : 80));

/**
 * The guard the transport applies to every address it connects to, on each attempt. Given the URL, it refuses this
 * machine on a port that is one of its browsers' control ports now: a port that was free when the request was
 * accepted may since have become a browser's DevTools port, and attempts go on for half an hour.
 */
export const addressGuard = (settings: Pick<WebhookSettings, 'allowPrivate' | 'reservedPorts'>, url?: string) => {
  let port: number | undefined;
  try {
    port = url === undefined ? undefined : portOf(new URL(url));
  } catch {
    port = undefined;
  }
  return (address: string): boolean => {
    if (port !== undefined && settings.reservedPorts?.has(port) && reachesThisMachine(address)) return false;
    return settings.allowPrivate || nonPublicReason(address) === undefined;
  };
};

export const checkWebhookTarget = async (settings: WebhookSettings, raw: string): Promise<void> => {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse('must be an absolute http or https URL', raw);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    refuse(`must use http or https, not ${url.protocol.replace(/:$/, '')}`, raw);
  if (url.username || url.password) refuse('must not carry credentials in the URL', raw);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = portOf(url);
  const reserved = settings.reservedPorts?.has(port) ?? false;
  // Where private targets are allowed there is nothing to judge by address: a name that does not resolve shows
  // up as a failed delivery attempt, and accepting needs no DNS round trip. Unless the port is one of this
  // machine's browser control ports: then where the name leads decides.
  if (settings.allowPrivate && !reserved) return;
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await settings.transport.resolve(host);
  } catch (error) {
    return refuse(`host ${host} does not resolve (${error instanceof Error ? error.message : String(error)})`, raw);
  }
  if (addresses.length === 0) refuse(`host ${host} does not resolve`, raw);
  if (reserved && addresses.some(reachesThisMachine))
    refuse(`port ${port} of ${host} is a control port of this service's own browsers, never a webhook target`, raw);
  if (settings.allowPrivate) return;
  for (const address of addresses) {
    const reason = nonPublicReason(address);
    if (reason)
      refuse(
        `host ${host} resolves to ${address}, a ${reason} address; webhooks may only target public addresses here`,
        raw,
      );
  }
};
