import { Stack, type CfnElement } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { describe, expect, it } from 'vitest';
import type { Route } from '../../functions/api/route.js';
import { routes } from '../../functions/api/routes.js';
import { MCP_PATH } from '../../functions/mcp/door.js';
import { Api } from '../../lib/api.js';
import type { ApiFunction } from '../../lib/api-function.js';
import { gatewayPaths } from '../../lib/gateway-paths.js';
import { routeGroups } from '../../lib/route-groups.js';
import { buildStack, gatewayMethods, resourcesOfType, unbundledApp } from './support.js';

const { stack, template } = buildStack();
const methods = gatewayMethods(template);
const logicalIdOf = (element: CfnElement) => Stack.of(element).getLogicalId(element);
const logicalId = (fn: ApiFunction) => logicalIdOf(fn.function.node.defaultChild as CfnFunction);
const fallbackId = logicalId(stack.api.fallbackFunction);
const notImplementedId = logicalId(stack.api.notImplementedFunction);
const pathOf = new Map(gatewayPaths(routes).map(({ route, path }) => [route, path]));
const methodOf = (route: Route) => methods.filter((m) => m.httpMethod === route.method && m.path === pathOf.get(route));
const functionProps = (id: string) => template.toJSON().Resources[id].Properties;
const built = routes.filter((route) => route.handler);

describe('API methods derived from the route table', () => {
  it('declares every route exactly once, with its method on its path', () => {
    // The console and reference pages are routes of their own (site.test.ts).
    const declared = methods
      .filter((m) => m.httpMethod !== 'ANY' && !/^\/(console|docs)(\/|$)/.test(m.path))
      .map((m) => `${m.httpMethod} ${m.path}`);
    const expected = routes.map((route) => `${route.method} ${pathOf.get(route)}`);
    expect(declared.sort()).toEqual(expected.sort());
  });

  it('sends other methods of declared paths, the root and undeclared paths to the fallback function', () => {
    const any = methods.filter((m) => m.httpMethod === 'ANY' && m.path !== MCP_PATH);
    const expected = new Set([...pathOf.values(), '/', '/{proxy+}']);
    expect(any.map((m) => m.path).sort()).toEqual([...expected].sort());
    for (const m of any) expect(m.functionId).toBe(fallbackId);
  });

  it('gives every built route a function of its own', () => {
    const ids = built.map((route) => methodOf(route)[0].functionId);
    expect(new Set(ids).size).toBe(built.length);
    expect(ids).not.toContain(notImplementedId);
    expect(ids).not.toContain(fallbackId);
    // Besides: the fallback, the 501 function, the site's, the async worker, the MCP door, and CDK's provider that empties the VPC's default security group.
    const ours = resourcesOfType(template, 'AWS::Lambda::Function').filter(
      ([id]) => !id.startsWith('CustomVpcRestrictDefaultSG'),
    );
    expect(ours).toHaveLength(built.length + 5);
  });

  it("puts each built route's function in the nested stack of its route group, and no route function in the stack itself", () => {
    for (const group of routeGroups(routes)) {
      const nested = stack.api.node.findChild(`Routes${group.name}`);
      for (const route of group.routes)
        expect(Stack.of(stack.api.routeFunctions.get(route.operationId)!).node.path, route.operationId).toBe(
          nested.node.path,
        );
    }
    const own = Template.fromStack(stack).findResources('AWS::Lambda::Function');
    const routeIds = [...stack.api.routeFunctions.values()].map(logicalId);
    expect(Object.keys(own).filter((id) => routeIds.includes(id))).toEqual([]);
  });

  it.each(built.map((route) => [route.operationId, route] as const))(
    'lets only the method of %s on this stage invoke its function',
    (_, route) => {
      const permissions = resourcesOfType(template, 'AWS::Lambda::Permission').filter(([, p]) =>
        JSON.stringify(p.FunctionName).includes(`"${methodOf(route)[0].functionId}"`),
      );
      expect(permissions).toHaveLength(1);
      const [[, permission]] = permissions;
      expect(permission).toMatchObject({ Action: 'lambda:InvokeFunction', Principal: 'apigateway.amazonaws.com' });
      // arn:<partition>:execute-api:<region>:<account>:<api id>/api/<METHOD>/<path, variables as *>
      const arn = JSON.stringify(permission.SourceArn);
      expect(arn).toContain(JSON.stringify({ Ref: logicalIdOf(stack.api.restApi.node.defaultChild as CfnElement) }));
      expect(arn).toContain(`/api/${route.method}${pathOf.get(route)!.replace(/\{[^}]*\}/g, '*')}"`);
    },
  );

  it('serves /mcp, every method, from the MCP function, streamed, outside the VPC', () => {
    const mcp = methods.filter((m) => m.path === MCP_PATH);
    expect(mcp.map((m) => m.httpMethod)).toEqual(['ANY']);
    const id = logicalId(stack.api.mcpFunction);
    expect(mcp[0].functionId).toBe(id);
    expect(mcp[0].integration.ResponseTransferMode).toBe('STREAM');
    expect(functionProps(id).VpcConfig).toBeUndefined();
    expect(functionProps(id).Environment.Variables).toHaveProperty('TABLE_NAME');
  });

  it.each(built.map((route) => [route.operationId, route] as const))(
    'runs %s on Node 22 (arm64) with its timeout',
    (_, route) => {
      expect(functionProps(methodOf(route)[0].functionId)).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
        Timeout: Math.min(route.timeoutSeconds ?? 30, 900),
      });
    },
  );

  it('serves every route not built yet from one shared function', () => {
    for (const route of routes.filter((r) => !r.handler)) expect(methodOf(route)[0].functionId).toBe(notImplementedId);
  });

  it('streams the responses of built streaming routes and buffers the others', () => {
    for (const route of routes) {
      const { integration } = methodOf(route)[0];
      const streams = Boolean(route.stream && route.handler);
      expect(JSON.stringify(integration.Uri).includes('/response-streaming-invocations'), route.operationId).toBe(
        streams,
      );
      expect(integration.ResponseTransferMode ?? 'BUFFERED', route.operationId).toBe(streams ? 'STREAM' : 'BUFFERED');
    }
  });

  it('lets a streaming route run as long as its timeout', () => {
    const events = { ...routes.find((r) => r.stream)!, handler: 'sessions/list', timeoutSeconds: 900 };
    const single = new Stack(unbundledApp(), 'Single');
    new Api(single, 'Api', { routes: [events] });
    Template.fromStack(single).hasResourceProperties('AWS::ApiGateway::Method', {
      HttpMethod: events.method,
      Integration: Match.objectLike({ Type: 'AWS_PROXY', ResponseTransferMode: 'STREAM', TimeoutInMillis: 900_000 }),
    });
  });
});

