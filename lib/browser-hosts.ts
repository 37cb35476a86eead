/**
 * The browser hosts: an ECS Fargate service running the host image (`Dockerfile`: Node 22, the bundled host entry,
 * Chromium), its shared host secret, and target-tracking scaling on the utilization the hosts publish. Hosts take
 * session starts from the start queue only while they have room, so the queue is the backpressure and the scaling
 * signal is how full the running hosts are.
 */
import { Duration, RemovalPolicy, Stack, Token, Validations } from 'aws-cdk-lib';
import { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import {
  AwsLogDriver,
  Cluster,
  ContainerImage,
  ContainerInsights,
  CpuArchitecture,
  FargateService,
  FargateTaskDefinition,
  LinuxParameters,
  type CfnService,
  OperatingSystemFamily,
  Secret as EcsSecret,
} from 'aws-cdk-lib/aws-ecs';
import { Platform } from 'aws-cdk-lib/aws-ecr-assets';
import { Grant, type IGrantable, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { AdjustmentType } from 'aws-cdk-lib/aws-applicationautoscaling';
import { Construct } from 'constructs';
import { ENV } from '../functions/config/env.js';
import { projectRoot } from './api-function.js';
import type { Binding } from './binding.js';
import type { DataStores } from './data.js';
import type { Network } from './network.js';

/** Where hosts publish their utilization (embedded metric format in their logs: no PutMetricData permission). */
export const HOST_METRICS_NAMESPACE = 'SessionHost';
export const HOST_UTILIZATION_METRIC = 'HostUtilization';
/** The bucket prefixes hosts write: saved profiles, and files (downloads, recordings). */
export const HOST_BUCKET_PREFIXES = ['profiles/', 'files/'] as const;
/** Where operators upload unpacked extension folders (`extensions/{id}/manifest.json`); hosts copy them at start. */
export const HOST_EXTENSIONS_PREFIX = 'extensions/';

export interface BrowserHostsProps {
  readonly network: Network;
  readonly data: DataStores;
  /** The queue session starts wait in until a host with room takes them. */
  readonly startQueue: Queue;
  /** Origin clients reach hosts at (the load balancer), for the live view and CDP URLs hosts hand out. */
  readonly publicUrl: string;
  /** vCPU units of one host task (1024 = 1 vCPU). @default 2048 */
  readonly cpu?: number;
  /** Memory of one host task, in MiB. Each Chromium needs about 300–500 MB. @default 4096 */
  readonly memoryLimitMiB?: number;
  /** Sessions one host runs at once; size it to the task's memory. @default 6 */
  readonly sessionsPerHost?: number;
  /** Spare browsers a host keeps launched, so a session starts in milliseconds. @default 1 */
  readonly warmPoolSize?: number;
  /** Hosts kept running when idle. @default 1 */
  readonly minHosts?: number;
  /** The most hosts scaling adds; beyond that, starts wait in the queue. @default 10 */
  readonly maxHosts?: number;
  /** Average host utilization (sessions / capacity, percent) scaling keeps. @default 70 */
  readonly targetUtilizationPercent?: number;
  /** Block the browsers from private, loopback and link-local addresses. @default true */
  readonly blockPrivateNetworks?: boolean;
  /**
   * Key prefix of the data bucket whose extension folders hosts copy into their EXTENSIONS_DIR at start (read-only
   * to them); `false`: only the extensions baked into the image. @default 'extensions/'
   */
  readonly extensionsPrefix?: string | false;
  readonly logRetention?: RetentionDays;
  readonly removalPolicy?: RemovalPolicy;
}

/** How cdk-nag names a part of an ARN in a finding: its value when known at synthesis, else the pseudo parameter. */
const nagPart = (value: string, pseudo: string): string => (Token.isUnresolved(value) ? `<${pseudo}>` : value);

/** Actions a consumer of the start queue needs: long-poll, delete, and hand a message back early. */
const consumeActions = [
  'sqs:ReceiveMessage',
  'sqs:DeleteMessage',
  'sqs:ChangeMessageVisibility',
  'sqs:GetQueueAttributes',
  'sqs:GetQueueUrl',
];

export class BrowserHosts extends Construct implements Binding {
  public readonly cluster: Cluster;
  public readonly taskDefinition: FargateTaskDefinition;
  public readonly service: FargateService;
  /** Bearer for the hosts' internal API and CDP proxy; API functions read it from Secrets Manager. */
  public readonly hostSecret: Secret;
  /** Signs the live view and CDP tokens functions hand out and hosts check. */
  public readonly signingSecret: Secret;
  public readonly logGroup: LogGroup;
  public readonly utilization: Metric;
  public readonly minHosts: number;
  public readonly maxHosts: number;
  public readonly sessionsPerHost: number;
  /** Origin clients reach hosts at. */
  public readonly publicUrl: string;

  constructor(scope: Construct, id: string, props: BrowserHostsProps) {
    super(scope, id);
    const { network, data, startQueue } = props;
    this.minHosts = props.minHosts ?? 1;
    this.maxHosts = props.maxHosts ?? 10;
    this.sessionsPerHost = props.sessionsPerHost ?? 6;
    if (this.minHosts < 0 || this.maxHosts < 1 || this.minHosts > this.maxHosts) {
      throw new Error(
        `host counts must satisfy 0 <= minHosts <= maxHosts and maxHosts >= 1, got ${this.minHosts}..${this.maxHosts}`,
      );
    }
    const removalPolicy = props.removalPolicy ?? RemovalPolicy.RETAIN;
    this.publicUrl = props.publicUrl;
    const extensionsPrefix = props.extensionsPrefix ?? HOST_EXTENSIONS_PREFIX;
    if (extensionsPrefix !== false && !/^[^/*].*\/$/.test(extensionsPrefix))
      throw new Error(`extensionsPrefix must be a key prefix ending in "/", got "${extensionsPrefix}"`);

    this.hostSecret = new Secret(this, 'HostSecret', {
      description: 'Bearer of the browser hosts internal API and CDP proxy',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
    });
    this.signingSecret = new Secret(this, 'SigningSecret', {
      description: 'Key that signs live view and CDP tokens',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    });
    for (const secret of [this.hostSecret, this.signingSecret]) {
      Validations.of(secret).acknowledge({
        id: 'AwsSolutions-SMG4',
        reason:
          'A random key shared by hosts and API functions that read it at start; it is rotated by a new deployment (hosts and functions restart with it), not by a rotation Lambda that would leave running hosts with a stale value.',
      });
    }

    this.cluster = new Cluster(this, 'Cluster', { vpc: network.vpc, containerInsightsV2: ContainerInsights.ENABLED });
    this.logGroup = new LogGroup(this, 'Logs', {
      retention: props.logRetention ?? RetentionDays.ONE_MONTH,
      removalPolicy,
    });

    this.taskDefinition = new FargateTaskDefinition(this, 'Task', {
      cpu: props.cpu ?? 2048,
      memoryLimitMiB: props.memoryLimitMiB ?? 4096,
      // @sparticuz/chromium ships an x86-64 build only.
      runtimePlatform: { cpuArchitecture: CpuArchitecture.X86_64, operatingSystemFamily: OperatingSystemFamily.LINUX },
    });
    const container = this.taskDefinition.addContainer('Host', {
      image: ContainerImage.fromAsset(projectRoot, { file: 'Dockerfile', platform: Platform.LINUX_AMD64 }),
      essential: true,
      // Chromium's helper processes are reparented to PID 1 when a browser dies; an init reaps them.
      linuxParameters: new LinuxParameters(this, 'Linux', { initProcessEnabled: true }),
      // Matches the image's USER: a compromised renderer does not get root in the task.
      user: 'node',
      logging: new AwsLogDriver({ streamPrefix: 'host', logGroup: this.logGroup }),
      portMappings: [{ containerPort: network.hostPort }],
      // Time to drain on SIGTERM: sessions end through the normal path, saving profiles and recordings (Fargate's max).
      stopTimeout: Duration.seconds(120),
      healthCheck: {
        command: [
          'CMD',
          'node',
          '-e',
          `fetch('http://127.0.0.1:${network.hostPort}/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))`,
        ],
        interval: Duration.seconds(15),
        timeout: Duration.seconds(5),
        retries: 3,
        startPeriod: Duration.seconds(60),
      },
      environment: {
        ...data.environment,
        [ENV.startQueueUrl]: startQueue.queueUrl,
        [ENV.hostPublicUrl]: props.publicUrl,
        HOST_PORT: String(network.hostPort),
        HOST_CAPACITY: String(this.sessionsPerHost),
        HOST_WARM_POOL_SIZE: String(props.warmPoolSize ?? 1),
        HOST_METRICS_NAMESPACE: HOST_METRICS_NAMESPACE,
        HOST_FLEET: this.cluster.clusterName,
        [ENV.blockPrivateNetworks]: String(props.blockPrivateNetworks ?? true),
        ...(extensionsPrefix === false
          ? {}
          : { [ENV.extensionsBucket]: data.bucket.bucketName, [ENV.extensionsPrefix]: extensionsPrefix }),
        [ENV.stage]: 'production',
      },
      secrets: {
        [ENV.hostSecret]: EcsSecret.fromSecretsManager(this.hostSecret),
        [ENV.signingSecret]: EcsSecret.fromSecretsManager(this.signingSecret),
      },
    });
    void container;
    Validations.of(this.taskDefinition).acknowledge({
      id: 'AwsSolutions-ECS2',
      reason:
        'The plain environment holds only names and sizes (table, bucket, queue URL, public URL, capacity); the one secret, the host secret, is injected from Secrets Manager through `secrets`.',
    });
    Validations.of(this.taskDefinition.obtainExecutionRole()).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'ecr:GetAuthorizationToken supports no resource-level permission; the execution role pulls the one host image and writes the one log group otherwise.',
    });

    this.grantHostAccess(this.taskDefinition.taskRole, props);

    this.service = new FargateService(this, 'Service', {
      cluster: this.cluster,
      taskDefinition: this.taskDefinition,
      desiredCount: this.minHosts,
      vpcSubnets: network.privateSubnets,
      securityGroups: [network.hostSecurityGroup],
      assignPublicIp: false,
      // A deployment that cannot start healthy hosts rolls back instead of replacing every running host.
      circuitBreaker: { rollback: true },
      minHealthyPercent: 100,
      maxHealthyPercent: 200,
    });
    // CloudFormation sends DesiredCount with every update of the service (a new image on each deploy), which would
    // set a fleet scaling has grown back to minHosts and end the sessions of the hosts it stops. Left out, ECS starts
    // one task at creation and keeps the running count on updates; the scalable target's minimum is the floor.
    (this.service.node.defaultChild as CfnService).addPropertyDeletionOverride('DesiredCount');

    this.utilization = new Metric({
      namespace: HOST_METRICS_NAMESPACE,
      metricName: HOST_UTILIZATION_METRIC,
      dimensionsMap: { Fleet: this.cluster.clusterName },
      statistic: 'Average',
      period: Duration.minutes(1),
    });
    const scaling = this.service.autoScaleTaskCount({ minCapacity: this.minHosts, maxCapacity: this.maxHosts });
    scaling.scaleToTrackCustomMetric('Utilization', {
      metric: this.utilization,
      targetValue: props.targetUtilizationPercent ?? 70,
      // Adding a host takes a minute or two (image pull, Chromium unpack); removing one drains its sessions.
      scaleOutCooldown: Duration.minutes(1),
      scaleInCooldown: Duration.minutes(10),
    });
    // Utilization says nothing while no host runs (minHosts 0), and a start waiting in the queue means every host is
    // full or draining: either way a waiting start adds a host, one per minute while the backlog lasts.
    scaling.scaleOnMetric('StartBacklog', {
      metric: startQueue.metricApproximateNumberOfMessagesVisible({
        period: Duration.minutes(1),
        statistic: 'Maximum',
      }),
      scalingSteps: [
        { upper: 0, change: 0 },
        { lower: 1, change: +1 },
      ],
      adjustmentType: AdjustmentType.CHANGE_IN_CAPACITY,
      cooldown: Duration.minutes(1),
    });
  }

  private grantHostAccess(role: IGrantable, props: BrowserHostsProps): void {
    props.data.grantHostAccess(role, HOST_BUCKET_PREFIXES);
    const extensionsPrefix = props.extensionsPrefix ?? HOST_EXTENSIONS_PREFIX;
    if (extensionsPrefix !== false) {
      // Read-only, and only the extensions: list that prefix (the condition) and get the objects under it.
      role.grantPrincipal.addToPrincipalPolicy(
        new PolicyStatement({
          actions: ['s3:ListBucket'],
          resources: [props.data.bucket.bucketArn],
          conditions: { StringLike: { 's3:prefix': [`${extensionsPrefix}*`] } },
        }),
      );
      Grant.addToPrincipal({
        grantee: role,
        actions: ['s3:GetObject'],
        resourceArns: [props.data.bucket.arnForObjects(`${extensionsPrefix}*`)],
      });
    }
    Grant.addToPrincipal({ grantee: role, actions: consumeActions, resourceArns: [props.startQueue.queueArn] });
    // A host protects its own task from scale-in while it has sessions (through the ECS agent, with the task role).
    const tasks = Stack.of(this).formatArn({
      service: 'ecs',
      resource: 'task',
      resourceName: `${this.cluster.clusterName}/*`,
    });
    Grant.addToPrincipal({
      grantee: role,
      actions: ['ecs:UpdateTaskProtection', 'ecs:GetTaskProtection'],
      resourceArns: [tasks],
    });
    const bucketId = Stack.of(this).getLogicalId(props.data.bucket.node.defaultChild as never);
    Validations.of(this.taskDefinition).acknowledge(
      {
        id: `AwsSolutions-IAM5[Resource::<${Stack.of(this).resolve(bucketId)}.Arn>/profiles/*]`,
        reason:
          'Hosts write profile archives whose keys are made per org and name at run time; access is limited to the profiles/ prefix of the one bucket.',
      },
      ...(extensionsPrefix === false
        ? []
        : [
            {
              id: `AwsSolutions-IAM5[Resource::<${Stack.of(this).resolve(bucketId)}.Arn>/${extensionsPrefix}*]`,
              reason:
                'Hosts read the extension folders operators upload, whose names are not known at synthesis; access is read-only and limited to that prefix of the one bucket.',
            },
          ]),
      {
        id: `AwsSolutions-IAM5[Resource::<${Stack.of(this).resolve(bucketId)}.Arn>/files/*]`,
        reason:
          'Hosts store downloads and recordings as files whose keys are made per org and file id at run time; access is limited to the files/ prefix of the one bucket.',
      },
      {
        id: `AwsSolutions-IAM5[Resource::arn:${nagPart(Stack.of(this).partition, 'AWS::Partition')}:ecs:${nagPart(Stack.of(this).region, 'AWS::Region')}:${nagPart(Stack.of(this).account, 'AWS::AccountId')}:task/<${Stack.of(this).resolve(Stack.of(this).getLogicalId(this.cluster.node.defaultChild as never))}>/*]`,
        reason:
          'A host sets scale-in protection on its own task, whose id is known only at run time; the grant covers the tasks of the one cluster.',
      },
    );
  }

  /** API functions call hosts with the host secret and sign tokens with the signing secret, read at cold start. */
  public bindTo(fn: LambdaFunction): void {
    fn.addEnvironment(ENV.hostSecretArn, this.hostSecret.secretArn);
    fn.addEnvironment(ENV.signingSecretArn, this.signingSecret.secretArn);
    fn.addEnvironment(ENV.hostPublicUrl, this.publicUrl);
    this.hostSecret.grantRead(fn);
    this.signingSecret.grantRead(fn);
  }
}
