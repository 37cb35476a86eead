/**
 * The public HTTP API: a regional REST API whose resources, methods and functions are all derived from the route
 * table. A route with a `handler` gets its own function, in the nested stack of its route group (route-groups.ts);
 * routes not built yet share one function that answers 501; anything the table does not declare reaches a fallback
 * function that answers 404/405 in the problem shape.
 */
import { Annotations, Aws, Duration, Fn } from 'aws-cdk-lib';
import {
  AccessLogFormat,
  EndpointType,
  type Integration,
  LambdaIntegration,
  LogGroupLogDestination,
  MethodLoggingLevel,
  RestApi,
  type ThrottleSettings,
} from 'aws-cdk-lib/aws-apigateway';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import type { Route } from '../functions/api/route.js';
import { routes as routeTable } from '../functions/api/routes.js';
import { ENV } from '../functions/config/env.js';
import { acknowledgeApiFindings } from './api-findings.js';
import { ApiFunction, maxTimeoutSeconds, type FunctionNetwork } from './api-function.js';
import type { Binding } from './binding.js';
import { gatewayPaths } from './gateway-paths.js';
import { addProblemResponses } from './gateway-responses.js';
import { RouteFunctions, proxyIntegration } from './route-functions.js';
import { routeGroups } from './route-groups.js';
import { addSite, siteBundling, siteEntry } from './site.js';
import { addMcpDoor } from './mcp-door.js';

export interface ApiProps {
  /** Resources every route function is bound to (environment and grants). */
  readonly bindings?: readonly Binding[];
  /** The routes to serve. @default the route table of `functions/api/routes.ts` */
  readonly routes?: readonly Route[];
  /** Stage-wide request rate limits. @default 100 requests/s, bursts of 200 */
  readonly throttle?: ThrottleSettings;
  /** X-Ray tracing of the stage and the functions. @default false */
  readonly tracing?: boolean;
  /** Memory of every function, in MB (Lambda sizes CPU with it). @default 1024 */
  readonly memorySize?: number;
  readonly logRetention?: RetentionDays;
  /** The stage is the first path segment: clients use `<invoke URL>/<stage>` as their base URL. @default 'api' */
  readonly stageName?: string;
  /** The base URL clients reach the API at, when a custom domain fronts it. @default the stage's invoke URL */
  readonly publicBaseUrl?: string;
  /** A WAFv2 web ACL (regional scope) to put in front of the stage. @default none */
  readonly webAclArn?: string;
  /** The VPC placement of the functions that serve routes (they reach browser hosts). @default outside any VPC */
  readonly network?: FunctionNetwork;
}

/** API Gateway ends buffered integrations after 29 s (more needs an account quota increase). */
const bufferedLimitSeconds = 29;
/**
 * API Gateway (regional) cuts a streamed response after 5 minutes without a byte; a synchronous operation sends
 * nothing until it is done. 30 s under the cut leave room for a cold start and the session lookup.
 */
export const SYNC_TIME_LIMIT_SECONDS = 270;
const defaultTimeoutSeconds = 30;

export class Api extends Construct {
  public readonly restApi: RestApi;
  public readonly accessLogGroup: LogGroup;
  /** Functions by the operationId of the route they serve; not-implemented routes are absent. */
  public readonly routeFunctions: ReadonlyMap<string, ApiFunction>;
  public readonly notImplementedFunction: ApiFunction;
  public readonly fallbackFunction: ApiFunction;
  /** `/mcp`: MCP tools over the routes above. */
  public readonly mcpFunction: ApiFunction;

