/**
 * A work queue with its dead-letter queue: encrypted with SQS-managed keys, TLS only, and a message that fails
 * `maxReceiveCount` times moves aside instead of blocking or looping forever.
 */
import { Duration } from 'aws-cdk-lib';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

export interface WorkQueueProps {
  /** Longer than the longest time one consumer holds a message, or a second consumer takes it meanwhile. */
  readonly visibilityTimeout: Duration;
  /** Receives before a message is dead-lettered. @default 5 */
  readonly maxReceiveCount?: number;
  /** How long an unconsumed message is kept. @default 4 days */
  readonly retentionPeriod?: Duration;
}

export class WorkQueue extends Construct {
  public readonly queue: Queue;
  public readonly deadLetterQueue: Queue;

  constructor(scope: Construct, id: string, props: WorkQueueProps) {
    super(scope, id);
    const common = { encryption: QueueEncryption.SQS_MANAGED, enforceSSL: true };
    // The dead letters are kept the longest SQS allows, so someone has two weeks to look at them.
    this.deadLetterQueue = new Queue(this, 'DeadLetters', { ...common, retentionPeriod: Duration.days(14) });
    this.queue = new Queue(this, 'Queue', {
      ...common,
      visibilityTimeout: props.visibilityTimeout,
      retentionPeriod: props.retentionPeriod ?? Duration.days(4),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: props.maxReceiveCount ?? 5 },
    });
  }
}
