/**
 * A session may bring its own upstream proxy; its traffic then leaves through that proxy's network, not the host's.
 * Under the guard the proxy itself must not be a way in: its address is judged like any destination, and the
 * browser is pointed at the address that was checked so a later lookup cannot swap it.
 */
import { reachesThisMachine } from '../../net/ip-addresses.js';
import type { ReservedPorts } from '../control-ports.js';
import { ProxyAddressRefusedError } from '../errors.js';
import type { NetworkGuard } from '../network-guard.js';

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443, 'socks4:': 1080, 'socks5:': 1080 };

/**
 * The proxy URL to launch with (pinned to its checked address), or a ProxyAddressRefusedError. Whatever the rules
 * allow, it may not be one of the host's control ports: another session's proxy relay there would lend this
 * session that session's proxy and its credentials.
 */
export const vetUpstreamProxy = async (
  guard: Pick<NetworkGuard, 'check'>,
  proxyServer: string,
  reserved?: ReservedPorts,
): Promise<string> => {
  const url = new URL(proxyServer);
  let verdict;
  try {
    verdict = await guard.check(url.hostname);
  } catch (error) {
    throw new ProxyAddressRefusedError(proxyServer, error instanceof Error ? error.message : String(error));
  }
  if (!verdict.allowed) throw new ProxyAddressRefusedError(proxyServer, verdict.message);
  const port = url.port ? Number(url.port) : DEFAULT_PORTS[url.protocol];
  if (reserved?.has(port) && verdict.addresses.some(reachesThisMachine))
    throw new ProxyAddressRefusedError(proxyServer, `port ${port} is a control port of this service's own browsers`);
  // TLS to an https proxy checks its certificate against the name, so that name stays (and is looked up again).
  if (url.protocol === 'https:') return proxyServer;
  const address = verdict.addresses[0];
  const host = address.includes(':') ? `[${address}]` : address;
  return `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`;
};