  constructor(scope: Construct, id: string, props: ApiProps = {}) {
    super(scope, id);
    const routes = props.routes ?? routeTable;
    const stageName = props.stageName ?? 'api';
    const tracing = props.tracing ?? false;
    const throttle = { rateLimit: props.throttle?.rateLimit ?? 100, burstLimit: props.throttle?.burstLimit ?? 200 };

    this.accessLogGroup = new LogGroup(this, 'AccessLogs', {
      retention: props.logRetention ?? RetentionDays.ONE_MONTH,
    });
    this.restApi = new RestApi(this, 'RestApi', {
      description: 'Browser sessions API, derived from the route table',
      endpointConfiguration: { types: [EndpointType.REGIONAL] },
      // Execution logs (errors only) need API Gateway's account-level CloudWatch role.
      cloudWatchRole: true,
      deployOptions: {
        stageName,
        throttlingRateLimit: throttle.rateLimit,
        throttlingBurstLimit: throttle.burstLimit,
        accessLogDestination: new LogGroupLogDestination(this.accessLogGroup),
        accessLogFormat: AccessLogFormat.custom(JSON.stringify(accessLogFields)),
        loggingLevel: MethodLoggingLevel.ERROR,
        // Bodies carry API keys and page content: never copy them into logs.
        dataTraceEnabled: false,
        tracingEnabled: tracing,
      },
    });
    addProblemResponses(this.restApi);
    if (props.webAclArn) {
      new CfnWebACLAssociation(this, 'WebAcl', {
        resourceArn: this.restApi.deploymentStage.stageArn,
        webAclArn: props.webAclArn,
      });
    }

    // Built from the API id and the stage name only: referencing the stage itself would be a dependency cycle.
    const invokeUrl = Fn.join('', [
      'https://',
      this.restApi.restApiId,
      '.execute-api.',
      Aws.REGION,
      '.',
      Aws.URL_SUFFIX,
      '/',
      stageName,
    ]);
    const environment = { [ENV.stage]: 'production', [ENV.publicBaseUrl]: props.publicBaseUrl ?? invokeUrl };
    const common = {
      memorySize: props.memorySize ?? 1024,
      logRetention: props.logRetention ?? RetentionDays.ONE_MONTH,
      tracing,
    };
    const functionProps = (handler: string, timeoutSeconds: number, network?: FunctionNetwork) => ({
      ...common,
      handler,
      environment,
      network,
      timeout: Duration.seconds(timeoutSeconds),
    });
    const bindings = props.bindings ?? [];

    // The fallback touches no host or store, so it stays outside the VPC.
    this.fallbackFunction = new ApiFunction(this, 'Fallback', functionProps('fallback', defaultTimeoutSeconds));
    this.notImplementedFunction = new ApiFunction(
      this,
      'NotImplemented',
      functionProps('not-implemented', defaultTimeoutSeconds, props.network),
    );
    for (const binding of bindings) binding.bindTo(this.notImplementedFunction.function);
    // Shared functions get one permission for the whole API instead of one per method (policy size stays small).
    const shared = { scopePermissionToMethod: false };
    const fallback = new LambdaIntegration(this.fallbackFunction.function, shared);
    const notImplemented = new LambdaIntegration(this.notImplementedFunction.function, shared);

    // Each built route's function lives in the nested stack of its group; the methods stay here, with the API.
    const stackOf = new Map<Route, RouteFunctions>();
    for (const group of routeGroups(routes)) {
      const stack = new RouteFunctions(this, `Routes${group.name}`, {
        groupName: group.name,
        restApi: this.restApi,
        stageName,
        bindings,
      });
      for (const route of group.routes) stackOf.set(route, stack);
    }

    const functions = new Map<string, ApiFunction>();
    const routedPaths = new Set<string>();
    for (const { route, path } of gatewayPaths(routes)) {
      const timeoutSeconds = Math.min(route.timeoutSeconds ?? defaultTimeoutSeconds, maxTimeoutSeconds);
      const resource = this.restApi.root.resourceForPath(path);
      if (path !== route.path) {
        Annotations.of(resource).addWarningV2(
          'sessionhost:renamed-path-variable',
          `${route.operationId}: API Gateway serves ${route.path} as ${path} (one variable name per level); Lambda sees the names of ${path}`,
        );
      }
      if (!route.stream && route.timeoutSeconds !== undefined && route.timeoutSeconds > bufferedLimitSeconds) {
        Annotations.of(resource).addWarningV2(
          'sessionhost:buffered-timeout',
          `${route.operationId}: timeoutSeconds ${timeoutSeconds} exceeds the ${bufferedLimitSeconds} s of a buffered integration; stream it, or answer sooner`,
        );
      }
      let integration: Integration = notImplemented;
      if (route.handler) {
        const built = stackOf
          .get(route)!
          .addRoute(route, path, functionProps(route.handler, timeoutSeconds, props.network));
        // The operation answers before API Gateway cuts the silent stream (see functions/http/sync-time-limit.ts).
        if (route.stream) built.function.addEnvironment(ENV.syncTimeLimitSeconds, String(SYNC_TIME_LIMIT_SECONDS));
        functions.set(route.operationId, built);
        // Only a streaming handler speaks the streaming format; the shared 501 function answers buffered.
        integration = proxyIntegration(built.function, {
          stream: route.stream ?? false,
          timeout: Duration.seconds(timeoutSeconds),
        });
      }
      resource.addMethod(route.method, integration, { operationName: route.operationId });
      routedPaths.add(path);
    }
    this.routeFunctions = functions;
    this.mcpFunction = addMcpDoor(this, this.restApi, { ...common, environment }, props.bindings ?? []);
    // The door waits for the route it calls, which answers within this cap; the door stops waiting soon after.
    this.mcpFunction.function.addEnvironment(ENV.syncTimeLimitSeconds, String(SYNC_TIME_LIMIT_SECONDS));

    // Other methods on a declared path answer 405 with `Allow`; undeclared paths answer 404.
    for (const path of routedPaths) this.restApi.root.resourceForPath(path).addMethod('ANY', fallback);
    this.restApi.root.addMethod('ANY', fallback);
    this.restApi.root.addProxy({ defaultIntegration: fallback, anyMethod: true });

    // The console and API reference (static pages; no store, no host, so outside any VPC).
    addSite(
      this.restApi,
      new ApiFunction(this, 'Site', {
        ...common,
        handler: 'site',
        entry: siteEntry,
        bundling: siteBundling,
        environment,
        timeout: Duration.seconds(10),
      }),
      shared,
    );

    acknowledgeApiFindings(this, { restApi: this.restApi, webAcl: Boolean(props.webAclArn) });
  }

  /** The base URL clients use (the SDK appends `v1/...`). */
  public get url(): string {
    return this.restApi.url;
  }
}

const accessLogFields = {
  requestId: '$context.requestId',
  extendedRequestId: '$context.extendedRequestId',
  ip: '$context.identity.sourceIp',
  userAgent: '$context.identity.userAgent',
  requestTime: '$context.requestTime',
  method: '$context.httpMethod',
  resource: '$context.resourcePath',
  path: '$context.path',
  protocol: '$context.protocol',
  status: '$context.status',
  responseLength: '$context.responseLength',
  responseLatency: '$context.responseLatency',
  integrationLatency: '$context.integration.latency',
  integrationStatus: '$context.integration.status',
  errorType: '$context.error.responseType',
  error: '$context.error.message',
};
