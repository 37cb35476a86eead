/** Runs the embedded emulators on a worker thread (see `embedded-aws-thread.ts`). */
import { parentPort, workerData } from 'node:worker_threads';
import { startEmbeddedAws, type EmbeddedAwsOptions } from './embedded-aws.js';

const emulators = await startEmbeddedAws(workerData as EmbeddedAwsOptions);
const { stop: _stop, ...ready } = emulators;
parentPort!.postMessage(ready);
parentPort!.on('message', (message) => {
  if (message !== 'stop') return;
  void emulators.stop().then(() => parentPort!.postMessage('stopped'));
});
