/**
 * Workers of every kind, as CDP names their targets. A new worker waits for every client auto-attached to it with
 * `waitForDebuggerOnStart`, and starts on the first `Runtime.runIfWaitingForDebugger` any of them sends: a client
 * that resumes workers at once can let one run before the host's disguise has stopped it (stealth/disguise.ts).
 */
export const WORKER_TARGET_TYPES: ReadonlySet<string> = new Set(['worker', 'shared_worker', 'service_worker']);

/** Chromium's own filter when `Target.setAutoAttach` names none: every target but the browser and tabs. */
const DEFAULT_AUTO_ATTACH_FILTER = [{ type: 'browser', exclude: true }, { type: 'tab', exclude: true }, {}];

/**
 * A `Target.setAutoAttach` filter that attaches what `filter` does except workers: the connections the service
 * drives pages with have no use for workers, and attached they would resume them.
 */
export const withoutWorkers = (filter: unknown): unknown[] => [
  ...[...WORKER_TARGET_TYPES].map((type) => ({ type, exclude: true })),
  ...(Array.isArray(filter) ? filter : DEFAULT_AUTO_ATTACH_FILTER),
];
