/**
 * The embedded emulators on a thread of their own. DynamoDB and S3 emulation is CPU work (request parsing,
 * validation, JSON); on the API's thread it competes with every request and browser message, so the local service
 * runs it beside them, on the other core. Where a worker cannot load this module's source (a test runner with its
 * own module loader), the emulators run in-process instead: same code, same behaviour, one thread.
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

export const startEmbeddedAwsThread = (options: EmbeddedAwsOptions): Promise<EmbeddedAws & { threaded: boolean }> =>
  new Promise((resolve, reject) => {
    let worker: Worker;
    let settled = false;
    const inProcess = () => {
      if (settled) return;
      settled = true;
      startEmbeddedAws(options).then((aws) => resolve({ ...aws, threaded: false }), reject);
    };
    try {
      worker = fromSource
        ? new Worker(bootstrapUrl, { workerData: { ...options, entry: workerUrl.href } })
        : new Worker(workerUrl, { workerData: options });
    } catch {
      return inProcess();
    }
    worker.once('error', () => inProcess());
    worker.once('message', (ready: Omit<EmbeddedAws, 'stop'>) => {
      settled = true;
      resolve({
        ...ready,
        threaded: true,
        // The thread closes its servers (flushing the stores), then ends; one that does not answer is ended anyway.
        stop: () =>
          new Promise<void>((done) => {
            const end = () => void worker.terminate().then(() => done(), () => done());
            const timer = setTimeout(end, 5_000);
            worker.once('message', () => {
              clearTimeout(timer);
              end();
            });
            worker.postMessage('stop');
          }),
      });
    });
  });
