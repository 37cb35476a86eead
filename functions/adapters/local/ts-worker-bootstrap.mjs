// Starts a worker thread from TypeScript source (the local service runs from source through tsx): registers
// tsx's loader in this thread, then loads the entry named by the parent.
import { workerData } from 'node:worker_threads';

const { register } = await import('tsx/esm/api');
register();
await import(workerData.entry);
