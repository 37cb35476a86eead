import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { buildStack, resourcesOfType } from './support.js';

const { stack, template } = buildStack();
const resources = template.toJSON().Resources as Record<string, { Type: string; Properties: Record<string, any> }>;
const id = (construct: { node: { defaultChild?: unknown } }) =>
  stack.getLogicalId(construct.node.defaultChild as never);
const [[, taskDefinition]] = resourcesOfType(template, 'AWS::ECS::TaskDefinition');
const [container] = taskDefinition.ContainerDefinitions as Record<string, any>[];
const environment = Object.fromEntries(
  (container.Environment as { Name: string; Value: unknown }[]).map((e) => [e.Name, e.Value]),
);
/** Every statement of the policies attached to a role. */
const statementsOf = (roleId: string) =>
  Object.values(resources)
    .filter((r) => r.Type === 'AWS::IAM::Policy' && JSON.stringify(r.Properties.Roles).includes(roleId))
    .flatMap((r) => r.Properties.PolicyDocument.Statement as Record<string, any>[]);
const taskRoleId = id(stack.hosts.taskDefinition.taskRole as never);
const bucketId = id(stack.data.bucket);

describe('the browser host task', { timeout: 300_000 }, () => {
  it('runs the image built from the Dockerfile, with an init process, as a non-root user', () => {
    expect(container.Image['Fn::Sub']).toContain('cdk-hnb659fds-container-assets');
    expect(container.LinuxParameters).toMatchObject({ InitProcessEnabled: true });
    expect(container.User).toBe('node');
    expect(container.Essential).toBe(true);
  });

  it('is health-checked on /health and given time to drain on SIGTERM', () => {
    expect(container.HealthCheck.Command.join(' ')).toContain('http://127.0.0.1:9300/health');
    expect(container.StopTimeout).toBe(120);
    expect(container.PortMappings).toEqual([expect.objectContaining({ ContainerPort: 9300 })]);
  });

  it('takes task size and per-host capacity from the props', () => {
    expect(taskDefinition).toMatchObject({
      Cpu: '2048',
      Memory: '4096',
      RuntimePlatform: { CpuArchitecture: 'X86_64' },
    });
    expect(environment.HOST_CAPACITY).toBe('6');
    const { template: sized } = buildStack({
      hosts: { cpu: 4096, memoryLimitMiB: 8192, sessionsPerHost: 12, warmPoolSize: 2 },
    });
    const [[, other]] = resourcesOfType(sized, 'AWS::ECS::TaskDefinition');
    expect(other).toMatchObject({ Cpu: '4096', Memory: '8192' });
    expect(other.ContainerDefinitions[0].Environment).toEqual(
      expect.arrayContaining([
        { Name: 'HOST_CAPACITY', Value: '12' },
        { Name: 'HOST_WARM_POOL_SIZE', Value: '2' },
      ]),
    );
  });

  it('gets the host secret from Secrets Manager, never as plain environment', () => {
    expect(container.Secrets).toEqual([
      { Name: 'HOST_SECRET', ValueFrom: { Ref: id(stack.hosts.hostSecret) } },
      { Name: 'SIGNING_SECRET', ValueFrom: { Ref: id(stack.hosts.signingSecret) } },
    ]);
    expect(environment.HOST_SECRET).toBeUndefined();
    expect(environment.SIGNING_SECRET).toBeUndefined();
  });

  it('hands the API functions the secrets by ARN, with read access to those two only', () => {
    const fn = stack.api.routeFunctions.get('getWindowInfo')!;
    const variables = resources[id(fn.function)].Properties.Environment.Variables;
    expect(variables).toMatchObject({
      HOST_SECRET_ARN: { Ref: id(stack.hosts.hostSecret) },
      SIGNING_SECRET_ARN: { Ref: id(stack.hosts.signingSecret) },
    });
    expect(variables.HOST_SECRET).toBeUndefined();
    const reads = statementsOf(id(fn.role as never))
      .filter((s) => [s.Action].flat().includes('secretsmanager:GetSecretValue'))
      .flatMap((s) => [s.Resource].flat());
    expect(reads.sort()).toEqual([{ Ref: id(stack.hosts.hostSecret) }, { Ref: id(stack.hosts.signingSecret) }].sort());
  });

  it('knows its table, bucket, start queue and the public URL clients reach hosts at, and blocks private networks', () => {
    expect(environment).toMatchObject({
      TABLE_NAME: { Ref: id(stack.data.table) },
      BUCKET_NAME: { Ref: bucketId },
      START_QUEUE_URL: { Ref: id(stack.startQueue.queue) },
      BLOCK_PRIVATE_NETWORKS: 'true',
    });
    expect(JSON.stringify(environment.HOST_PUBLIC_URL)).toContain(id(stack.loadBalancer.loadBalancer));
  });

  it('lets the task role use table items, its two bucket prefixes and the start queue, and nothing else', () => {
    const statements = statementsOf(taskRoleId);
    const resourcesOf = (action: string) =>
      statements.filter((s) => [s.Action].flat().includes(action)).flatMap((s) => [s.Resource].flat());
    expect(JSON.stringify(resourcesOf('s3:PutObject'))).toContain('/profiles/*');
    expect(JSON.stringify(resourcesOf('s3:PutObject'))).toContain('/files/*');
    for (const resource of resourcesOf('s3:PutObject'))
      expect(JSON.stringify(resource)).toMatch(/\/(profiles|files)\/\*/);
    expect(resourcesOf('sqs:ReceiveMessage')).toEqual([{ 'Fn::GetAtt': [id(stack.startQueue.queue), 'Arn'] }]);
    expect(resourcesOf('sqs:SendMessage')).toEqual([]);
    expect(resourcesOf('dynamodb:Scan')).toEqual([]);
    for (const statement of statements) expect(statement.Resource).not.toBe('*');
  });

  it('copies extensions from the extensions/ prefix of the bucket, which it may list and read but not write', () => {
    expect(environment).toMatchObject({ EXTENSIONS_BUCKET: { Ref: bucketId }, EXTENSIONS_PREFIX: 'extensions/' });
    const statements = statementsOf(taskRoleId);
    const touching = statements.filter((s) => JSON.stringify(s.Resource).includes('extensions/'));
    expect(touching).toEqual([expect.objectContaining({ Action: 's3:GetObject' })]);
    const listing = statements.filter((s) => [s.Action].flat().includes('s3:ListBucket'));
    expect(listing).toEqual([
      expect.objectContaining({
        Resource: { 'Fn::GetAtt': [bucketId, 'Arn'] },
        Condition: { StringLike: { 's3:prefix': ['extensions/*'] } },
      }),
    ]);
    const { template: baked } = buildStack({ hosts: { extensionsPrefix: false } });
    const [[, other]] = resourcesOfType(baked, 'AWS::ECS::TaskDefinition');
    const names = (other.ContainerDefinitions[0].Environment as { Name: string }[]).map((e) => e.Name);
    expect(names).not.toContain('EXTENSIONS_BUCKET');
  });
});

