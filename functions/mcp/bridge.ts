/**
 * The stdio bridge: for MCP clients that only start a local command, messages read from stdin go to a running
 * service's `/mcp` over Streamable HTTP with the API key as bearer, and its answers come back on stdout. It holds
 * no tools of its own, so a client sees exactly what the service offers.
 */
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  ErrorCode,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
  type JSONRPCMessage,
} from '@modelcontextprotocol/sdk/types.js';
import { MCP_PATH } from './door.js';

export interface BridgeOptions {
  /** The service's base URL, e.g. http://127.0.0.1:8080 (a URL ending in /mcp is taken as is). */
  url: string;
  key: string;
  /** The client side; default stdin/stdout. */
  local?: Transport;
  log?: (message: string) => void;
}

/** The door's URL from the service's base URL, or from the door's own (a slash after `/mcp` or not). */
export const mcpUrlOf = (base: string): URL => {
  const url = new URL(base);
  const path = url.pathname.replace(/\/+$/, '');
  url.pathname = path.endsWith(MCP_PATH) ? path : `${path}${MCP_PATH}`;
  return url;
};

/**
 * Runs until either side closes; resolves once the bridge is up. `drain` resolves once every request sent so far
 * has its answer on the client's side: a client that writes its requests and closes stdin (a script, a pipe) still
 * gets them all.
 */
export const startBridge = async (
  options: BridgeOptions,
): Promise<{ close: () => Promise<void>; drain: () => Promise<void> }> => {
  const log = options.log ?? ((message: string) => process.stderr.write(`${message}\n`));
  const local = options.local ?? new StdioServerTransport();
  const remote = new StreamableHTTPClientTransport(mcpUrlOf(options.url), {
    requestInit: { headers: { authorization: `Bearer ${options.key}` } },
  });
  const initializing = new Set<string | number>();
  /** Requests sent and not yet answered, and who waits for there to be none. */
  const pending = new Set<string | number>();
  let drained: Array<() => void> = [];
  const answered = (id: string | number) => {
    pending.delete(id);
    if (pending.size) return;
    for (const done of drained) done();
    drained = [];
  };

  local.onmessage = (message: JSONRPCMessage) => {
    if (isJSONRPCRequest(message) && message.method === 'initialize') initializing.add(message.id);
    if (isJSONRPCRequest(message)) pending.add(message.id);
    remote.send(message).catch((error: Error) => {
      log(`mcp bridge: ${options.url} did not take a message: ${error.message}`);
      // A request must get an answer, or the client waits forever: the failure becomes its error response.
      if (isJSONRPCRequest(message)) {
        void local
          .send({
            jsonrpc: '2.0',
            id: message.id,
            error: { code: ErrorCode.InternalError, message: `the service at ${options.url} failed: ${error.message}` },
          })
          .finally(() => answered(message.id));
      }
    });
  };
  remote.onmessage = (message: JSONRPCMessage) => {
    // Later requests name the protocol version the service chose, as the SDK's own client does.
    if (isJSONRPCResultResponse(message) && initializing.delete(message.id)) {
      const version = (message.result as { protocolVersion?: unknown }).protocolVersion;
      if (typeof version === 'string') remote.setProtocolVersion(version);
    }
    const id = 'id' in message && !('method' in message) ? message.id : undefined;
    void local.send(message).finally(() => id !== undefined && id !== null && answered(id));
  };
  remote.onerror = (error) => log(`mcp bridge: ${error.message}`);
  local.onerror = (error) => {
    log(`mcp bridge: ${error.message}`);
    // A line that is not JSON, or not a JSON-RPC message, has no id to answer: JSON-RPC answers it with id null.
    const code =
      error instanceof SyntaxError ? ErrorCode.ParseError : error.name === 'ZodError' ? ErrorCode.InvalidRequest : 0;
    if (code)
      void local.send({
        jsonrpc: '2.0',
        id: null,
        error: { code, message: code === ErrorCode.ParseError ? 'Parse error' : 'Invalid Request' },
      } as unknown as JSONRPCMessage);
  };
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await Promise.allSettled([remote.close(), local.close()]);
  };
  local.onclose = () => void close();
  remote.onclose = () => void close();
  const drain = () => (pending.size ? new Promise<void>((done) => drained.push(done)) : Promise.resolve());
  await remote.start();
  await local.start();
  return { close, drain };
};
