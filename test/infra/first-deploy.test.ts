/**
 * What makes a first `cdk deploy` fail or an update end live sessions, asserted on the synthesized template: things
 * synthesis and cdk-nag accept but CloudFormation, Lambda or ECS refuse or get wrong at deploy time.
 */
import { describe, expect, it } from 'vitest';
import { VPC_ACCESS_ACTIONS } from '../../lib/api-function.js';
import { buildStack, resourcesOfType } from './support.js';

const { template } = buildStack();
type Resource = { Type: string; Properties: Record<string, any>; DependsOn?: string[] };
const resources = template.toJSON().Resources as Record<string, Resource>;

/** The logical id of the role a function runs with (`Role: { Fn::GetAtt: [id, 'Arn'] }`). */
const roleOf = (fn: Resource): string => fn.Properties.Role['Fn::GetAtt'][0];
/** The policies attached to a role, by logical id. */
const policiesOf = (roleId: string): [string, Resource][] =>
  Object.entries(resources).filter(
    ([, r]) =>
      r.Type === 'AWS::IAM::Policy' &&
      (r.Properties.Roles as unknown[]).some((ref) => JSON.stringify(ref) === JSON.stringify({ Ref: roleId })),
  );
const vpcFunctions = Object.entries(resources).filter(
  ([, r]) => r.Type === 'AWS::Lambda::Function' && r.Properties.VpcConfig,
);

