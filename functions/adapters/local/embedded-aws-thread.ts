/**
 * The embedded emulators on a thread of their own. DynamoDB and S3 emulation is CPU work (request parsing,
 * validation, JSON); on the API's thread it competes with every request and browser message, so the local service
 * runs it beside them, on the other core. Where a worker cannot load this module's source (a test runner with its
 * own module loader), the emulators run in-process instead: same code, same behaviour, one thread.
 *
 * The thread is supervised: every store of the service lives in it, so a thread that dies (an exception in an
 * emulator, a kill) must not leave the service answering 500 for ever. Its death is reported, and a new thread is
 * started on the same data dir and the same ports (the clients and handed-out URLs keep working); when that fails
 * too, the failure is reported as fatal and the caller ends the process.
 */
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { startEmbeddedAws, type EmbeddedAws, type EmbeddedAwsOptions } from './embedded-aws.js';

const extension = extname(fileURLToPath(import.meta.url));
const workerUrl = new URL(`./embedded-aws-worker${extension}`, import.meta.url);

/** From TypeScript source (`npm start` runs through tsx) a worker needs the loader registered in its own thread. */
const fromSource = extension === '.ts';
const bootstrapUrl = new URL('./ts-worker-bootstrap.mjs', import.meta.url);

/** How many times in a row a dead thread is started again before the failure counts as fatal. */
const RESTART_ATTEMPTS = 3;

export interface StoreThreadEvents {
  /** The thread died while the service ran (`error` when it threw, else its exit code). */
  died?(details: { error?: string; exitCode?: number }): void;
  /** A new thread serves the stores again, on the same ports (having moved aside what it found damaged). */
  restarted?(details: { attempt: number; ms: number; quarantined: Ready['quarantined'] }): void;
  /** No new thread could be started: the stores are gone; the caller should end the process. */
  fatal?(error: Error): void;
}

export type EmbeddedAwsThread = EmbeddedAws & {
  threaded: boolean;
  /** The running thread (undefined in-process); ending it is how a crash is simulated. */
  readonly worker: Worker | undefined;
  /** Threads started after a death, since start. */
  readonly restarts: number;
};

type Ready = Omit<EmbeddedAws, 'stop'>;

/** Starts one thread; resolves with its endpoints once its servers listen, rejects if it fails first. */
const spawn = (options: EmbeddedAwsOptions): Promise<{ worker: Worker; ready: Ready }> =>
  new Promise((resolve, reject) => {
    const worker = fromSource
      ? new Worker(bootstrapUrl, { workerData: { ...options, entry: workerUrl.href } })
      : new Worker(workerUrl, { workerData: options });
    const failed = (error: Error) => reject(error);
    const exited = (code: number) => reject(new Error(`the store thread exited with code ${code} before it was ready`));
    worker.once('error', failed);
    worker.once('exit', exited);
    worker.once('message', (ready: Ready) => {
      worker.off('error', failed);
      worker.off('exit', exited);
      resolve({ worker, ready });
    });
  });

const portOf = (endpoint: string) => Number(new URL(endpoint).port);

export const startEmbeddedAwsThread = async (
  options: EmbeddedAwsOptions,
  events: StoreThreadEvents = {},
): Promise<EmbeddedAwsThread> => {
  let first: { worker: Worker; ready: Ready };
  try {
    first = await spawn(options);
  } catch {
    // A worker that cannot even load (a test runner's module loader): the same emulators in this thread. A store
    // that fails to start fails the same way here, and its error is the one reported.
    const aws = await startEmbeddedAws(options);
    return Object.assign(aws, { threaded: false, worker: undefined, restarts: 0 });
  }
  // A restarted thread takes the ports the first one got, so endpoints and signed URLs stay valid.
  const pinned: EmbeddedAwsOptions = {
    ...options,
    dynamoPort: portOf(first.ready.dynamoEndpoint),
    s3Port: portOf(first.ready.s3Endpoint),
  };
  let current = first.worker;
  let stopping = false;
  let restarts = 0;
  /** The current thread is gone (and none replaced it yet): stopping has nothing to wait for. */
  let currentExited = false;

  const supervise = (worker: Worker) => {
    let error: string | undefined;
    worker.on(
      'error',
      (thrown) => (error = thrown instanceof Error ? (thrown.stack ?? thrown.message) : String(thrown)),
    );
    worker.once('exit', (exitCode) => {
      if (worker === current) currentExited = true;
      if (stopping || worker !== current) return;
      events.died?.({ error, exitCode });
      void restart();
    });
  };

  const restart = async () => {
    for (let attempt = 1; attempt <= RESTART_ATTEMPTS && !stopping; attempt += 1) {
      const began = Date.now();
      try {
        const { worker, ready } = await spawn(pinned);
        if (stopping) {
          await worker.terminate();
          return;
        }
        current = worker;
        currentExited = false;
        restarts += 1;
        supervise(worker);
        events.restarted?.({ attempt, ms: Date.now() - began, quarantined: ready.quarantined });
        return;
      } catch (error) {
        if (attempt === RESTART_ATTEMPTS) {
          events.fatal?.(
            new Error(
              `the embedded stores could not be started again after their thread died: ${(error as Error).message}`,
              { cause: error },
            ),
          );
          return;
        }
        // The old thread's files and ports may take a moment to be let go of.
        await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
      }
    }
  };

  supervise(first.worker);
  return {
    ...first.ready,
    threaded: true,
    get worker() {
      return current;
    },
    get restarts() {
      return restarts;
    },
    // The thread closes its servers (flushing the stores), then ends; one that does not answer is ended anyway.
    stop: () => {
      stopping = true;
      const worker = current;
      if (currentExited) return Promise.resolve();
      return new Promise<void>((done) => {
        const end = () =>
          void worker.terminate().then(
            () => done(),
            () => done(),
          );
        const timer = setTimeout(end, 5_000);
        worker.once('message', () => {
          clearTimeout(timer);
          end();
        });
        worker.once('exit', () => {
          clearTimeout(timer);
          done();
        });
        worker.postMessage('stop');
      });
    },
  };
};