describe('the host service and its scaling', { timeout: 300_000 }, () => {
  it('runs in the private subnets with the host security group, rolling back failed deployments', () => {
    template.hasResourceProperties('AWS::ECS::Service', {
      LaunchType: 'FARGATE',
      NetworkConfiguration: {
        AwsvpcConfiguration: {
          AssignPublicIp: 'DISABLED',
          SecurityGroups: [{ 'Fn::GetAtt': [id(stack.network.hostSecurityGroup), 'GroupId'] }],
        },
      },
      DeploymentConfiguration: Match.objectLike({ DeploymentCircuitBreaker: { Enable: true, Rollback: true } }),
    });
  });

  it('enables Container Insights on the cluster', () => {
    template.hasResourceProperties('AWS::ECS::Cluster', {
      ClusterSettings: [{ Name: 'containerInsights', Value: 'enabled' }],
    });
  });

  it('tracks the published host utilization between the min and max hosts of the props', () => {
    const { template: scaled } = buildStack({ hosts: { minHosts: 2, maxHosts: 20, targetUtilizationPercent: 60 } });
    scaled.hasResourceProperties('AWS::ApplicationAutoScaling::ScalableTarget', {
      MinCapacity: 2,
      MaxCapacity: 20,
      ScalableDimension: 'ecs:service:DesiredCount',
    });
    scaled.hasResourceProperties('AWS::ApplicationAutoScaling::ScalingPolicy', {
      PolicyType: 'TargetTrackingScaling',
      TargetTrackingScalingPolicyConfiguration: Match.objectLike({
        TargetValue: 60,
        CustomizedMetricSpecification: Match.objectLike({
          Namespace: 'SessionHost',
          MetricName: 'HostUtilization',
          Statistic: 'Average',
        }),
      }),
    });
  });

  it('adds a host while session starts wait in the queue, which also starts a fleet scaled to zero', () => {
    const { stack: zero, template: scaled } = buildStack({ hosts: { minHosts: 0, maxHosts: 4 } });
    scaled.hasResourceProperties('AWS::ApplicationAutoScaling::ScalableTarget', { MinCapacity: 0, MaxCapacity: 4 });
    scaled.hasResourceProperties('AWS::ApplicationAutoScaling::ScalingPolicy', {
      PolicyType: 'StepScaling',
      StepScalingPolicyConfiguration: Match.objectLike({
        AdjustmentType: 'ChangeInCapacity',
        StepAdjustments: [Match.objectLike({ ScalingAdjustment: 1, MetricIntervalLowerBound: 0 })],
      }),
    });
    scaled.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Namespace: 'AWS/SQS',
      Dimensions: [
        {
          Name: 'QueueName',
          Value: { 'Fn::GetAtt': [zero.getLogicalId(zero.startQueue.queue.node.defaultChild as never), 'QueueName'] },
        },
      ],
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      Threshold: 1,
    });
  });

  it('refuses host bounds that contradict each other', () => {
    expect(() => buildStack({ hosts: { minHosts: 5, maxHosts: 2 } })).toThrow(/minHosts <= maxHosts/);
  });
});

