import { Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { buildStack, nagFindings } from './support.js';

const findings = (props: Parameters<typeof buildStack>[0]) =>
  nagFindings(buildStack(props).stack).map(
    (finding) =>
      `${finding.severity} ${finding.ruleName}: ${finding.violatingResources.map((resource) => resource.constructPath).join(', ')}`,
  );

/** Every cdk-nag acknowledgement recorded anywhere in the tree, as rule id → reason. */
const acknowledgements = (root: IConstruct): Map<string, string> => {
  const found = new Map<string, string>();
  for (const construct of root.node.findAll()) {
    for (const entry of construct.node.metadata) {
      if (entry.type !== Validations.ACKNOWLEDGED_RULES_METADATA_KEY) continue;
      for (const [qualified, reason] of Object.entries(entry.data as Record<string, string>)) {
        const id = qualified.replace(/^annotation::/i, '');
        if (id.startsWith('AwsSolutions-')) found.set(id, reason);
      }
    }
  }
  return found;
};

describe('cdk-nag AWS Solutions checks', { timeout: 300_000 }, () => {
  it.each([
    ['the default stack', {}],
    ['a stack with tracing', { tracing: true }],
    ['a stack behind a WAF web ACL', { webAclArn: 'arn:aws:wafv2:us-east-1:111122223333:regional/webacl/api/0123' }],
  ])('finds no unacknowledged error or warning in %s', (_, props) => {
    expect(findings(props)).toEqual([]);
  });

  it('acknowledges only the reviewed rules, each with a reason', () => {
    const { stack } = buildStack();
    const acknowledged = acknowledgements(stack);
    // One rule may be acknowledged under several names: the bucket's ARN is a parameter in the route functions' stacks.
    expect([...new Set([...acknowledged.keys()].map((id) => id.replace(/<[^>]+>/g, '<id>')))].sort()).toEqual(
      [
        'AwsSolutions-APIG2',
        'AwsSolutions-APIG3',
        'AwsSolutions-APIG4',
        'AwsSolutions-COG4',
        'AwsSolutions-IAM4[Policy::arn:<id>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
        'AwsSolutions-IAM5[Resource::<id>/*]',
        'AwsSolutions-L1',
        'AwsSolutions-S1',
        // The load balancer is open to the internet by design; host containers get plain config as environment.
        'AwsSolutions-EC23',
        'AwsSolutions-ECS2',
        // ecr:GetAuthorizationToken and VPC functions' network interfaces; hosts' objects under their two prefixes,
        // the extensions they read, their own tasks' scale-in protection; the Bedrock model in every region.
        'AwsSolutions-IAM5[Resource::*]',
        'AwsSolutions-IAM5[Resource::arn:<id>:ecs:<id>:<id>:task/<id>/*]',
        'AwsSolutions-IAM5[Resource::<id>/extensions/*]',
        'AwsSolutions-IAM5[Resource::<id>/files/*]',
        'AwsSolutions-IAM5[Resource::<id>/profiles/*]',
        'AwsSolutions-IAM5[Resource::arn:<id>:bedrock:*::foundation-model/anthropic.claude-sonnet-4-5-20250929-v1:0]',
        // The host secret changes with a deployment rather than by a rotation function.
        'AwsSolutions-SMG4',
      ].sort(),
    );
    for (const [id, reason] of acknowledged) expect(reason.length, id).toBeGreaterThan(60);
  });

  it('needs no acknowledgement of APIG3 once a web ACL guards the stage', () => {
    const { stack } = buildStack({ webAclArn: 'arn:aws:wafv2:us-east-1:111122223333:regional/webacl/api/0123' });
    expect(acknowledgements(stack).has('AwsSolutions-APIG3')).toBe(false);
  });
});
