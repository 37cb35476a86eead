import { describe, expect, it } from 'vitest';
import { buildStack, resourcesOfType } from './support.js';

const { stack, template } = buildStack();
const id = (construct: { node: { defaultChild?: unknown } }) =>
  stack.getLogicalId(construct.node.defaultChild as never);
const hostSg = id(stack.network.hostSecurityGroup);
const albSg = id(stack.network.loadBalancerSecurityGroup);
const fnSg = id(stack.network.functionSecurityGroup);
const ingress = resourcesOfType(template, 'AWS::EC2::SecurityGroupIngress').map(([, p]) => p);
const groupIdOf = (value: unknown) => (value as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];

describe('the network', { timeout: 300_000 }, () => {
  it('spreads over two zones with one NAT gateway by default', () => {
    template.resourceCountIs('AWS::EC2::NatGateway', 1);
    expect(resourcesOfType(template, 'AWS::EC2::Subnet')).toHaveLength(4);
  });

  it('takes zones and NAT gateways from the props', () => {
    const { template: wide } = buildStack({ network: { maxAzs: 2, natGateways: 2 } });
    wide.resourceCountIs('AWS::EC2::NatGateway', 2);
  });

  it('refuses a NAT count that would cut the private subnets off or exceed the zones', () => {
    expect(() => buildStack({ network: { natGateways: 0 } })).toThrow(
      /natGateways must be a whole number from 1 to maxAzs/,
    );
    expect(() => buildStack({ network: { maxAzs: 1, natGateways: 2 } })).toThrow(/natGateways/);
  });

  it('keeps DynamoDB and S3 traffic on gateway endpoints instead of the NAT', () => {
    const endpoints = resourcesOfType(template, 'AWS::EC2::VPCEndpoint').map(([, p]) => JSON.stringify(p.ServiceName));
    expect(endpoints).toHaveLength(2);
    expect(endpoints.some((name) => name.includes('.dynamodb'))).toBe(true);
    expect(endpoints.some((name) => name.includes('.s3'))).toBe(true);
    for (const [, p] of resourcesOfType(template, 'AWS::EC2::VPCEndpoint')) expect(p.VpcEndpointType).toBe('Gateway');
  });

  it('records rejected flows', () => {
    template.hasResourceProperties('AWS::EC2::FlowLog', {
      TrafficType: 'REJECT',
      LogDestinationType: 'cloud-watch-logs',
    });
  });
});

describe('security groups', () => {
  it('lets only the load balancer, the API functions and other hosts reach a host, on the host port only', () => {
    const toHosts = ingress.filter((rule) => groupIdOf(rule.GroupId) === hostSg);
    expect(toHosts.map((rule) => groupIdOf(rule.SourceSecurityGroupId)).sort()).toEqual([albSg, fnSg, hostSg].sort());
    for (const rule of toHosts) expect(rule).toMatchObject({ IpProtocol: 'tcp', FromPort: 9300, ToPort: 9300 });
    const inline = template.toJSON().Resources[hostSg].Properties.SecurityGroupIngress;
    expect(inline ?? []).toEqual([]);
  });

  it('opens the load balancer to the internet on its listener port only', () => {
    const inline = template.toJSON().Resources[albSg].Properties.SecurityGroupIngress;
    expect(inline).toEqual([
      expect.objectContaining({ CidrIp: '0.0.0.0/0', IpProtocol: 'tcp', FromPort: 80, ToPort: 80 }),
    ]);
  });

  it('lets functions out only over HTTPS and to the hosts', () => {
    const egress = template.toJSON().Resources[fnSg].Properties.SecurityGroupEgress;
    expect(egress).toEqual([expect.objectContaining({ CidrIp: '0.0.0.0/0', FromPort: 443, ToPort: 443 })]);
    const toHosts = resourcesOfType(template, 'AWS::EC2::SecurityGroupEgress').map(([, p]) => p);
    expect(toHosts).toContainEqual(
      expect.objectContaining({
        FromPort: 9300,
        ToPort: 9300,
        DestinationSecurityGroupId: { 'Fn::GetAtt': [hostSg, 'GroupId'] },
      }),
    );
  });

  it('runs every route function in the private subnets with the function group; the fallback stays outside', () => {
    for (const fn of stack.api.routeFunctions.values()) {
      const props = template.toJSON().Resources[id(fn.function)].Properties;
      expect(props.VpcConfig.SecurityGroupIds).toEqual([{ 'Fn::GetAtt': [fnSg, 'GroupId'] }]);
    }
    expect(template.toJSON().Resources[id(stack.api.fallbackFunction.function)].Properties.VpcConfig).toBeUndefined();
  });
});
