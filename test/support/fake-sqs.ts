/**
 * A small loopback stand-in for SQS that speaks the JSON protocol the AWS SDK v3 uses (`POST /`,
 * `x-amz-target: AmazonSQS.<Action>`, `content-type: application/x-amz-json-1.0`), so the real `SQSClient` can be
 * tested without AWS:
 *
 *   const sqs = await startFakeSqs();                 // beforeAll
 *   const queueUrl = await sqs.createQueue('jobs');    // or CreateQueue through the SDK
 *   new SQSClient({ endpoint: sqs.endpoint, region: 'us-east-1', credentials: sqs.credentials });
 *   await sqs.close();                                 // afterAll
 *
 * Actions: CreateQueue, GetQueueUrl, GetQueueAttributes (message counts), SendMessage (DelaySeconds),
 * ReceiveMessage (MaxNumberOfMessages, WaitTimeSeconds long polling, VisibilityTimeout), DeleteMessage,
 * ChangeMessageVisibility, PurgeQueue. Errors answer 400 with `__type` and the query-compatible error header,
 * as SQS does. Messages live in memory only.
 */
import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface StoredMessage {
  id: string;
  body: string;
  md5: string;
  sentAt: number;
  visibleAt: number;
  receiveCount: number;
  /** The receipt of the latest delivery; an older receipt no longer deletes or changes the message. */
  receipt?: string;
}

interface FakeQueue {
  name: string;
  url: string;
  visibilitySeconds: number;
  delaySeconds: number;
  messages: StoredMessage[];
}

export interface FakeSqs {
  endpoint: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  region: string;
  createQueue(name: string, attributes?: { VisibilityTimeout?: number; DelaySeconds?: number }): Promise<string>;
  /** Every message of a queue, visible or not (for assertions). */
  messages(queueUrl: string): readonly { id: string; body: string; receiveCount: number; visible: boolean }[];
  /** Actions served so far, in order (for assertions about what the client called). */
  readonly calls: string[];
  close(): Promise<void>;
}

class SqsFault extends Error {
  constructor(
    readonly type: string,
    readonly queryCode: string,
    message: string,
  ) {
    super(message);
  }
}

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');
const ACCOUNT = '000000000000';

