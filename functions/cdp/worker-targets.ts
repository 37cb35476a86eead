/**
 * Workers of every kind, as CDP names their targets. A new worker waits for every client auto-attached to it with
 * `waitForDebuggerOnStart`, and starts on the first `Runtime.runIfWaitingForDebugger` any of them sends: a client
 * that resumes workers at once can let one run before the host's disguise has stopped it (stealth/disguise.ts).
 */
export const WORKER_TARGET_TYPES: ReadonlySet<string> = new Set(['worker', 'shared_worker', 'service_worker']);
