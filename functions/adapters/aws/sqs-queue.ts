/** The queue port over one SQS queue (standard, not FIFO). The client is injected; the adapter only maps shapes. */
import {
  ChangeMessageVisibilityCommand,
  DeleteMessageCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
  SQSClient,
  type SQSClientConfig,
} from '@aws-sdk/client-sqs';
import { MAX_DELAY_SECONDS, type Queue, type QueueMessage, type ReceiveOptions } from '../../ports/queue.js';

/** SQS caps a long poll at 20 s. */
const MAX_WAIT_SECONDS = 20;

export class SqsQueue implements Queue {
  constructor(
    private readonly client: SQSClient,
    private readonly queueUrl: string,
  ) {}

  async send(body: string, options: { delaySeconds?: number } = {}): Promise<void> {
    // SQS counts whole seconds: a delay is rounded up, never shortened.
    const delay = Math.min(Math.ceil(options.delaySeconds ?? 0), MAX_DELAY_SECONDS);
    await this.client.send(
      new SendMessageCommand({
        QueueUrl: this.queueUrl,
        MessageBody: body,
        ...(delay > 0 ? { DelaySeconds: delay } : {}),
      }),
    );
  }

  async receive(options: ReceiveOptions = {}): Promise<QueueMessage[]> {
    if (options.signal?.aborted) return [];
    try {
      const out = await this.client.send(
        new ReceiveMessageCommand({
          QueueUrl: this.queueUrl,
          MaxNumberOfMessages: Math.min(Math.max(options.max ?? 1, 1), 10),
          WaitTimeSeconds: Math.min(Math.ceil(options.waitSeconds ?? 0), MAX_WAIT_SECONDS),
          ...(options.visibilitySeconds !== undefined
            ? { VisibilityTimeout: Math.ceil(options.visibilitySeconds) }
            : {}),
          MessageSystemAttributeNames: ['ApproximateReceiveCount'],
        }),
        { abortSignal: options.signal },
      );
      return (out.Messages ?? []).map((m) => ({
        id: m.MessageId ?? '',
        body: m.Body ?? '',
        receipt: m.ReceiptHandle ?? '',
        receiveCount: Number(m.Attributes?.ApproximateReceiveCount ?? 1),
      }));
    } catch (error) {
      // A long poll stopped on purpose is not a failure: it simply received nothing.
      if (options.signal?.aborted) return [];
      throw error;
    }
  }

  async delete(receipt: string): Promise<void> {
    await this.client.send(new DeleteMessageCommand({ QueueUrl: this.queueUrl, ReceiptHandle: receipt }));
  }

  async changeVisibility(receipt: string, seconds: number): Promise<void> {
    await this.client.send(
      new ChangeMessageVisibilityCommand({
        QueueUrl: this.queueUrl,
        ReceiptHandle: receipt,
        VisibilityTimeout: Math.ceil(seconds),
      }),
    );
  }
}

/** An SqsQueue with its own client: on AWS through the default credential chain, or against an emulator endpoint. */
export const createSqsQueue = (options: {
  region: string;
  queueUrl: string;
  endpoint?: string;
  credentials?: SQSClientConfig['credentials'];
}): SqsQueue =>
  new SqsQueue(
    new SQSClient({
      region: options.region,
      credentials: options.credentials,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    }),
    options.queueUrl,
  );