describe('the host load balancer', { timeout: 300_000 }, () => {
  const alb = id(stack.loadBalancer.loadBalancer);
  const attributes = Object.fromEntries(
    (resources[alb].Properties.LoadBalancerAttributes as { Key: string; Value: unknown }[]).map((a) => [
      a.Key,
      a.Value,
    ]),
  );

  it('is internet-facing, keeps long WebSockets open and logs access', () => {
    expect(resources[alb].Properties.Scheme).toBe('internet-facing');
    expect(attributes['idle_timeout.timeout_seconds']).toBe('3600');
    expect(attributes['access_logs.s3.enabled']).toBe('true');
    expect(attributes['routing.http.drop_invalid_header_fields.enabled']).toBe('true');
  });

  it('routes only /live/*, /cdp/* and /webdriver/* to the hosts and answers 404 for anything else', () => {
    template.hasResourceProperties('AWS::ElasticLoadBalancingV2::ListenerRule', {
      Conditions: [{ Field: 'path-pattern', PathPatternConfig: { Values: ['/live/*', '/cdp/*', '/webdriver/*'] } }],
    });
    template.hasResourceProperties('AWS::ElasticLoadBalancingV2::Listener', {
      Port: 80,
      Protocol: 'HTTP',
      DefaultActions: [
        Match.objectLike({ Type: 'fixed-response', FixedResponseConfig: Match.objectLike({ StatusCode: '404' }) }),
      ],
    });
    template.hasResourceProperties('AWS::ElasticLoadBalancingV2::TargetGroup', {
      Port: 9300,
      TargetType: 'ip',
      HealthCheckPath: '/health',
    });
  });

  it('listens with HTTPS on 443, and only there, when a domain and its certificate are given', () => {
    const certificateArn = 'arn:aws:acm:us-east-1:111122223333:certificate/0123';
    const { template: secure, stack: secureStack } = buildStack({
      hostDomain: { domainName: 'hosts.example.com', certificateArn },
    });
    secure.hasResourceProperties('AWS::ElasticLoadBalancingV2::Listener', {
      Port: 443,
      Protocol: 'HTTPS',
      Certificates: [{ CertificateArn: certificateArn }],
    });
    secure.resourceCountIs('AWS::ElasticLoadBalancingV2::Listener', 1);
    expect(secureStack.loadBalancer.url).toBe('https://hosts.example.com');
  });

  it('outputs the live view base URL', () => {
    const outputs = Object.values(template.toJSON().Outputs as Record<string, { Value: unknown; Description: string }>);
    expect(outputs.some((o) => o.Description.includes('live view') && JSON.stringify(o.Value).includes(alb))).toBe(
      true,
    );
  });
});
