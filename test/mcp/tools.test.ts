/**
 * The tools' input schemas are the routes' schemas: what tools/list shows matches the committed OpenAPI document
 * (which `npm run openapi -- --check` holds to the route table), and a change to a route shows up in its tool.
 */
import { readFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { routeByOperationId } from '../../functions/api/routes.js';
import { createMcpServer } from '../../functions/mcp/server.js';
import { buildTools, inputJsonSchema, toolSpecs } from '../../functions/mcp/tools.js';

const openapi = JSON.parse(readFileSync(new URL('../../functions/api/openapi.json', import.meta.url), 'utf8'));

const listed = async () => {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const server = createMcpServer(buildTools(), () => Promise.reject(new Error('no calls here')), 'Bearer unused');
  await server.connect(serverSide);
  const client = new Client({ name: 'drift', version: '1' });
  await client.connect(clientSide);
  const { tools } = await client.listTools();
  await client.close();
  return tools;
};

/** A schema of the document with each reference to a named component replaced by that component. */
const resolved = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(resolved);
  if (!value || typeof value !== 'object') return value;
  const ref = (value as { $ref?: string }).$ref;
  if (ref?.startsWith('#/components/schemas/')) {
    const { $ref: _ref, ...siblings } = value as Record<string, unknown>;
    return {
      ...(resolved(openapi.components.schemas[ref.slice('#/components/schemas/'.length)]) as object),
      ...siblings,
    };
  }
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolved(item)]));
};

/** What OpenAPI says a caller of this route may send, as one object: path and query parameters, and body fields. */
const fromOpenApi = (operationId: string) => {
  const route = routeByOperationId(operationId);
  const doc = openapi.paths[route.path][route.method.toLowerCase()];
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const parameter of doc.parameters ?? []) {
    properties[parameter.name] = resolved(parameter.schema);
    if (parameter.required) required.push(parameter.name);
  }
  const body = resolved(doc.requestBody?.content['application/json'].schema) as
    | { properties?: object; required?: string[] }
    | undefined;
  Object.assign(properties, body?.properties ?? {});
  required.push(...(body?.required ?? []));
  return { properties, required: required.sort() };
};

describe('MCP tool input schemas', () => {
  it('are the route schemas that the OpenAPI document publishes, field for field', async () => {
    const tools = await listed();
    expect(tools).toHaveLength(toolSpecs.length);
    for (const tool of tools) {
      const spec = toolSpecs.find((candidate) => candidate.name === tool.name)!;
      const expected = fromOpenApi(spec.operationId);
      expect(tool.inputSchema.properties, tool.name).toEqual(expected.properties);
      expect([...(tool.inputSchema.required ?? [])].sort(), tool.name).toEqual(expected.required);
    }
  });

  it('follow a change to a route: a new field, a field made required', () => {
    const route = routeByOperationId('type');
    const changed = {
      ...route,
      body: (route.body as z.ZodObject).extend({
        delayMs: z.number().int().describe('Pause between keys.'),
        elementDescription: z.string(),
      }),
    };
    const [tool] = buildTools([toolSpecs.find((spec) => spec.name === 'window_type')!], () => changed);
    const schema = inputJsonSchema(tool) as unknown as {
      properties: Record<string, { description?: string }>;
      required: string[];
    };
    expect(schema.properties.delayMs.description).toBe('Pause between keys.');
    expect(schema.required).toEqual(
      expect.arrayContaining(['delayMs', 'elementDescription', 'text', 'sessionId', 'windowId']),
    );
  });

  it('refuse a route whose parameter and body field share a name (one argument cannot feed both)', () => {
    const route = routeByOperationId('click');
    const clash = { ...route, body: (route.body as z.ZodObject).extend({ windowId: z.string() }) };
    expect(() => buildTools([toolSpecs.find((spec) => spec.name === 'window_click')!], () => clash)).toThrow(
      /windowId/,
    );
  });

  it('name routes that exist, each once', () => {
    expect(new Set(toolSpecs.map((spec) => spec.name)).size).toBe(toolSpecs.length);
    for (const spec of toolSpecs) expect(spec.name).toMatch(/^[a-z]+(_[a-z]+)+$/);
    expect(() => buildTools()).not.toThrow();
  });
});

describe('MCP tool arguments', () => {
  it('that nest deeper than a request body may are refused as invalid, before anything walks them', async () => {
    const { runTool } = await import('../../functions/mcp/call.js');
    const tool = buildTools().find((candidate) => candidate.name === 'window_scroll')!;
    let deep: unknown = 'x';
    for (let i = 0; i < 5_000; i += 1) deep = [deep];
    const result = await runTool(tool, { sessionId: 's', windowId: 'w', scrollBy: { yAxis: deep } }, 'Bearer k', () =>
      Promise.reject(new Error('not to be called')),
    );
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ status: 422, errors: [{ field: '(arguments)' }] });
  });
});

describe('MCP tool arguments of the wrong kind', () => {
  it('are named together, a path argument and a body argument alike', async () => {
    const { runTool } = await import('../../functions/mcp/call.js');
    const tool = buildTools().find((candidate) => candidate.name === 'window_type')!;
    const result = await runTool(tool, { sessionId: 5, windowId: 'w', text: 7 }, 'Bearer k', () =>
      Promise.reject(new Error('not to be called')),
    );
    expect(result.isError).toBe(true);
    const fields = (result.structuredContent as { errors: Array<{ field: string }> }).errors.map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['sessionId', 'text']));
  });
});

describe('MCP tool results', () => {
  const answering = (body: unknown) => () => Promise.resolve({ status: 200, body: JSON.stringify(body) });
  const hover = () => buildTools().find((candidate) => candidate.name === 'window_hover')!;
  const args = { sessionId: 's', windowId: 'w', elementDescription: 'x' };

  it('are tool errors when the operation failed, though the API answered 2xx', async () => {
    const { runTool } = await import('../../functions/mcp/call.js');
    const failed = {
      data: { modelResponse: '' },
      meta: { status: 'failure', usage: { credits: 0 } },
      errors: [{ code: 'element_not_found', message: 'nothing on the page matches "x"' }],
    };
    const result = await runTool(hover(), args, 'Bearer k', answering(failed));
    expect(result.isError).toBe(true);
    expect(result.content[0]).toEqual({ type: 'text', text: 'element_not_found: nothing on the page matches "x"' });
    expect(result.structuredContent).toEqual(failed);
  });

  it("of form_filler_create carry the automationId in data, besides the wire format's JSON string", async () => {
    const { runTool } = await import('../../functions/mcp/call.js');
    const tool = buildTools().find((candidate) => candidate.name === 'form_filler_create')!;
    const modelResponse = JSON.stringify({ automationId: 'auto-1', schema: { type: 'object' } });
    const result = await runTool(
      tool,
      { sessionId: 's', windowId: 'w' },
      'Bearer k',
      answering({ data: { modelResponse }, meta: { status: 'success' } }),
    );
    expect(result.structuredContent).toMatchObject({ data: { automationId: 'auto-1', modelResponse } });
  });

  it('are not errors when the operation succeeded, or did part of its work', async () => {
    const { runTool } = await import('../../functions/mcp/call.js');
    for (const status of ['success', 'partial']) {
      const result = await runTool(hover(), args, 'Bearer k', answering({ data: {}, meta: { status } }));
      expect(result.isError).toBeUndefined();
    }
  });
});
