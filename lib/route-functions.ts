/**
 * The functions of one route group (see route-groups.ts) in a nested stack of their own, so the API's stack holds
 * only its resources and methods and each template stays well under CloudFormation's per-stack limits.
 *
 * A function here is exactly what it was in one stack: its own role, log group and grants. Only the invoke
 * permission moves with it: CDK's LambdaIntegration puts the permission beside the method and names the stage
 * resource, which from here would be a dependency cycle (the stage follows the deployment, which follows every
 * method, which needs this stack's function). The permission names the stage by its name instead, so it is the
 * same ARN: this route's method and path on this stage, and nothing else.
 */
import { NestedStack, type Duration } from 'aws-cdk-lib';
import { AwsIntegration, ResponseTransferMode, type IRestApi } from 'aws-cdk-lib/aws-apigateway';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import type { Route } from '../functions/api/route.js';
import { ApiFunction, type ApiFunctionProps } from './api-function.js';
import type { Binding } from './binding.js';

export interface RouteFunctionsProps {
  /** The route group's name, for the nested stack's description. */
  readonly groupName: string;
  readonly restApi: IRestApi;
  readonly stageName: string;
  /** Resources every function of the group is bound to (environment and grants). */
  readonly bindings: readonly Binding[];
}

/** `/v1/sessions/{sessionId}` → `/v1/sessions/*`, as execute-api ARNs name a path. */
const arnPath = (path: string): string => path.replace(/\{[^}]*\}/g, '*');

export class RouteFunctions extends NestedStack {
  constructor(
    scope: Construct,
    id: string,
    private readonly props: RouteFunctionsProps,
  ) {
    super(scope, id, { description: `Browser sessions API: the functions of the ${props.groupName} routes` });
  }

  /** The function serving `route` (its method on the gateway `path`), invocable by that method only. */
  public addRoute(route: Route, path: string, functionProps: ApiFunctionProps): ApiFunction {
    const made = new ApiFunction(this, route.operationId, functionProps);
    for (const binding of this.props.bindings) binding.bindTo(made.function);
    made.function.addPermission('ApiInvoke', {
      principal: new ServicePrincipal('apigateway.amazonaws.com'),
      sourceArn: this.props.restApi.arnForExecuteApi(route.method, arnPath(path), this.props.stageName),
    });
    return made;
  }
}

/**
 * A Lambda proxy integration that adds no permission (the function's stack grants it, above), with the URIs of
 * CDK's LambdaIntegration. A streaming route streams through the gateway for up to `timeout`; a buffered one keeps
 * API Gateway's default 29 s.
 */
export const proxyIntegration = (fn: IFunction, options: { stream: boolean; timeout: Duration }): AwsIntegration => {
  const path = options.stream
    ? `2021-11-15/functions/${fn.functionArn}/response-streaming-invocations`
    : `2015-03-31/functions/${fn.functionArn}/invocations`;
  const streaming = options.stream
    ? { responseTransferMode: ResponseTransferMode.STREAM, timeout: options.timeout }
    : {};
  return new AwsIntegration({ proxy: true, service: 'lambda', path, options: streaming });
};
