/**
 * The CDK app: `npx cdk synth` / `npx cdk deploy`. Stacks are environment-agnostic (the account and region come
 * from the deploying credentials), so synthesis needs neither credentials nor lookups.
 *
 * Context options (`-c name=value`, or `context` in cdk.json):
 *   stackName          stack name                                        default SessionHost
 *   dataRemovalPolicy  retain | destroy: table and buckets on removal     default retain
 *   throttleRate       stage-wide steady requests per second               default 100
 *   throttleBurst      stage-wide burst                                    default 200
 *   tracing            true: X-Ray tracing of the API and its functions    default false
 *   webAclArn          a regional WAFv2 web ACL to put in front of the API default none
 *   maxAzs             availability zones of the VPC                       default 2
 *   natGateways        NAT gateways (1 .. maxAzs)                          default 1
 *   hostCpu            vCPU units of one browser host task (1024 = 1 vCPU) default 2048
 *   hostMemory         MiB of one browser host task                        default 4096
 *   sessionsPerHost    sessions one host runs at once                      default 6
 *   warmPoolSize       spare browsers each host keeps launched             default 1
 *   minHosts, maxHosts bounds of host scaling                              default 1, 10
 *   targetUtilization  host utilization (percent) scaling keeps            default 70
 *   blockPrivateNetworks  false: let browsers reach private addresses    default true
 *   hostDomainName     the name clients reach live view and CDP at (https/wss only)  default none: plain HTTP at
 *                      the load balancer's own DNS name (see docs/deploy.md for what that exposes)
 *   certificateArn     ACM certificate covering hostDomainName, in the stack's region      default issued in the zone
 *   hostedZoneId, hostedZoneName  Route 53 zone of hostDomainName: issues and validates the certificate when no
 *                      certificateArn is given, and gets the alias record to the load balancer
 *   modelProvider      bedrock | anthropic | offline                       default bedrock
 *   modelId            Bedrock model / inference profile id, or Anthropic model name
 *   anthropicKeySecretArn  existing secret holding ANTHROPIC_API_KEY      default a new empty secret
 *   asyncTimeoutSeconds, asyncBatchSize  the async worker                  default 900, 5
 *   alarmTopicArn      SNS topic the alarms notify                         default none
 *
 * The region comes from the CLI (CDK_DEFAULT_REGION) when it is known, so region-specific facts (the load
 * balancer's log delivery) are resolved at synthesis; the account stays unresolved.
 */
import { App, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { HostDomain } from '../lib/host-load-balancer.js';
import { SessionHostStack } from '../lib/stack.js';

const app = new App();
const context = (name: string): string | undefined => {
  const value: unknown = app.node.tryGetContext(name);
  return value === undefined || value === null || value === '' ? undefined : String(value);
};
const number = (name: string): number | undefined => {
  const value = context(name);
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0)
    throw new Error(`context ${name} must be a non-negative number, got ${value}`);
  return parsed;
};
const removal = context('dataRemovalPolicy') ?? 'retain';
if (removal !== 'retain' && removal !== 'destroy')
  throw new Error(`context dataRemovalPolicy must be retain or destroy, got ${removal}`);

const provider = context('modelProvider') ?? 'bedrock';
if (provider !== 'bedrock' && provider !== 'anthropic' && provider !== 'offline') {
  throw new Error(`context modelProvider must be bedrock, anthropic or offline, got ${provider}`);
}
const flag = (name: string): boolean | undefined => {
  const value = context(name);
  if (value === undefined) return undefined;
  if (value !== 'true' && value !== 'false') throw new Error(`context ${name} must be true or false, got ${value}`);
  return value === 'true';
};

/** The hosts' domain from its context options; a certificate or zone without a domain name is refused, not ignored. */
function hostDomain(): HostDomain | undefined {
  const domainName = context('hostDomainName');
  const [certificateArn, hostedZoneId, zoneName] = [
    context('certificateArn'),
    context('hostedZoneId'),
    context('hostedZoneName'),
  ];
  if (!domainName) {
    if (certificateArn || hostedZoneId || zoneName)
      throw new Error(
        "context certificateArn, hostedZoneId and hostedZoneName need hostDomainName: no certificate can cover the load balancer's own DNS name",
      );
    return undefined;
  }
  if ((hostedZoneId === undefined) !== (zoneName === undefined))
    throw new Error('context hostedZoneId and hostedZoneName go together');
  return {
    domainName,
    certificateArn,
    ...(hostedZoneId && zoneName ? { hostedZone: { hostedZoneId, zoneName } } : {}),
  };
}

new SessionHostStack(app, context('stackName') ?? 'SessionHost', {
  description:
    'Browser sessions service: REST API, Lambda handlers, browser hosts on ECS Fargate, queues, DynamoDB table, S3 bucket',
  env: { region: process.env.CDK_DEFAULT_REGION },
  network: { maxAzs: number('maxAzs'), natGateways: number('natGateways') },
  hosts: {
    cpu: number('hostCpu'),
    memoryLimitMiB: number('hostMemory'),
    sessionsPerHost: number('sessionsPerHost'),
    warmPoolSize: number('warmPoolSize'),
    minHosts: number('minHosts'),
    maxHosts: number('maxHosts'),
    targetUtilizationPercent: number('targetUtilization'),
    blockPrivateNetworks: flag('blockPrivateNetworks'),
  },
  hostDomain: hostDomain(),
  model: { provider, modelId: context('modelId'), anthropicKeySecretArn: context('anthropicKeySecretArn') },
  async: { operationTimeoutSeconds: number('asyncTimeoutSeconds'), batchSize: number('asyncBatchSize') },
  alarmTopicArn: context('alarmTopicArn'),
  dataRemovalPolicy: removal === 'destroy' ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
  throttle: { rateLimit: number('throttleRate'), burstLimit: number('throttleBurst') },
  tracing: context('tracing') === 'true',
  webAclArn: context('webAclArn'),
});

// cdk-nag's AWS Solutions rules run at synthesis; an unacknowledged finding stops it.
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
