/**
 * A session may bring its own upstream proxy; its traffic then leaves through that proxy's network, not the host's.
 * Under the guard the proxy itself must not be a way in: its address is judged like any destination, and the
 * browser is pointed at the address that was checked so a later lookup cannot swap it.
 */
import { ProxyAddressRefusedError } from '../errors.js';
import type { NetworkGuard } from '../network-guard.js';

/** The proxy URL to launch with (pinned to its checked address), or a ProxyAddressRefusedError. */
export const vetUpstreamProxy = async (guard: Pick<NetworkGuard, 'check'>, proxyServer: string): Promise<string> => {
  const url = new URL(proxyServer);
  let verdict;
  try {
    verdict = await guard.check(url.hostname);
  } catch (error) {
    throw new ProxyAddressRefusedError(proxyServer, error instanceof Error ? error.message : String(error));
  }
  if (!verdict.allowed) throw new ProxyAddressRefusedError(proxyServer, verdict.message);
  // TLS to an https proxy checks its certificate against the name, so that name stays (and is looked up again).
  if (url.protocol === 'https:') return proxyServer;
  const address = verdict.addresses[0];
  const host = address.includes(':') ? `[${address}]` : address;
  return `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`;
};
