/**
 * Async operations on AWS: the queue `POST /v1/async/...` enqueues into, its dead-letter queue, and the worker
 * function that runs each request and delivers its webhook. Webhook retries go back into the same queue with a
 * delay, so they survive the worker's restarts; a message that fails every receive ends in the dead-letter queue.
 */
import { Duration, Validations } from 'aws-cdk-lib';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { fileURLToPath } from 'node:url';
import { ENV } from '../functions/config/env.js';
import { ApiFunction, maxTimeoutSeconds, type FunctionNetwork } from './api-function.js';
import type { Binding } from './binding.js';
import { WorkQueue } from './queue.js';

/** The worker module (exports `handler`, an SQS batch handler that reports partial failures). */
export const workerEntry = fileURLToPath(
  new URL('../functions/composition/lambda/entries/async-requests.ts', import.meta.url),
);

export interface AsyncWorkerProps {
  /** The longest an async operation may run, in seconds (the worker's timeout). @default 900, Lambda's maximum */
  readonly operationTimeoutSeconds?: number;
  /** Requests one worker invocation takes; each is its own operation, failures are reported per message. @default 5 */
  readonly batchSize?: number;
  /** Receives before a request is dead-lettered. @default 5 */
  readonly maxReceiveCount?: number;
  /** Resources the worker is bound to, like the API functions (stores, hosts, model). */
  readonly bindings?: readonly Binding[];
  readonly network?: FunctionNetwork;
  readonly memorySize?: number;
  readonly logRetention: RetentionDays;
  readonly tracing?: boolean;
  readonly environment?: Record<string, string>;
}

export class AsyncWorker extends Construct implements Binding {
  public readonly queue: WorkQueue;
  public readonly worker: ApiFunction;

  constructor(scope: Construct, id: string, props: AsyncWorkerProps) {
    super(scope, id);
    const timeoutSeconds = Math.min(props.operationTimeoutSeconds ?? maxTimeoutSeconds, maxTimeoutSeconds);
    // AWS's guidance for a Lambda consumer: six times the function timeout, so a retried batch is not taken twice.
    this.queue = new WorkQueue(this, 'Requests', {
      visibilityTimeout: Duration.seconds(Math.min(timeoutSeconds * 6, 12 * 3600)),
      maxReceiveCount: props.maxReceiveCount ?? 5,
    });
    this.worker = new ApiFunction(this, 'Worker', {
      handler: 'worker/async-requests',
      entry: workerEntry,
      timeout: Duration.seconds(timeoutSeconds),
      memorySize: props.memorySize ?? 1024,
      logRetention: props.logRetention,
      tracing: props.tracing ?? false,
      environment: props.environment ?? {},
      network: props.network,
    });
    Validations.of(this.worker).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'The worker runs nodejs22.x like the API functions: the release the bundles are built for (esbuild target node22) and the bundle test runs on.',
    });
    // The worker gives a request up on the receive the redrive policy would dead-letter it after.
    this.worker.function.addEnvironment(ENV.asyncMaxReceives, String(props.maxReceiveCount ?? 5));
    for (const binding of props.bindings ?? []) binding.bindTo(this.worker.function);
    // The worker re-enqueues webhook retries with a delay, and reads the queue it is triggered by.
    this.bindTo(this.worker.function);
    this.worker.function.addEventSource(
      new SqsEventSource(this.queue.queue, {
        batchSize: props.batchSize ?? 5,
        // One failed request is retried alone; the others of the batch are not run again.
        reportBatchItemFailures: true,
      }),
    );
  }

  /** Functions that accept async requests enqueue them. */
  public bindTo(fn: LambdaFunction): void {
    fn.addEnvironment(ENV.asyncQueueUrl, this.queue.queue.queueUrl);
    this.queue.queue.grantSendMessages(fn);
  }
}