describe('API stage', () => {
  it('is a regional REST API without request validators or models (the handlers validate)', () => {
    template.hasResourceProperties('AWS::ApiGateway::RestApi', { EndpointConfiguration: { Types: ['REGIONAL'] } });
    template.resourceCountIs('AWS::ApiGateway::RequestValidator', 0);
    template.resourceCountIs('AWS::ApiGateway::Model', 0);
  });

  it('throttles, logs access as JSON and execution errors, and never logs bodies', () => {
    const [[, stage]] = resourcesOfType(template, 'AWS::ApiGateway::Stage');
    expect(stage).toMatchObject({
      StageName: 'api',
      TracingEnabled: false,
      MethodSettings: [
        {
          HttpMethod: '*',
          ResourcePath: '/*',
          ThrottlingRateLimit: 100,
          ThrottlingBurstLimit: 200,
          LoggingLevel: 'ERROR',
          DataTraceEnabled: false,
        },
      ],
    });
    expect(JSON.parse(stage.AccessLogSetting.Format)).toMatchObject({
      requestId: '$context.requestId',
      status: '$context.status',
    });
  });

  it('takes throttling and tracing from the stack props', () => {
    const { template: custom } = buildStack({ throttle: { rateLimit: 5, burstLimit: 10 }, tracing: true });
    custom.hasResourceProperties('AWS::ApiGateway::Stage', {
      TracingEnabled: true,
      MethodSettings: [Match.objectLike({ ThrottlingRateLimit: 5, ThrottlingBurstLimit: 10 })],
    });
    // Every function of ours traces; CDK's custom resource providers (ids starting "Custom") are not ours to configure.
    const untraced = Object.entries(custom.findResources('AWS::Lambda::Function')).filter(
      ([id, fn]) => !id.startsWith('Custom') && fn.Properties?.TracingConfig?.Mode !== 'Active',
    );
    expect(untraced.map(([id]) => id)).toEqual([]);
  });

  it("answers API Gateway's own 403 for unknown paths as a 404 problem document", () => {
    template.hasResourceProperties('AWS::ApiGateway::GatewayResponse', {
      ResponseType: 'MISSING_AUTHENTICATION_TOKEN',
      StatusCode: '404',
      ResponseTemplates: { 'application/json': Match.stringLikeRegexp('"status":404') },
    });
  });

  it('outputs the base URL clients use', () => {
    template.hasOutput('ApiUrl', {});
  });
});

describe('notices about the route table', () => {
  const noticesFor = (table: Route[]) => {
    const single = new Stack(unbundledApp(), 'Single');
    new Api(single, 'Api', { routes: table });
    return Annotations.fromStack(single)
      .findWarning('*', Match.anyValue())
      .map((w) => String(w.entry.data));
  };
  const base = routes.find((route) => route.operationId === 'listSessions')!;

  it('warns when a buffered route asks for more time than API Gateway waits', () => {
    expect(noticesFor([{ ...base, timeoutSeconds: 120 }])).toEqual([
      expect.stringContaining('exceeds the 29 s of a buffered integration'),
    ]);
    expect(noticesFor([{ ...base, timeoutSeconds: 120, stream: true }])).toEqual([]);
  });

  it('warns when a path variable has to take the name its siblings use', () => {
    const table = [
      { ...base, operationId: 'a', path: '/v1/things/{id}' },
      { ...base, operationId: 'b', path: '/v1/things/{thingId}/parts' },
      { ...base, operationId: 'c', path: '/v1/things/{thingId}/owners' },
    ];
    expect(noticesFor(table)).toEqual([expect.stringContaining('serves /v1/things/{id} as /v1/things/{thingId}')]);
  });
});
