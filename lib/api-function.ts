/**
 * One API handler as a Lambda function: its entry under `functions/composition/lambda/entries/` (the route's
 * operation from `functions/api/handlers/` with the deps it needs), bundled by esbuild into one ESM file, with its
 * own log group and a role that may write only to that log group until bindings add more.
 */
import { Duration, Validations } from 'aws-cdk-lib';
import type { ISecurityGroup, IVpc, SubnetSelection } from 'aws-cdk-lib/aws-ec2';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { fileURLToPath } from 'node:url';

/** The project root: esbuild resolves modules from here and package-lock.json pins them. */
export const projectRoot = fileURLToPath(new URL('..', import.meta.url));
export const handlerEntry = (handler: string): string =>
  fileURLToPath(new URL(`../functions/composition/lambda/entries/${handler}.ts`, import.meta.url));

/**
 * What Lambda does with a function's role to attach it to a VPC: create, describe and delete its network interfaces
 * and their addresses (the actions of AWS's AWSLambdaVPCAccessExecutionRole, without its log-writing part, which the
 * function's own log group grant covers). `CreateFunction` with a VPC configuration fails without them.
 */
export const VPC_ACCESS_ACTIONS = [
  'ec2:CreateNetworkInterface',
  'ec2:DescribeNetworkInterfaces',
  'ec2:DescribeSubnets',
  'ec2:DeleteNetworkInterface',
  'ec2:AssignPrivateIpAddresses',
  'ec2:UnassignPrivateIpAddresses',
] as const;

/** Lambda's ceiling. */
export const maxTimeoutSeconds = 900;

export const bundling: BundlingOptions = {
  format: OutputFormat.ESM,
  target: 'node22',
  minify: true,
  sourceMap: true,
  sourcesContent: false,
  // Prefer packages' ESM builds; fall back to CommonJS.
  mainFields: ['module', 'main'],
  // CommonJS dependencies call `require`, which an ES module does not have.
  banner:
    "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  // The Lambda runtime ships the AWS SDK v3.
  externalModules: ['@aws-sdk/*'],
};

export interface ApiFunctionProps {
  /** The route's `handler` name: the entry `functions/composition/lambda/entries/<handler>.ts`, which exports `handler`. */
  readonly handler: string;
  /** Another module than a route handler (e.g. the queue worker), as an absolute path. */
  readonly entry?: string;
  /** Added to the shared bundling options (e.g. command hooks that copy files into the bundle). */
  readonly bundling?: Partial<BundlingOptions>;
  /** Run in these subnets of a VPC (functions that reach browser hosts). @default outside any VPC */
  readonly network?: FunctionNetwork;
  readonly timeout: Duration;
  readonly memorySize: number;
  readonly logRetention: RetentionDays;
  readonly tracing: boolean;
  readonly environment: Record<string, string>;
}

export interface FunctionNetwork {
  readonly vpc: IVpc;
  readonly vpcSubnets: SubnetSelection;
  readonly securityGroups: ISecurityGroup[];
}

export class ApiFunction extends Construct {
  public readonly function: NodejsFunction;
  public readonly role: Role;
  public readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: ApiFunctionProps) {
    super(scope, id);
    this.logGroup = new LogGroup(this, 'Logs', { retention: props.logRetention });
    // No AWSLambdaBasicExecutionRole: it allows writing to every log group of the account.
    this.role = new Role(this, 'Role', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    this.logGroup.grantWrite(this.role);
    // In the role's default policy, which the function resource depends on: the grant exists before CreateFunction.
    if (props.network)
      this.role.addToPrincipalPolicy(new PolicyStatement({ actions: [...VPC_ACCESS_ACTIONS], resources: ['*'] }));

    this.function = new NodejsFunction(this, 'Function', {
      entry: props.entry ?? handlerEntry(props.handler),
      ...props.network,
      handler: 'handler',
      projectRoot,
      depsLockFilePath: `${projectRoot}package-lock.json`,
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize,
      timeout: Duration.seconds(Math.min(props.timeout.toSeconds(), maxTimeoutSeconds)),
      role: this.role,
      logGroup: this.logGroup,
      tracing: props.tracing ? Tracing.ACTIVE : Tracing.DISABLED,
      bundling: { ...bundling, ...props.bundling },
      environment: {
        ...props.environment,
        // Stack traces point into the TypeScript sources instead of the minified bundle.
        NODE_OPTIONS: '--enable-source-maps',
      },
    });
    const unscoped = [
      props.tracing
        ? 'X-Ray PutTraceSegments and PutTelemetryRecords support no resource-level permissions; tracing is opt-in.'
        : '',
      props.network
        ? "Lambda manages a VPC function's network interfaces with its role, and the EC2 network-interface actions it needs take no resource-level scoping."
        : '',
    ].filter((reason) => reason !== '');
    if (unscoped.length > 0)
      Validations.of(this.role).acknowledge({ id: 'AwsSolutions-IAM5[Resource::*]', reason: unscoped.join(' ') });
  }
}
