/**
 * The session host: it composes the constructs, each of which owns one architectural job. Later parts (network,
 * browser hosts, queues, load balancer) join here and bind themselves to the API functions the same way the data
 * stores do.
 */
import { CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import type { ThrottleSettings } from 'aws-cdk-lib/aws-apigateway';
import type { Construct } from 'constructs';
import { Api } from './api.js';
import { DataStores } from './data.js';

export interface SessionHostStackProps extends StackProps {
  /** What happens to the table and buckets when they leave the stack. @default RemovalPolicy.RETAIN */
  readonly dataRemovalPolicy?: RemovalPolicy;
  /** Stage-wide request rate limits. @default 100 requests/s, bursts of 200 */
  readonly throttle?: ThrottleSettings;
  /** X-Ray tracing of the API and its functions. @default false */
  readonly tracing?: boolean;
  /** A regional WAFv2 web ACL to put in front of the API. @default none */
  readonly webAclArn?: string;
}

export class SessionHostStack extends Stack {
  public readonly data: DataStores;
  public readonly api: Api;

  constructor(scope: Construct, id: string, props: SessionHostStackProps = {}) {
    super(scope, id, props);
    this.data = new DataStores(this, 'Data', { removalPolicy: props.dataRemovalPolicy ?? RemovalPolicy.RETAIN });
    this.api = new Api(this, 'Api', {
      bindings: [this.data],
      throttle: props.throttle,
      tracing: props.tracing,
      webAclArn: props.webAclArn,
    });
    new CfnOutput(this, 'ApiUrl', { value: this.api.url, description: 'Base URL for clients (they append v1/...)' });
  }
}
