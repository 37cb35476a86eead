/** What async requests need: the queue they ride, the operations they may name, and webhook delivery settings. */
import type { Clock } from '../../ports/clock.js';
import type { Queue } from '../../ports/queue.js';
import type { Records } from '../../ports/records.js';
import type { WebhookTransport } from '../../ports/webhooks.js';
import type { CreateAutomationBody } from '../automations/create.js';
import type { ExecuteAutomationBody } from '../automations/execute.js';
import type { OperationResult } from '../operations/result.js';

export interface RequestTarget {
  orgId: string;
  sessionId: string;
  windowId: string;
}

/**
 * The operations an async request may name, by their id (stored with the request), and the body each takes. The
 * route table and then each operation's own `check` have validated the body before it is stored.
 */
export interface AsyncBodies {
  createAutomation: CreateAutomationBody;
  createFormFiller: CreateAutomationBody;
  executeAutomation: ExecuteAutomationBody;
  fillForm: ExecuteAutomationBody;
}

export type AsyncOperationId = keyof AsyncBodies;

const ASYNC_OPERATION_IDS: ReadonlySet<string> = new Set<AsyncOperationId>([
  'createAutomation',
  'createFormFiller',
  'executeAutomation',
  'fillForm',
]);

/** Whether a stored name is one of the operations (a request stored by another version may name one no longer here). */
export const isAsyncOperationId = (name: string): name is AsyncOperationId => ASYNC_OPERATION_IDS.has(name);

/**
 * Checks an operation's body (and what it names, e.g. an automation of the caller's org) without running anything:
 * throws the error the synchronous route would answer (422 naming the field, 404, …).
 */
export type AsyncCheck<D, B> = (deps: D, target: RequestTarget, body: B) => Promise<void>;

/**
 * What each operation answers, by its id: the raw result a request record stores. It is shaped into the wire
 * response (`AsyncRequestSettings.shape`) only when read or delivered, so a stored result outlives a change of shape.
 */
export interface AsyncResults {
  createAutomation: OperationResult<string>;
  createFormFiller: OperationResult<string>;
  executeAutomation: OperationResult<string>;
  fillForm: OperationResult<string>;
}

export type AsyncResult = AsyncResults[AsyncOperationId];

/** A window operation an async request may run; it receives the same deps the synchronous handlers get. */
export interface AsyncOperation<D, B, R = OperationResult<string>> {
  (deps: D, target: RequestTarget, body: B, signal?: AbortSignal): Promise<R>;
  /**
   * Run when the request is accepted, before it is stored: bad input is refused at once, as the synchronous route
   * refuses it, rather than accepted and ended in `error` by the worker. The operation checks again when it runs.
   */
  check?: AsyncCheck<D, B>;
}

/** What every async body carries beside the operation's own fields. */
export interface AsyncRequestFields {
  clientRequestId?: string;
  async?: { webhookUrl?: string };
}

/** Operation id → the core operation taking that id's body and answering that id's result. One left out answers 501 (tests give only some). */
export type AsyncOperationRegistry<D> = {
  readonly [K in AsyncOperationId]?: AsyncOperation<D, AsyncBodies[K] & AsyncRequestFields, AsyncResults[K]>;
};

export interface WebhookSettings {
  transport: WebhookTransport;
  /** Allow targets on loopback, link-local and private addresses (local development). */
  allowPrivate: boolean;
  /**
   * Ports on this machine's loopback that are never a target, private targets allowed or not: the control ports
   * of browsers running in this same process (a DevTools port closes windows on a bare request).
   */
  reservedPorts?: { has(port: number): boolean };
  /** Attempts in all, the first included. */
  maxAttempts: number;
  /** The wait after the first failed attempt; each later wait doubles. */
  baseDelayMs: number;
  /** How long one attempt may take before it counts as failed. */
  timeoutMs: number;
}

export type ShapeResult = (result: AsyncResult, ids: { requestId: string; clientRequestId?: string }) => unknown;

export interface AsyncRequestSettings<D> {
  queue: Queue;
  operations: AsyncOperationRegistry<D>;
  /**
   * Shapes an operation's stored raw result into the response a status read and a webhook carry (the AI envelope).
   * Given by the composition root, so core never imports the wire shape.
   */
  shape: ShapeResult;
  webhooks: WebhookSettings;
  /** How long a request record (and its result) stays readable. */
  ttlSeconds: number;
}

export interface RequestLog {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
}

export interface RequestDeps<D = unknown> {
  records: Records;
  clock: Clock;
  log: RequestLog;
  asyncRequests: AsyncRequestSettings<D>;
}
