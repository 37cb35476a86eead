/**
 * Where a request's time goes: named stages (the session lookup, the page snapshot, the resolution, the action…)
 * timed wherever they run and summed per request, so the access log can say at debug level how one operation's
 * time splits without a profiler. The collection follows the request through its awaits (AsyncLocalStorage);
 * outside a collected request a stage costs one lookup and records nothing.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** Milliseconds by stage name; a stage run twice in one request (two snapshots) adds up. */
export type StageTimes = Record<string, number>;

const collecting = new AsyncLocalStorage<StageTimes>();

/** Runs `work` with a fresh collection, which `stageTimes()` reads from anywhere inside it. */
export const collectStages = <T>(work: () => T): T => collecting.run({}, work);

/** The current request's stages so far (rounded to 0.1 ms), or undefined outside a collected request. */
export const stageTimes = (): StageTimes | undefined => {
  const times = collecting.getStore();
  if (!times) return undefined;
  return Object.fromEntries(Object.entries(times).map(([name, ms]) => [name, Math.round(ms * 10) / 10]));
};

/** Adds `ms` to a stage measured by hand (a part of a step that is not a promise of its own). */
export const addStage = (name: string, ms: number): void => {
  const times = collecting.getStore();
  if (times) times[name] = (times[name] ?? 0) + ms;
};

/** Times `work` as stage `name`, whether it answers or throws. */
export const timed = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
  if (!collecting.getStore()) return work();
  const began = performance.now();
  try {
    return await work();
  } finally {
    addStage(name, performance.now() - began);
  }
};
