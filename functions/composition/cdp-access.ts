/** Who may open a session's CDP socket: a client whose API key belongs to the session's org, while it runs. */
import type { IncomingMessage } from 'node:http';
import { getSession } from '../core/sessions/queries.js';
import type { Deps } from '../api/deps.js';
import { bearerToken } from '../http/middleware/authenticate.js';

export const clientMayDrive =
  (deps: Pick<Deps, 'authenticate' | 'records' | 'keyConnections'>) =>
  async (request: IncomingMessage, sessionId: string): Promise<boolean> => {
    const token = bearerToken(request.headers.authorization);
    const principal = token ? await deps.authenticate(token) : undefined;
    if (!principal) return false;
    // Another org's session is not found, like everywhere else.
    if ((await getSession(deps.records, principal.orgId, sessionId))?.status !== 'running') return false;
    // The socket outlives this check: revoking the key closes it (api/key-connections.ts). For an upgrade the
    // request's socket is the client's connection itself.
    const forget = deps.keyConnections.hold(principal, () => request.socket.destroy());
    request.socket.once('close', forget);
    return true;
  };
