/**
 * The session-start queue: API functions enqueue a start, and a browser host with room takes it (long-polling only
 * while it has a free slot). Meanwhile the session shows `awaitingCapacity`; the queue is the backpressure.
 */
import { Duration } from 'aws-cdk-lib';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { ENV } from '../functions/config/env.js';
import type { Binding } from './binding.js';
import { WorkQueue } from './queue.js';

export class StartQueue extends Construct implements Binding {
  public readonly work: WorkQueue;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.work = new WorkQueue(this, 'Starts', {
      // A host holds a start while it launches the browser and records it running: seconds, with room for a slow launch.
      visibilityTimeout: Duration.minutes(2),
      // A start nobody took within the hour has long been given up on by its caller.
      retentionPeriod: Duration.hours(1),
      maxReceiveCount: 5,
    });
  }

  public get queue() {
    return this.work.queue;
  }

  public bindTo(fn: LambdaFunction): void {
    fn.addEnvironment(ENV.startQueueUrl, this.queue.queueUrl);
    this.queue.grantSendMessages(fn);
  }
}
