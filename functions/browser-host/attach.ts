/**
 * Puts a handler ahead of a server's own request listeners and on its upgrades, so the CDP proxy and the live view
 * can share the API's port. Answers the function that takes it off again and puts the earlier listeners back.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { errorBody, refuseUpgrade, sendJson } from './cdp-http.js';

export interface RouteHandler {
  handleRequest(request: IncomingMessage, response: ServerResponse): boolean;
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean;
}

export const attachAhead = (
  server: Server,
  handler: RouteHandler,
  /** Answers a request nobody claimed when the server had no listener of its own. */
  unclaimed?: (response: ServerResponse) => void,
): (() => void) => {
  const previous = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners('request');
  const onRequest = (request: IncomingMessage, response: ServerResponse) => {
    let handled: boolean;
    try {
      handled = handler.handleRequest(request, response);
    } catch (error) {
      // A handler that cannot read the request (a target no parser takes) must not end the process for it.
      return refuseRequest(response, error);
    }
    if (handled) return;
    if (previous.length === 0 && unclaimed) return unclaimed(response);
    for (const listener of previous) listener.call(server, request, response);
  };
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Node leaves an upgraded socket without an error listener: a client's reset would end the whole process.
    socket.on('error', () => socket.destroy());
    let handled: boolean;
    try {
      handled = handler.handleUpgrade(request, socket, head);
    } catch {
      return refuseUpgrade(socket, 400, 'BAD_REQUEST', 'the request target could not be read');
    }
    // Alone on the server, an unclaimed upgrade would otherwise hang until the client gives up.
    if (!handled && server.listenerCount('upgrade') === 1) refuseUpgrade(socket, 404, 'NOT_FOUND', 'no such route');
  };
  server.on('request', onRequest);
  server.on('upgrade', onUpgrade);
  return () => {
    server.off('request', onRequest);
    server.off('upgrade', onUpgrade);
    for (const listener of previous) server.on('request', listener);
  };
};

const refuseRequest = (response: ServerResponse, error: unknown): void => {
  if (response.headersSent) return void response.destroy();
  const reason = error instanceof Error ? error.message : String(error);
  sendJson(response, 400, errorBody('BAD_REQUEST', `the request could not be read: ${reason}`));
};
