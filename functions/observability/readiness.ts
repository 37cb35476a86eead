/**
 * `/ready`: whether this deployment can serve a session now. Each dependency is probed with a short timeout of its
 * own, all at once, so one slow store cannot hide the state of the others or hold the answer past
 * `READY_TIMEOUT_MS` (load balancers and orchestrators call this often and give up quickly).
 */
import type { Blobs } from '../ports/blobs.js';
import type { RecordItem, Records } from '../ports/records.js';

export const READY_TIMEOUT_MS = 2_000;

export interface ReadinessProbe {
  name: string;
  /** Resolves with an optional note when the dependency answers, rejects with why it does not. */
  check(signal: AbortSignal): Promise<string | void>;
}

export interface ReadinessCheck {
  ok: boolean;
  ms: number;
  detail?: string;
}

export interface ReadinessReport {
  status: 'ready' | 'unavailable';
  checks: Record<string, ReadinessCheck>;
}

const within = <T>(work: Promise<T>, ms: number, signal: AbortSignal): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });

export const checkReadiness = async (
  probes: readonly ReadinessProbe[],
  timeoutMs = READY_TIMEOUT_MS,
): Promise<ReadinessReport> => {
  const entries = await Promise.all(
    probes.map(async (probe): Promise<[string, ReadinessCheck]> => {
      const began = performance.now();
      const controller = new AbortController();
      const ms = () => Math.round(performance.now() - began);
      try {
        const note = await within(
          Promise.resolve().then(() => probe.check(controller.signal)),
          timeoutMs,
          controller.signal,
        );
        return [probe.name, { ok: true, ms: ms(), ...(note ? { detail: note } : {}) }];
      } catch (error) {
        return [probe.name, { ok: false, ms: ms(), detail: error instanceof Error ? error.message : String(error) }];
      } finally {
        controller.abort();
      }
    }),
  );
  const checks = Object.fromEntries(entries);
  return { status: entries.every(([, check]) => check.ok) ? 'ready' : 'unavailable', checks };
};

/** A read of a key nobody writes: answered (empty) when the table is reachable. */
export const recordsProbe = (records: Records): ReadinessProbe => ({
  name: 'records',
  check: async () => void (await records.get<RecordItem>({ pk: 'READINESS', sk: 'PROBE' })),
});

/** A head of an object nobody writes: answered (absent) when the bucket is reachable. */
export const blobsProbe = (blobs: Blobs): ReadinessProbe => ({
  name: 'blobs',
  check: async () => void (await blobs.head('readiness/probe')),
});

/** The in-process browser host (`npm start`): started and not shutting down. */
export const localHostProbe = (host: {
  isRunning(): boolean;
  stats(): { capacity: number; live: number };
}): ReadinessProbe => ({
  name: 'browserHost',
  check: async () => {
    if (!host.isRunning()) throw new Error('the browser host is not running (starting or shutting down)');
    const { capacity, live } = host.stats();
    return `${capacity - live} of ${capacity} slots free`;
  },
});

interface HostEntry extends RecordItem {
  hostId: string;
  address: string;
  draining: boolean;
  heartbeatAt: string;
  heartbeatMs: number;
}

/**
 * The fleet (AWS): a registered host with a fresh heartbeat that answers its `/health`. With no host running (a
 * fleet scaled in to zero) this fails: a session started now would wait in the queue for one.
 */
export const fleetHostsProbe = (
  records: Records,
  options: { partition: string; fetch?: typeof fetch; now?: () => number },
): ReadinessProbe => ({
  name: 'browserHosts',
  check: async (signal) => {
    const now = (options.now ?? Date.now)();
    const page = await records.query<HostEntry>(options.partition, { skPrefix: 'HOST#', limit: 100 });
    const fresh = page.items.filter(
      (host) => !host.draining && now - Date.parse(host.heartbeatAt) <= 3 * host.heartbeatMs,
    );
    if (fresh.length === 0)
      throw new Error(
        `no browser host is live (${page.items.length} registered, none with a fresh heartbeat and not draining)`,
      );
    // Any one answering is enough: the others are watched by the load balancer's own health checks.
    const reasons: string[] = [];
    for (const host of fresh.slice(0, 3)) {
      const response = await (options.fetch ?? fetch)(`${host.address}/health`, { signal }).catch((error: Error) => ({
        ok: false,
        status: error.message,
      }));
      if (response.ok) return `${fresh.length} live, ${host.hostId} answers`;
      reasons.push(`${host.hostId}: ${response.status}`);
    }
    throw new Error(`no live browser host answers /health (${reasons.join('; ')})`);
  },
});
