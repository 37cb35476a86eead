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
 */
import { App, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
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
  if (!Number.isFinite(parsed) || parsed < 0) throw new Error(`context ${name} must be a non-negative number, got ${value}`);
  return parsed;
};
const removal = context('dataRemovalPolicy') ?? 'retain';
if (removal !== 'retain' && removal !== 'destroy') throw new Error(`context dataRemovalPolicy must be retain or destroy, got ${removal}`);

new SessionHostStack(app, context('stackName') ?? 'SessionHost', {
  description: 'Browser sessions API: REST API, Lambda handlers, DynamoDB table, S3 bucket',
  dataRemovalPolicy: removal === 'destroy' ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
  throttle: { rateLimit: number('throttleRate'), burstLimit: number('throttleBurst') },
  tracing: context('tracing') === 'true',
  webAclArn: context('webAclArn'),
});

// cdk-nag's AWS Solutions rules run at synthesis; an unacknowledged finding stops it.
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
