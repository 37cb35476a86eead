/** The base URL clients reach this API at: configured, or else the one the request came in on. */
import type { OperationInput } from '../operation.js';
import { header } from '../reply.js';

export const publicBaseUrl = (input: Pick<OperationInput, 'deps' | 'event'>): string => {
  const configured = input.deps.config.publicBaseUrl;
  if (configured) return configured.replace(/\/+$/, '');
  const host =
    header(input.event, 'x-forwarded-host') ??
    header(input.event, 'host') ??
    `${input.deps.config.host}:${input.deps.config.port}`;
  const proto = header(input.event, 'x-forwarded-proto') ?? 'http';
  return `${proto}://${host}`;
};

/**
 * The base URL of the browser hosts' public side (CDP WebSockets, live view pages): on AWS the load balancer in
 * front of the hosts (API Gateway carries neither); on one machine the API's own address.
 */
export const hostBaseUrl = (input: Pick<OperationInput, 'deps' | 'event'>): string =>
  input.deps.config.hostPublicUrl?.replace(/\/+$/, '') ?? publicBaseUrl(input);
