/**
 * The session host: it composes the constructs, each of which owns one architectural job, and binds the
 * resources each function needs (environment and grants in one call).
 */
import { CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import type { ThrottleSettings } from 'aws-cdk-lib/aws-apigateway';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { ServiceAlarms } from './alarms.js';
import { Api } from './api.js';
import { AsyncWorker } from './async-worker.js';
import type { Binding } from './binding.js';
import { BrowserHosts, type BrowserHostsProps } from './browser-hosts.js';
import { DataStores } from './data.js';
import { HostLoadBalancer, type HostDomain } from './host-load-balancer.js';
import { ModelAccess, type ModelAccessProps } from './model-access.js';
import { Network, type NetworkProps } from './network.js';
import { StartQueue } from './start-queue.js';

export type HostSizing = Pick<
  BrowserHostsProps,
  | 'cpu'
  | 'memoryLimitMiB'
  | 'sessionsPerHost'
  | 'warmPoolSize'
  | 'minHosts'
  | 'maxHosts'
  | 'targetUtilizationPercent'
  | 'blockPrivateNetworks'
  | 'extensionsPrefix'
>;

export interface SessionHostStackProps extends StackProps {
  /** What happens to the table and buckets when they leave the stack. @default RemovalPolicy.RETAIN */
  readonly dataRemovalPolicy?: RemovalPolicy;
  /** Stage-wide request rate limits. @default 100 requests/s, bursts of 200 */
  readonly throttle?: ThrottleSettings;
  /** X-Ray tracing of the API and its functions. @default false */
  readonly tracing?: boolean;
  /** A regional WAFv2 web ACL to put in front of the API. @default none */
  readonly webAclArn?: string;
  /** Availability zones and NAT gateways. @default 2 zones, 1 NAT gateway */
  readonly network?: Pick<NetworkProps, 'maxAzs' | 'natGateways'>;
  /** Browser host task size, per-host capacity and scaling bounds. */
  readonly hosts?: HostSizing;
  /** The domain clients reach live view and CDP at, over HTTPS. @default none: plain HTTP at the balancer's DNS name */
  readonly hostDomain?: HostDomain;
  /** Which Claude the functions ask. @default Bedrock */
  readonly model?: ModelAccessProps;
  /** Async operations: the worker's time limit and batch size. */
  readonly async?: { operationTimeoutSeconds?: number; batchSize?: number };
  /** An SNS topic alarms notify. @default none */
  readonly alarmTopicArn?: string;
}

export class SessionHostStack extends Stack {
  public readonly data: DataStores;
  public readonly network: Network;
  public readonly startQueue: StartQueue;
  public readonly loadBalancer: HostLoadBalancer;
  public readonly hosts: BrowserHosts;
  public readonly model: ModelAccess;
  public readonly asyncWorker: AsyncWorker;
  public readonly api: Api;
  public readonly alarms: ServiceAlarms;

  constructor(scope: Construct, id: string, props: SessionHostStackProps = {}) {
    super(scope, id, props);
    const removalPolicy = props.dataRemovalPolicy ?? RemovalPolicy.RETAIN;
    const logRetention = RetentionDays.ONE_MONTH;
    this.data = new DataStores(this, 'Data', { removalPolicy });
    this.network = new Network(this, 'Network', { ...props.network, removalPolicy });
    this.startQueue = new StartQueue(this, 'StartQueue');
    this.loadBalancer = new HostLoadBalancer(this, 'HostLoadBalancer', {
      network: this.network,
      domain: props.hostDomain,
      accessLogBucket: this.data.accessLogBucket,
    });
    this.hosts = new BrowserHosts(this, 'Hosts', {
      ...props.hosts,
      network: this.network,
      data: this.data,
      startQueue: this.startQueue.queue,
      publicUrl: this.loadBalancer.url,
      logRetention,
      removalPolicy,
    });
    this.loadBalancer.addHosts(this.hosts.service);
    this.model = new ModelAccess(this, 'Model', props.model);

    const functionNetwork = {
      vpc: this.network.vpc,
      vpcSubnets: this.network.privateSubnets,
      securityGroups: [this.network.functionSecurityGroup],
    };
    const shared: Binding[] = [this.data, this.startQueue, this.hosts, this.model];
    this.asyncWorker = new AsyncWorker(this, 'Async', {
      ...props.async,
      bindings: shared,
      network: functionNetwork,
      logRetention,
      tracing: props.tracing,
    });
    this.api = new Api(this, 'Api', {
      bindings: [...shared, this.asyncWorker],
      throttle: props.throttle,
      tracing: props.tracing,
      webAclArn: props.webAclArn,
      network: functionNetwork,
    });

    this.alarms = new ServiceAlarms(this, 'Alarms', {
      deadLetterQueues: {
        Start: this.startQueue.work.deadLetterQueue,
        Async: this.asyncWorker.queue.deadLetterQueue,
      },
      hosts: this.hosts,
      restApi: this.api.restApi,
      actions: props.alarmTopicArn ? [new SnsAction(Topic.fromTopicArn(this, 'AlarmTopic', props.alarmTopicArn))] : [],
    });

    new CfnOutput(this, 'ApiUrl', { value: this.api.url, description: 'Base URL for clients (they append v1/...)' });
    new CfnOutput(this, 'TableName', {
      value: this.data.table.tableName,
      description: 'The table: TABLE_NAME=<this> npm run keys -- create --org NAME --aws makes an API key',
    });
  }
}
