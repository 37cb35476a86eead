/**
 * Reading what a browser sends a proxy: the absolute-form target of a plain request, the `host:port` of a CONNECT,
 * and the headers that travel on past this hop. Shared by the network guard and the session proxy router.
 */
import type { IncomingHttpHeaders } from 'node:http';

/** Headers that describe one hop, not the message (RFC 9110 §7.6.1), plus the proxy's own. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'proxy-authenticate',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

export const endToEndHeaders = (headers: IncomingHttpHeaders): IncomingHttpHeaders => {
  const named = new Set(
    String(headers.connection ?? '')
      .toLowerCase()
      .split(',')
      .map((name) => name.trim()),
  );
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name) && !named.has(name)));
};

/** `http://host[:port]/…` from the request line, or undefined when it is not an absolute http URL. */
export const absoluteHttpUrl = (target: string | undefined): URL | undefined => {
  try {
    const url = new URL(target ?? '');
    return url.protocol === 'http:' && /^http:\/\//i.test(target ?? '') ? url : undefined;
  } catch {
    return undefined;
  }
};

/** `host:port` of a CONNECT request line (`example.com:443`, `[::1]:8443`), or undefined. */
export const connectTarget = (authority: string | undefined): { host: string; port: number } | undefined => {
  const match = /^(\[[0-9a-fA-F:.]+\]|[^:[\]/\s]+):(\d{1,5})$/.exec(authority ?? '');
  const port = Number(match?.[2]);
  if (!match || port < 1 || port > 65535) return undefined;
  return { host: match[1], port };
};
