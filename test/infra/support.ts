/**
 * Builds the stack for assertions. Bundling is skipped through CDK's own `aws:cdk:bundling-stacks` context (the
 * functions keep their real NodejsFunction configuration, only esbuild does not run), so a build takes a second.
 */
import { readFileSync } from 'node:fs';
import { App, Validations, type PolicyViolation, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { SessionHostStack, type SessionHostStackProps } from '../../lib/stack.js';

/** The feature flags `cdk synth` runs with, so tests see the same template. */
const cdkJson = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')) as { context: Record<string, unknown> };

// Assets are referenced in place instead of copied into the cloud assembly: the host image's build context is
// the project root, whose copy costs seconds per build and proves nothing an assertion looks at.
// CloudFormation's default-rule validation of the template costs most of a synthesis; one test (synth.test.ts) runs
// it, the others assert the template it does not change.
export const unbundledApp = (options: { validate?: boolean } = {}): App =>
  new App({
    context: {
      ...cdkJson.context,
      'aws:cdk:bundling-stacks': [],
      'aws:cdk:disable-asset-staging': true,
      ...(options.validate ? {} : { '@aws-cdk/core:validateAgainstDefaultRules': false }),
    },
  });

export const buildStack = (props: SessionHostStackProps = {}, options: { validate?: boolean } = {}): { stack: SessionHostStack; template: Template } => {
  const stack = new SessionHostStack(unbundledApp(options), 'SessionHost', props);
  // Warnings about the route table itself; api.test.ts asserts them on tables made for the purpose.
  Validations.of(stack).acknowledge(
    { id: 'sessionhost:buffered-timeout', reason: 'route table notice, asserted in api.test.ts' },
    { id: 'sessionhost:renamed-path-variable', reason: 'route table notice, asserted in api.test.ts' },
  );
  return { stack, template: Template.fromStack(stack) };
};

/** Every unacknowledged AWS Solutions finding (errors and warnings) in the stack. */
export const nagFindings = (stack: Stack): PolicyViolation[] => new AwsSolutionsChecks().validateScope(stack).violations;

type Resources = Record<string, { Type: string; Properties?: Record<string, any> }>;

export interface GatewayMethod {
  httpMethod: string;
  /** The full resource path, e.g. `/v1/sessions/{sessionId}`. */
  path: string;
  /** Logical id of the Lambda function the method invokes. */
  functionId: string;
  integration: Record<string, any>;
}

/** The logical id of the `Fn::GetAtt [id, 'Arn']` found anywhere inside a value. */
const arnTarget = (value: unknown): string | undefined => {
  if (Array.isArray(value)) return value.map(arnTarget).find(Boolean);
  if (value === null || typeof value !== 'object') return undefined;
  const getAtt = (value as Record<string, unknown>)['Fn::GetAtt'];
  if (Array.isArray(getAtt) && getAtt[1] === 'Arn') return String(getAtt[0]);
  return Object.values(value).map(arnTarget).find(Boolean);
};

/** Every API Gateway method with its path rebuilt from the resources' PathPart/ParentId chain. */
export const gatewayMethods = (template: Template): GatewayMethod[] => {
  const resources = template.toJSON().Resources as Resources;
  const pathOf = (ref: any): string => {
    if (ref['Fn::GetAtt']) return '';
    const resource = resources[ref.Ref];
    return `${pathOf(resource.Properties!.ParentId)}/${resource.Properties!.PathPart}`;
  };
  return Object.values(resources)
    .filter((resource) => resource.Type === 'AWS::ApiGateway::Method')
    .map(({ Properties: p }) => ({
      httpMethod: p!.HttpMethod,
      path: pathOf(p!.ResourceId) || '/',
      functionId: arnTarget(p!.Integration.Uri)!,
      integration: p!.Integration,
    }));
};

export const resourcesOfType = (template: Template, type: string): [string, Record<string, any>][] =>
  Object.entries(template.toJSON().Resources as Resources)
    .filter(([, resource]) => resource.Type === type)
    .map(([id, resource]) => [id, resource.Properties ?? {}]);
