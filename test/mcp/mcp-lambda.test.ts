/**
 * The Lambda entry of /mcp, run in-process with a deployed function's environment pointed at a local service: the
 * SDK's client reaches it through an HTTP front that builds API Gateway events (as the gateway does), and its tools
 * reach the API over HTTP at PUBLIC_BASE_URL, as on AWS.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEvent } from '../../functions/http/local/event.js';
import { toolSpecs } from '../../functions/mcp/tools.js';
import { startTestService, type TestService } from '../support/service.js';
import { call, succeeded, textOf } from './scenario.js';

let svc: TestService;
let front: http.Server;
let url: string;
const clients: Client[] = [];

beforeAll(async () => {
  svc = await startTestService();
  const { config } = svc.deps;
  Object.assign(process.env, {
    AWS_REGION: config.awsRegion,
    AWS_ACCESS_KEY_ID: svc.embeddedStores!.credentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: svc.embeddedStores!.credentials.secretAccessKey,
    TABLE_NAME: config.tableName,
    BUCKET_NAME: config.bucketName,
    DYNAMODB_ENDPOINT: config.dynamoEndpoint!,
    S3_ENDPOINT: config.s3Endpoint!,
    SIGNING_SECRET: 'x'.repeat(64),
    PUBLIC_BASE_URL: svc.url,
  });
  const { handler } = await import('../../functions/composition/lambda/entries/mcp.js');
  front = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const event = buildEvent({
      method: request.method!,
      path: request.url!,
      headers: request.headers,
      body: chunks.length ? Buffer.concat(chunks).toString('utf8') : undefined,
    });
    const result = await handler(event, {} as Context);
    response.writeHead(result.statusCode, result.headers as http.OutgoingHttpHeaders).end(result.body);
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(front.address() as AddressInfo).port}/mcp`;
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  front?.close();
  await svc?.stop();
});

const connect = async (key: string) => {
  const client = new Client({ name: 'mcp-lambda-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${key}` } } }),
  );
  clients.push(client);
  return client;
};

describe('MCP on Lambda', () => {
  it('lists the tools and runs them through the API with the caller key, in its org', async () => {
    const client = await connect(svc.key);
    expect((await client.listTools()).tools).toHaveLength(toolSpecs.length);
    const file = succeeded(await call(client, 'file_upload_url', { fileName: 'notes.txt' }));
    const stored = await svc.app.inject({ method: 'GET', path: `/v1/files/${file.data.id}`, headers: svc.auth });
    expect(stored.statusCode).toBe(200);
    const listed = succeeded(await call(client, 'session_list', { status: 'all' }));
    expect(listed.data.pagination).toBeDefined();
    const other = await svc.newOrg('mcp-lambda-other');
    const foreign = await call(await connect(other.key), 'window_list', { sessionId: 'no-such-session' });
    expect(foreign.isError).toBe(true);
    expect(textOf(foreign)).toMatch(/not.found/i);
  });

  it('names the failing field, and refuses an unknown key with 401', async () => {
    const bad = await call(await connect(svc.key), 'window_page_query', { sessionId: 's', windowId: 'w' });
    expect(bad.structuredContent).toMatchObject({
      code: 'validation_failed',
      errors: [expect.objectContaining({ field: 'prompt' })],
    });
    await expect(connect('sk_unknown')).rejects.toThrow(/401/);
  });
});
