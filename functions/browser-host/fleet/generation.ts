/**
 * Which deployment a host belongs to, so a deployment drains: ECS starts the new task definition's hosts next to
 * the old ones and stops an old host only once it drops scale-in protection, which it holds while it has sessions.
 * An old host that kept taking starts would never empty; so a host that sees a live host of a newer revision of its
 * own task family stops taking starts (its running sessions go on to their end) until none is live any more, which
 * also covers a deployment that rolls back. The same endpoint tells a host when ECS is stopping its task (the 30 s
 * between its deregistration from the load balancer and the SIGTERM), so it takes no start it would end at once.
 */
import type { RecordItem, Records } from '../../ports/records.js';
import { staleHosts } from './registry.js';

/** A task definition family and revision, e.g. `SessionHostHostsTask1234:7`. */
export interface Generation {
  family: string;
  revision: number;
}

export const formatGeneration = (generation: Generation): string => `${generation.family}:${generation.revision}`;

export const parseGeneration = (value: unknown): Generation | undefined => {
  if (typeof value !== 'string') return undefined;
  const match = /^(.+):(\d+)$/.exec(value);
  return match ? { family: match[1]!, revision: Number(match[2]) } : undefined;
};

/** The task's description from the ECS task metadata endpoint v4 (`ECS_CONTAINER_METADATA_URI_V4`). */
const readTask = async (
  metadataUri: string,
): Promise<{ Family?: unknown; Revision?: unknown; DesiredStatus?: unknown }> => {
  const response = await fetch(`${metadataUri.replace(/\/+$/, '')}/task`, { signal: AbortSignal.timeout(5_000) });
  if (!response.ok) throw new Error(`task metadata answered HTTP ${response.status}`);
  return (await response.json()) as { Family?: unknown; Revision?: unknown; DesiredStatus?: unknown };
};

/** The task's generation, from its task definition family and revision. */
export const taskGeneration = async (metadataUri: string): Promise<Generation> => {
  const task = await readTask(metadataUri);
  const generation = parseGeneration(`${String(task.Family)}:${String(task.Revision)}`);
  if (!generation || typeof task.Family !== 'string')
    throw new Error(`task metadata has no Family and Revision: ${JSON.stringify(task).slice(0, 200)}`);
  return generation;
};

/** Whether ECS is stopping the task: its desired status is STOPPED. */
export const taskStopping = async (metadataUri: string): Promise<boolean> =>
  (await readTask(metadataUri)).DesiredStatus === 'STOPPED';

/** Whether a host of a newer revision of `own`'s family is registered and still beating. */
export const newerGenerationLive = async (
  records: Records,
  own: Generation,
  now: number = Date.now(),
): Promise<boolean> => {
  const stale = new Set((await staleHosts(records, now)).map((host) => host.hostId));
  let cursor: string | undefined;
  do {
    const page = await records.query<RecordItem & { hostId: string; generation?: string }>('HOSTS', {
      skPrefix: 'HOST#',
      cursor,
    });
    for (const host of page.items) {
      const other = parseGeneration(host.generation);
      if (other && other.family === own.family && other.revision > own.revision && !stale.has(host.hostId)) return true;
    }
    cursor = page.cursor;
  } while (cursor);
  return false;
};
