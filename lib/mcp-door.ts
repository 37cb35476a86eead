/**
 * `/mcp` on the API (functions/composition/lambda/entries/mcp.ts): one streamed function, outside the VPC, whose tools call the routes
 * above through the API's public URL with the caller's key, so every operation still runs in its own function.
 */
import { Duration } from 'aws-cdk-lib';
import { LambdaIntegration, ResponseTransferMode, type RestApi } from 'aws-cdk-lib/aws-apigateway';
import type { Construct } from 'constructs';
import { fileURLToPath } from 'node:url';
import { ApiFunction, maxTimeoutSeconds, type ApiFunctionProps } from './api-function.js';
import type { Binding } from './binding.js';

/** MCP_PATH of functions/mcp/door.ts (lib reads no runtime module; test/infra/api.test.ts holds the two equal). */
const MCP_PATH = '/mcp';

export const mcpEntry = fileURLToPath(new URL('../functions/composition/lambda/entries/mcp.ts', import.meta.url));

export const addMcpDoor = (
  scope: Construct,
  restApi: RestApi,
  props: Omit<ApiFunctionProps, 'handler' | 'entry' | 'timeout' | 'network'>,
  bindings: readonly Binding[],
): ApiFunction => {
  const timeout = Duration.seconds(maxTimeoutSeconds);
  const door = new ApiFunction(scope, 'Mcp', { ...props, handler: 'mcp', entry: mcpEntry, timeout });
  // The key check reads the records; the rest goes through the API.
  for (const binding of bindings) binding.bindTo(door.function);
  // Every method: the door itself answers anything but POST with 405 (a stateless server offers no GET stream).
  restApi.root.resourceForPath(MCP_PATH).addMethod(
    'ANY',
    new LambdaIntegration(door.function, {
      allowTestInvoke: false,
      responseTransferMode: ResponseTransferMode.STREAM,
      timeout,
    }),
  );
  return door;
};