export const startFakeSqs = async (options: { host?: string } = {}): Promise<FakeSqs> => {
  const queues = new Map<string, FakeQueue>();
  const waiters = new Set<() => void>();
  const calls: string[] = [];
  let endpoint = '';

  const wakeWaiters = () => {
    for (const wake of [...waiters]) wake();
  };

  const ensureQueue = (name: string, attributes: Record<string, unknown> = {}): FakeQueue => {
    if (!/^[A-Za-z0-9_-]{1,80}(\.fifo)?$/.test(name))
      throw new SqsFault('InvalidParameterValue', 'InvalidParameterValue', `invalid queue name ${name}`);
    const existing = queues.get(name);
    if (existing) return existing;
    const queue: FakeQueue = {
      name,
      url: `${endpoint}/${ACCOUNT}/${name}`,
      visibilitySeconds: Number(attributes.VisibilityTimeout ?? 30),
      delaySeconds: Number(attributes.DelaySeconds ?? 0),
      messages: [],
    };
    queues.set(name, queue);
    return queue;
  };

  const queueOf = (input: Record<string, unknown>): FakeQueue => {
    const url = String(input.QueueUrl ?? '');
    const name = url.split('/').pop() ?? '';
    const queue = queues.get(name);
    if (!queue)
      throw new SqsFault(
        'QueueDoesNotExist',
        'AWS.SimpleQueueService.NonExistentQueue',
        `The specified queue does not exist: ${url}`,
      );
    return queue;
  };

  const byReceipt = (queue: FakeQueue, receipt: unknown): StoredMessage => {
    const message = queue.messages.find((m) => m.receipt !== undefined && m.receipt === receipt);
    if (!message)
      throw new SqsFault(
        'ReceiptHandleIsInvalid',
        'ReceiptHandleIsInvalid',
        `The input receipt handle "${String(receipt)}" is not a valid receipt handle.`,
      );
    return message;
  };

  const takeVisible = (queue: FakeQueue, max: number, visibilitySeconds: number) => {
    const now = Date.now();
    const taken = queue.messages.filter((m) => m.visibleAt <= now).slice(0, max);
    for (const message of taken) {
      message.receiveCount += 1;
      message.receipt = randomUUID();
      message.visibleAt = now + visibilitySeconds * 1000;
    }
    return taken.map((m) => ({
      MessageId: m.id,
      ReceiptHandle: m.receipt,
      MD5OfBody: m.md5,
      Body: m.body,
      Attributes: { ApproximateReceiveCount: String(m.receiveCount), SentTimestamp: String(m.sentAt) },
    }));
  };

  /** Waits until a message may have become visible (a send, a visibility change, a timer) or the deadline. */
  const nextChance = (queue: FakeQueue, deadline: number, closed: () => boolean) =>
    new Promise<void>((resolve) => {
      const soonest = Math.min(deadline, ...queue.messages.map((m) => m.visibleAt).filter((at) => at > Date.now()));
      const timer = setTimeout(done, Math.max(0, soonest - Date.now()));
      function done() {
        clearTimeout(timer);
        waiters.delete(done);
        resolve();
      }
      waiters.add(done);
      if (closed()) done();
    });

  const actions: Record<string, (input: Record<string, unknown>, closed: () => boolean) => Promise<unknown> | unknown> =
    {
      CreateQueue: (input) => ({
        QueueUrl: ensureQueue(String(input.QueueName ?? ''), (input.Attributes as Record<string, unknown>) ?? {}).url,
      }),
      GetQueueUrl: (input) => {
        const queue = queues.get(String(input.QueueName ?? ''));
        if (!queue)
          throw new SqsFault(
            'QueueDoesNotExist',
            'AWS.SimpleQueueService.NonExistentQueue',
            'The specified queue does not exist.',
          );
        return { QueueUrl: queue.url };
      },
      GetQueueAttributes: (input) => {
        const queue = queueOf(input);
        const now = Date.now();
        return {
          Attributes: {
            ApproximateNumberOfMessages: String(
              queue.messages.filter((m) => m.visibleAt <= now && m.receipt === undefined).length,
            ),
            ApproximateNumberOfMessagesNotVisible: String(
              queue.messages.filter((m) => m.visibleAt > now && m.receipt !== undefined).length,
            ),
            ApproximateNumberOfMessagesDelayed: String(
              queue.messages.filter((m) => m.visibleAt > now && m.receipt === undefined).length,
            ),
            VisibilityTimeout: String(queue.visibilitySeconds),
          },
        };
      },
      SendMessage: (input) => {
        const queue = queueOf(input);
        const body = input.MessageBody;
        if (typeof body !== 'string' || body.length === 0)
          throw new SqsFault(
            'MissingParameter',
            'MissingParameter',
            'The request must contain the parameter MessageBody.',
          );
        const delay = Number(input.DelaySeconds ?? queue.delaySeconds);
        if (!Number.isInteger(delay) || delay < 0 || delay > 900)
          throw new SqsFault(
            'InvalidParameterValue',
            'InvalidParameterValue',
            `DelaySeconds must be 0–900, got ${String(input.DelaySeconds)}`,
          );
        const now = Date.now();
        const message: StoredMessage = {
          id: randomUUID(),
          body,
          md5: md5(body),
          sentAt: now,
          visibleAt: now + delay * 1000,
          receiveCount: 0,
        };
        queue.messages.push(message);
        wakeWaiters();
        return { MessageId: message.id, MD5OfMessageBody: message.md5 };
      },
      ReceiveMessage: async (input, closed) => {
        const queue = queueOf(input);
        const max = Number(input.MaxNumberOfMessages ?? 1);
        if (!Number.isInteger(max) || max < 1 || max > 10)
          throw new SqsFault('InvalidParameterValue', 'InvalidParameterValue', 'MaxNumberOfMessages must be 1–10.');
        const visibility = Number(input.VisibilityTimeout ?? queue.visibilitySeconds);
        const deadline = Date.now() + Number(input.WaitTimeSeconds ?? 0) * 1000;
        for (;;) {
          const messages = takeVisible(queue, max, visibility);
          if (messages.length > 0 || Date.now() >= deadline || closed())
            return messages.length > 0 ? { Messages: messages } : {};
          await nextChance(queue, deadline, closed);
        }
      },
      DeleteMessage: (input) => {
        const queue = queueOf(input);
        const message = byReceipt(queue, input.ReceiptHandle);
        queue.messages.splice(queue.messages.indexOf(message), 1);
        return {};
      },
      ChangeMessageVisibility: (input) => {
        const queue = queueOf(input);
        const message = byReceipt(queue, input.ReceiptHandle);
        const seconds = Number(input.VisibilityTimeout);
        if (!Number.isInteger(seconds) || seconds < 0 || seconds > 43_200)
          throw new SqsFault('InvalidParameterValue', 'InvalidParameterValue', 'VisibilityTimeout must be 0–43200.');
        message.visibleAt = Date.now() + seconds * 1000;
        wakeWaiters();
        return {};
      },
      PurgeQueue: (input) => {
        queueOf(input).messages.length = 0;
        return {};
      },
    };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let gone = false;
    res.on('close', () => {
      gone = true;
      wakeWaiters();
    });
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const reply = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        if (gone) return;
        res.writeHead(status, {
          'content-type': 'application/x-amz-json-1.0',
          'x-amzn-requestid': randomUUID(),
          ...headers,
        });
        res.end(JSON.stringify(body));
      };
      try {
        const target = String(req.headers['x-amz-target'] ?? '');
        const action = target.startsWith('AmazonSQS.') ? target.slice('AmazonSQS.'.length) : '';
        const run = actions[action];
        if (req.method !== 'POST' || !run)
          throw new SqsFault(
            'UnknownOperationException',
            'UnknownOperation',
            `unknown operation ${target || '(none)'}`,
          );
        if (!String(req.headers['content-type'] ?? '').startsWith('application/x-amz-json-1.0')) {
          throw new SqsFault(
            'InvalidParameterValue',
            'InvalidParameterValue',
            'expected content-type application/x-amz-json-1.0',
          );
        }
        calls.push(action);
        const input = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
        reply(200, await run(input, () => gone || closing));
      } catch (error) {
        if (error instanceof SqsFault) {
          reply(
            400,
            { __type: `com.amazonaws.sqs#${error.type}`, message: error.message },
            { 'x-amzn-query-error': `${error.queryCode};Sender` },
          );
        } else {
          reply(500, { __type: 'com.amazonaws.sqs#InternalError', message: String(error) });
        }
      }
    });
  });

  let closing = false;
  await new Promise<void>((resolve) => server.listen(0, options.host ?? '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  endpoint = `http://${address.address}:${address.port}`;

  return {
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'fake', secretAccessKey: 'fake' },
    calls,
    createQueue: async (name, attributes = {}) => ensureQueue(name, attributes).url,
    messages: (queueUrl) => {
      const queue = queues.get(queueUrl.split('/').pop() ?? '');
      const now = Date.now();
      return (queue?.messages ?? []).map((m) => ({
        id: m.id,
        body: m.body,
        receiveCount: m.receiveCount,
        visible: m.visibleAt <= now,
      }));
    },
    close: async () => {
      closing = true;
      wakeWaiters();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
};
