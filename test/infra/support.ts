/**
 * Builds the stack for assertions. Bundling is skipped through CDK's own `aws:cdk:bundling-stacks` context (the
 * functions keep their real NodejsFunction configuration, only esbuild does not run), so a build takes a second.
 */
import { readFileSync } from 'node:fs';
import { App, NestedStack, Validations, type CfnElement, type PolicyViolation, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { SessionHostStack, type SessionHostStackProps } from '../../lib/stack.js';

/** The feature flags `cdk synth` runs with, so tests see the same template. */
const cdkJson = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')) as {
  context: Record<string, unknown>;
};

// Assets are referenced in place instead of copied into the cloud assembly: the host image's build context is
// the project root, whose copy costs seconds per build and proves nothing an assertion looks at.
// CloudFormation's default-rule validation of the template costs most of a synthesis; one test (synth.test.ts) runs
// it, the others assert the template it does not change.
export const unbundledApp = (options: { validate?: boolean; context?: Record<string, unknown> } = {}): App =>
  new App({
    context: {
      ...cdkJson.context,
      'aws:cdk:bundling-stacks': [],
      'aws:cdk:disable-asset-staging': true,
      ...(options.validate ? {} : { '@aws-cdk/core:validateAgainstDefaultRules': false }),
      ...options.context,
    },
  });

type Json = Record<string, any>;

/** `value` with every `{ Ref: name }` of a parameter replaced by what `given` passes for it, and every nested output read by its value. */
const substitute = (value: unknown, given: (ref: Json) => unknown): unknown => {
  if (Array.isArray(value)) return value.map((item) => substitute(item, given));
  if (value === null || typeof value !== 'object') return value;
  const replaced = given(value as Json);
  if (replaced !== undefined) return replaced;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, substitute(item, given)]));
};

/**
 * The stack as one template: each nested stack's resources merged into the parent's, its parameters replaced by the
 * values the parent passes and the parent's reads of its outputs by the outputs' values. Assertions then follow a
 * reference (a route function's table grant, a method's function) the way CloudFormation resolves it, wherever the
 * resources live. The nested stack resources themselves are left out, as their content is merged.
 */
export const flatTemplate = (stack: Stack): Template => {
  const flat = structuredClone(Template.fromStack(stack).toJSON()) as Json;
  const outputs = new Map<string, unknown>();
  const nestedStacks = stack.node
    .findAll()
    .filter((c): c is NestedStack => NestedStack.isNestedStack(c) && c.nestedStackParent === stack);
  for (const nested of nestedStacks) {
    const resourceId = stack.getLogicalId(nested.nestedStackResource as CfnElement);
    const parameters: Json = flat.Resources[resourceId].Properties?.Parameters ?? {};
    const inner = flatTemplate(nested).toJSON() as Json;
    const resolve = (value: unknown) =>
      substitute(value, (ref) =>
        typeof ref.Ref === 'string' && ref.Ref in parameters ? parameters[ref.Ref] : undefined,
      );
    for (const [id, resource] of Object.entries(inner.Resources as Json)) {
      if (id in flat.Resources)
        throw new Error(`logical id ${id} is in both ${stack.node.path} and ${nested.node.path}`);
      flat.Resources[id] = resolve(resource);
    }
    for (const [name, output] of Object.entries((inner.Outputs ?? {}) as Json))
      outputs.set(`${resourceId}.${name}`, resolve(output.Value));
    delete flat.Resources[resourceId];
  }
  const read = (ref: Json) => {
    const getAtt = ref['Fn::GetAtt'];
    if (!Array.isArray(getAtt) || !String(getAtt[1]).startsWith('Outputs.')) return undefined;
    return outputs.get(`${getAtt[0]}.${String(getAtt[1]).slice('Outputs.'.length)}`);
  };
  return Template.fromJSON(substitute(flat, read) as Json);
};

export const buildStack = (
  props: SessionHostStackProps = {},
  options: { validate?: boolean } = {},
): { stack: SessionHostStack; template: Template } => {
  const stack = new SessionHostStack(unbundledApp(options), 'SessionHost', props);
  // Warnings about the route table itself; api.test.ts asserts them on tables made for the purpose.
  Validations.of(stack).acknowledge(
    { id: 'sessionhost:buffered-timeout', reason: 'route table notice, asserted in api.test.ts' },
    { id: 'sessionhost:renamed-path-variable', reason: 'route table notice, asserted in api.test.ts' },
  );
  // One template, as if there were no nested stacks: the assertions are about what is deployed, not where.
  return { stack, template: flatTemplate(stack) };
};

/** Every unacknowledged AWS Solutions finding (errors and warnings) in the stack. */
export const nagFindings = (stack: Stack): PolicyViolation[] =>
  new AwsSolutionsChecks().validateScope(stack).violations;

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
