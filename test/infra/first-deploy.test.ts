/**
 * What makes a first `cdk deploy` fail or an update end live sessions, asserted on the synthesized template: things
 * synthesis and cdk-nag accept but CloudFormation, Lambda or ECS refuse or get wrong at deploy time.
 */
import { describe, expect, it } from 'vitest';
import { VPC_ACCESS_ACTIONS } from '../../lib/api-function.js';
import { buildStack } from './support.js';

const { template } = buildStack();
type Resource = { Type: string; Properties: Record<string, any>; DependsOn?: string[] };
const resources = template.toJSON().Resources as Record<string, Resource>;

/** The logical id of the role a function runs with (`Role: { Fn::GetAtt: [id, 'Arn'] }`). */
const roleOf = (fn: Resource): string => fn.Properties.Role['Fn::GetAtt'][0];
/** The policies attached to a role, by logical id. */
const policiesOf = (roleId: string): [string, Resource][] =>
  Object.entries(resources).filter(([, r]) => r.Type === 'AWS::IAM::Policy' && (r.Properties.Roles as unknown[]).some((ref) => JSON.stringify(ref) === JSON.stringify({ Ref: roleId })));
const vpcFunctions = Object.entries(resources).filter(([, r]) => r.Type === 'AWS::Lambda::Function' && r.Properties.VpcConfig);

describe('a first deploy', { timeout: 300_000 }, () => {
  it('has VPC-attached functions to check (the host-calling routes and the worker)', () => {
    expect(vpcFunctions.length).toBeGreaterThan(10);
  });

  it('lets every VPC-attached function create and clean up its network interfaces, granted before the function is created', () => {
    for (const [fnId, fn] of vpcFunctions) {
      const roleId = roleOf(fn);
      const granting = policiesOf(roleId).filter(([, policy]) => {
        const actions = (policy.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[]).flatMap((s) => [s.Action].flat());
        return VPC_ACCESS_ACTIONS.every((action) => actions.includes(action));
      });
      const managed = JSON.stringify(resources[roleId].Properties.ManagedPolicyArns ?? []).includes('AWSLambdaVPCAccessExecutionRole');
      expect(granting.length > 0 || managed, `${fnId} runs in a VPC but its role ${roleId} cannot create network interfaces`).toBe(true);
      // CreateFunction checks the role's permissions: the policy must exist before the function.
      if (!managed) expect(fn.DependsOn ?? [], `${fnId} is created before the policy granting its network interfaces`).toEqual(expect.arrayContaining([granting[0]![0]]));
    }
  });

  it('grants network interfaces only to functions that run in the VPC', () => {
    const outside = Object.entries(resources).filter(([, r]) => r.Type === 'AWS::Lambda::Function' && !r.Properties.VpcConfig && r.Properties.Role?.['Fn::GetAtt']);
    for (const [fnId, fn] of outside) {
      const actions = policiesOf(roleOf(fn)).flatMap(([, p]) => (p.Properties.PolicyDocument.Statement as { Action: string | string[] }[]).flatMap((s) => [s.Action].flat()));
      expect(actions, fnId).not.toContain('ec2:CreateNetworkInterface');
    }
  });
});
