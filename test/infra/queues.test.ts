import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { routes } from '../../functions/api/routes.js';
import { buildStack, resourcesOfType } from './support.js';

const { stack, template } = buildStack();
const resources = template.toJSON().Resources as Record<string, { Type: string; Properties: Record<string, any> }>;
const id = (construct: { node: { defaultChild?: unknown } }) =>
  stack.getLogicalId(construct.node.defaultChild as never);
const worker = stack.asyncWorker.worker;
const workerProps = resources[id(worker.function)].Properties;
const queueProps = (queue: { node: { defaultChild?: unknown } }) => resources[id(queue)].Properties;
const statementsOf = (roleId: string) =>
  Object.values(resources)
    .filter((r) => r.Type === 'AWS::IAM::Policy' && JSON.stringify(r.Properties.Roles).includes(roleId))
    .flatMap((r) => r.Properties.PolicyDocument.Statement as Record<string, any>[]);

describe('the async queue and its worker', { timeout: 300_000 }, () => {
  const queue = stack.asyncWorker.queue;

  it('dead-letters a request after its last receive, into an encrypted queue kept two weeks', () => {
    expect(queueProps(queue.queue).RedrivePolicy).toEqual({
      deadLetterTargetArn: { 'Fn::GetAtt': [id(queue.deadLetterQueue), 'Arn'] },
      maxReceiveCount: 5,
    });
    expect(queueProps(queue.deadLetterQueue)).toMatchObject({
      MessageRetentionPeriod: 14 * 24 * 3600,
      SqsManagedSseEnabled: true,
    });
    // The worker knows the limit, and ends a request in `error` on that last receive instead of leaving it pending.
    expect(workerProps.Environment.Variables.ASYNC_MAX_RECEIVES).toBe('5');
  });

  it('hides a taken message for longer than the worker may run', () => {
    expect(workerProps.Timeout).toBe(900);
    expect(queueProps(queue.queue).VisibilityTimeout).toBeGreaterThan(workerProps.Timeout);
  });

  it('runs the worker module on the queue in batches, reporting failures per message', () => {
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: { 'Fn::GetAtt': [id(queue.queue), 'Arn'] },
      FunctionName: { Ref: id(worker.function) },
      BatchSize: 5,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
    const { template: other } = buildStack({ async: { batchSize: 2, operationTimeoutSeconds: 300 } });
    other.hasResourceProperties('AWS::Lambda::EventSourceMapping', { BatchSize: 2 });
    other.hasResourceProperties('AWS::Lambda::Function', {
      Timeout: 300,
      Environment: { Variables: Match.objectLike({ ASYNC_QUEUE_URL: Match.anyValue() }) },
    });
  });

  it('gives the worker what the API functions have, and the queue to re-enqueue webhook retries', () => {
    expect(Object.keys(workerProps.Environment.Variables)).toEqual(
      expect.arrayContaining([
        'TABLE_NAME',
        'BUCKET_NAME',
        'START_QUEUE_URL',
        'HOST_SECRET_ARN',
        'MODEL_PROVIDER',
        'ASYNC_QUEUE_URL',
      ]),
    );
    const actions = statementsOf(id(worker.role)).flatMap((s) => [s.Action].flat());
    expect(actions).toEqual(expect.arrayContaining(['sqs:SendMessage', 'sqs:ReceiveMessage', 'sqs:DeleteMessage']));
  });

  it('lets the functions of async routes enqueue', () => {
    for (const route of routes.filter((r) => r.handler && r.path.startsWith('/v1/async/'))) {
      const fn = stack.api.routeFunctions.get(route.operationId)!;
      expect(resources[id(fn.function)].Properties.Environment.Variables.ASYNC_QUEUE_URL).toEqual({
        Ref: id(queue.queue),
      });
    }
  });
});

describe('the session-start queue', () => {
  it('is encrypted, TLS only, with a dead-letter queue, and holds a start for two minutes while a host launches it', () => {
    const start = stack.startQueue.work;
    expect(queueProps(start.queue)).toMatchObject({
      SqsManagedSseEnabled: true,
      VisibilityTimeout: 120,
      MessageRetentionPeriod: 3600,
    });
    expect(queueProps(start.queue).RedrivePolicy.deadLetterTargetArn).toEqual({
      'Fn::GetAtt': [id(start.deadLetterQueue), 'Arn'],
    });
    const policies = resourcesOfType(template, 'AWS::SQS::QueuePolicy').map(([, p]) => JSON.stringify(p));
    expect(policies.some((p) => p.includes(id(start.queue)) && p.includes('"aws:SecureTransport":"false"'))).toBe(true);
  });

  it('lets the session functions enqueue starts', () => {
    const fn = stack.api.routeFunctions.get('createSession')!;
    const statements = statementsOf(id(fn.role));
    const sending = statements
      .filter((s) => [s.Action].flat().includes('sqs:SendMessage'))
      .flatMap((s) => [s.Resource].flat());
    expect(sending).toContainEqual({ 'Fn::GetAtt': [id(stack.startQueue.queue), 'Arn'] });
  });
});

describe('alarms', { timeout: 300_000 }, () => {
  const alarms = resourcesOfType(template, 'AWS::CloudWatch::Alarm').map(([, p]) => p);

  it('raises on any dead-lettered message, of either queue', () => {
    for (const dlq of [stack.asyncWorker.queue.deadLetterQueue, stack.startQueue.work.deadLetterQueue]) {
      expect(alarms).toContainEqual(
        expect.objectContaining({
          MetricName: 'ApproximateNumberOfMessagesVisible',
          Threshold: 0,
          ComparisonOperator: 'GreaterThanThreshold',
          Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [id(dlq), 'QueueName'] } }],
        }),
      );
    }
  });

  it('raises when the host fleet sits at its maximum', () => {
    expect(alarms).toContainEqual(
      expect.objectContaining({
        MetricName: 'RunningTaskCount',
        Namespace: 'ECS/ContainerInsights',
        Threshold: 10,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      }),
    );
  });

  it('raises on the share of 5xx answers of the API', () => {
    const rate = alarms.find((a) => Array.isArray(a.Metrics));
    expect(rate?.Metrics.map((m: { Expression?: string }) => m.Expression).filter(Boolean)).toEqual([
      'IF(requests > 0, 100 * errors / requests, 0)',
    ]);
    expect(JSON.stringify(rate?.Metrics)).toContain('5XXError');
  });

  it('notifies the given topic', () => {
    const topic = 'arn:aws:sns:us-east-1:111122223333:ops';
    const { template: notified } = buildStack({ alarmTopicArn: topic });
    // Alarms that drive a scaling policy (the start backlog) act on the policy, not on people.
    const policies = new Set(
      resourcesOfType(notified, 'AWS::ApplicationAutoScaling::ScalingPolicy').map(([logicalId]) => logicalId),
    );
    const drivesScaling = (alarm: { AlarmActions?: { Ref?: string }[] }) =>
      (alarm.AlarmActions ?? []).some((action) => policies.has(action.Ref ?? ''));
    const operational = resourcesOfType(notified, 'AWS::CloudWatch::Alarm').filter(
      ([, alarm]) => !drivesScaling(alarm),
    );
    expect(operational.length).toBeGreaterThanOrEqual(4);
    for (const [, alarm] of operational) expect(alarm.AlarmActions).toEqual([topic]);
  });
});