describe('a first deploy', { timeout: 300_000 }, () => {
  it('has VPC-attached functions to check (the host-calling routes and the worker)', () => {
    expect(vpcFunctions.length).toBeGreaterThan(10);
  });

  it('lets every VPC-attached function create and clean up its network interfaces, granted before the function is created', () => {
    for (const [fnId, fn] of vpcFunctions) {
      const roleId = roleOf(fn);
      const granting = policiesOf(roleId).filter(([, policy]) => {
        const actions = (
          policy.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[]
        ).flatMap((s) => [s.Action].flat());
        return VPC_ACCESS_ACTIONS.every((action) => actions.includes(action));
      });
      const managed = JSON.stringify(resources[roleId].Properties.ManagedPolicyArns ?? []).includes(
        'AWSLambdaVPCAccessExecutionRole',
      );
      expect(
        granting.length > 0 || managed,
        `${fnId} runs in a VPC but its role ${roleId} cannot create network interfaces`,
      ).toBe(true);
      // CreateFunction checks the role's permissions: the policy must exist before the function.
      if (!managed)
        expect(fn.DependsOn ?? [], `${fnId} is created before the policy granting its network interfaces`).toEqual(
          expect.arrayContaining([granting[0]![0]]),
        );
    }
  });

  it('leaves the host count out of the service, so an update does not set a scaled fleet back to its minimum', () => {
    const services = Object.values(resources).filter((r) => r.Type === 'AWS::ECS::Service');
    expect(services).toHaveLength(1);
    expect(services[0]!.Properties).not.toHaveProperty('DesiredCount');
    // The floor is the scalable target's: ECS starts one task at creation, autoscaling raises it to minHosts.
    const [target] = Object.values(
      buildStack({ hosts: { minHosts: 3, maxHosts: 5 } }).template.findResources(
        'AWS::ApplicationAutoScaling::ScalableTarget',
      ),
    );
    expect(target!.Properties).toMatchObject({ MinCapacity: 3, MaxCapacity: 5 });
  });

  it('lets the host task protect its own task (of its cluster) from scale-in', () => {
    const [[taskRoleId]] = Object.entries(resources)
      .filter(([, r]) => r.Type === 'AWS::ECS::TaskDefinition')
      .map(([, r]) => [r.Properties.TaskRoleArn['Fn::GetAtt'][0]]);
    const statements = policiesOf(taskRoleId!).flatMap(
      ([, p]) => p.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[],
    );
    const protecting = statements.filter((s) => [s.Action].flat().includes('ecs:UpdateTaskProtection'));
    expect(protecting).toHaveLength(1);
    expect(JSON.stringify(protecting[0]!.Resource)).toMatch(/:task\/",\{"Ref":"HostsCluster[0-9A-F]+"\},"\/\*"/);
  });

  it('grants network interfaces only to functions that run in the VPC', () => {
    const outside = Object.entries(resources).filter(
      ([, r]) => r.Type === 'AWS::Lambda::Function' && !r.Properties.VpcConfig && r.Properties.Role?.['Fn::GetAtt'],
    );
    for (const [fnId, fn] of outside) {
      const actions = policiesOf(roleOf(fn)).flatMap(([, p]) =>
        (p.Properties.PolicyDocument.Statement as { Action: string | string[] }[]).flatMap((s) => [s.Action].flat()),
      );
      expect(actions, fnId).not.toContain('ec2:CreateNetworkInterface');
    }
  });
});

describe('synchronous operations behind the gateway', { timeout: 300_000 }, () => {
  it('cap their time below the 5-minute idle cut on every streamed route, and nowhere else', () => {
    const streamed = Object.values(resources).filter(
      (r) => r.Type === 'AWS::ApiGateway::Method' && r.Properties.Integration?.ResponseTransferMode === 'STREAM',
    );
    expect(streamed.length).toBeGreaterThan(10);
    for (const method of streamed) {
      const fnId = JSON.stringify(method.Properties.Integration.Uri).match(/"Fn::GetAtt":\["([^"]+)","Arn"\]/)![1]!;
      const limit = Number(resources[fnId]!.Properties.Environment.Variables.SYNC_TIME_LIMIT_SECONDS);
      expect(limit, fnId).toBeGreaterThan(0);
      expect(limit, fnId).toBeLessThan(300);
    }
    expect(
      resourcesOfType(template, 'AWS::Lambda::Function').filter(
        ([, p]) => p.Environment?.Variables?.SYNC_TIME_LIMIT_SECONDS,
      ).length,
    ).toBe(streamed.length);
  });
});

describe('the hosts domain', { timeout: 300_000 }, () => {
  const zone = { hostedZoneId: 'Z0123456789ABCDEFGHIJ', zoneName: 'example.com' };
  const urlsHandedOut = (t: ReturnType<typeof buildStack>['template']): string[] => {
    const [[, task]] = resourcesOfType(t, 'AWS::ECS::TaskDefinition');
    const fromTask = (task.ContainerDefinitions[0].Environment as { Name: string; Value: unknown }[])
      .filter((e) => e.Name === 'HOST_PUBLIC_URL')
      .map((e) => e.Value);
    const fromFunctions = resourcesOfType(t, 'AWS::Lambda::Function')
      .map(([, p]) => p.Environment?.Variables?.HOST_PUBLIC_URL)
      .filter((v) => v !== undefined);
    return [...fromTask, ...fromFunctions].map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
  };

  it('hands out https URLs on the domain to hosts and functions, with a certificate issued in the zone and an alias to the balancer', () => {
    const { template: t } = buildStack({ hostDomain: { domainName: 'hosts.example.com', hostedZone: zone } });
    const urls = urlsHandedOut(t);
    expect(urls.length).toBeGreaterThan(10);
    expect(new Set(urls)).toEqual(new Set(['https://hosts.example.com']));
    t.hasResourceProperties('AWS::CertificateManager::Certificate', {
      DomainName: 'hosts.example.com',
      ValidationMethod: 'DNS',
      DomainValidationOptions: [{ DomainName: 'hosts.example.com', HostedZoneId: zone.hostedZoneId }],
    });
    t.hasResourceProperties('AWS::Route53::RecordSet', {
      Name: 'hosts.example.com.',
      Type: 'A',
      HostedZoneId: zone.hostedZoneId,
    });
    const listeners = resourcesOfType(t, 'AWS::ElasticLoadBalancingV2::Listener').map(([, p]) => [p.Port, p.Protocol]);
    expect(listeners).toEqual([[443, 'HTTPS']]);
    const ingress = resourcesOfType(t, 'AWS::EC2::SecurityGroup').flatMap(
      ([, p]) => (p.SecurityGroupIngress ?? []) as { CidrIp?: string; FromPort: number }[],
    );
    expect(ingress.filter((rule) => rule.CidrIp === '0.0.0.0/0').map((rule) => rule.FromPort)).toEqual([443]);
  });

  it('uses a given certificate without issuing one or touching DNS', () => {
    const { template: t } = buildStack({
      hostDomain: {
        domainName: 'hosts.example.com',
        certificateArn: 'arn:aws:acm:us-east-1:111122223333:certificate/0123',
      },
    });
    t.resourceCountIs('AWS::CertificateManager::Certificate', 0);
    t.resourceCountIs('AWS::Route53::RecordSet', 0);
    expect(new Set(urlsHandedOut(t))).toEqual(new Set(['https://hosts.example.com']));
  });

  it('refuses a domain it cannot get a certificate for, or outside its zone', () => {
    expect(() => buildStack({ hostDomain: { domainName: 'hosts.example.com' } })).toThrow(
      /needs a certificateArn, or a hostedZone/,
    );
    expect(() => buildStack({ hostDomain: { domainName: 'hosts.example.org', hostedZone: zone } })).toThrow(
      /not in the hosted zone example.com/,
    );
  });

  it('without a domain, serves plain HTTP at the balancer name (the documented development setup)', () => {
    expect(new Set(urlsHandedOut(template)).size).toBe(1);
    expect(urlsHandedOut(template)[0]).toMatch(/^\{"Fn::Join":\["",\["http:\/\/",/);
  });
});
