/**
 * Who may open a session's CDP socket, while it runs: a client whose API key belongs to the session's org, or one
 * holding the signed URL the session answer carries (`signedCdpWsUrl`: a token for that session and org).
 */
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { verifyCdpToken } from '../core/sessions/cdp-token.js';
import { getSession } from '../core/sessions/queries.js';
import type { Deps } from '../api/deps.js';
import { bearerToken } from '../http/middleware/authenticate.js';

const urlToken = (request: IncomingMessage): string | undefined =>
  new URL(request.url ?? '/', 'http://cdp.invalid').searchParams.get('token') ?? undefined;

export const clientMayDrive =
  (deps: Pick<Deps, 'authenticate' | 'records' | 'keyConnections' | 'signingSecret' | 'clock'>) =>
  async (request: IncomingMessage, sessionId: string): Promise<boolean> => {
    const token = bearerToken(request.headers.authorization);
    if (!token) {
      const grant = verifyCdpToken(
        deps.signingSecret,
        urlToken(request) ?? '',
        Math.floor(deps.clock.now().getTime() / 1000),
      );
      // The token names its session: it opens no other, and none once the session stops running.
      return (
        grant?.sessionId === sessionId && (await getSession(deps.records, grant.orgId, sessionId))?.status === 'running'
      );
    }
    const principal = await deps.authenticate(token);
    if (!principal) return false;
    // Another org's session is not found, like everywhere else.
    if ((await getSession(deps.records, principal.orgId, sessionId))?.status !== 'running') return false;
    // The socket outlives this check: revoking the key closes it (api/key-connections.ts). For an upgrade the
    // request's socket is the client's connection itself; a kept-alive connection carries many WebDriver requests,
    // and is watched for each key once.
    const keys = watchedKeys.get(request.socket) ?? new Set<string>();
    watchedKeys.set(request.socket, keys);
    const id = `${principal.orgId}/${principal.keyId}`;
    if (!keys.has(id)) {
      keys.add(id);
      const forget = deps.keyConnections.hold(principal, () => request.socket.destroy());
      request.socket.once('close', forget);
    }
    return true;
  };

/** The keys each client connection is already watched for. */
const watchedKeys = new WeakMap<Socket, Set<string>>();
