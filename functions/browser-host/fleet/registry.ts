/**
 * A host's entry in the records store: its id, the private address other hosts and the API functions reach it at,
 * its capacity and the slots in use, refreshed by a heartbeat. A host that died without deregistering keeps its
 * entry with an old heartbeat, which is how the other hosts find it and end the sessions it took down with it
 * (`staleHosts`); the entry itself expires after a day.
 * Each beat also publishes the host's utilization (`metrics`; on ECS a CloudWatch metric through Powertools, see
 * observability/powertools.ts), the metric the fleet's scaling tracks.
 */
import type { RecordItem, RecordKey, Records } from '../../ports/records.js';

/** Host records live in one partition of their own: hosts are not org-scoped. */
const HOSTS_PARTITION = 'HOSTS';
export const hostKey = (hostId: string): RecordKey => ({ pk: HOSTS_PARTITION, sk: `HOST#${hostId}` });

export interface HostRecord {
  hostId: string;
  /** `http://<private ip>:<port>`: where the internal API, CDP proxy and live view of this host answer. */
  address: string;
  capacity: number;
  used: number;
  draining: boolean;
  heartbeatAt: string;
}

export interface HostRegistryOptions {
  records: Records;
  hostId: string;
  address: string;
  capacity: number;
  /** Slots in use now (live sessions plus starts being taken). */
  used: () => number;
  /** The deployment the host belongs to (`family:revision`, see generation.ts), when it runs on ECS. */
  generation?: string;
  heartbeatMs?: number;
  /** Publishes the utilization of each beat. Absent: no metric. */
  metrics?: (sample: UtilizationSample) => void;
  now?: () => number;
}

export interface UtilizationSample {
  /** Percent of the slots in use; a draining host reports 100. */
  utilization: number;
  hostId: string;
  used: number;
  capacity: number;
  /** Epoch milliseconds of the beat. */
  at: number;
}

export class HostRegistry {
  private timer?: NodeJS.Timeout;
  private draining = false;
  private stopped = false;
  /** The write of the latest beat: `stop` waits for it, or it could land after the delete and revive the entry. */
  private writing: Promise<unknown> = Promise.resolve();
  private readonly heartbeatMs: number;
  private readonly now: () => number;

  constructor(private readonly options: HostRegistryOptions) {
    this.heartbeatMs = options.heartbeatMs ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  /** Writes the entry now and then on every heartbeat. */
  async start(): Promise<void> {
    await this.beat();
    this.timer = setInterval(() => void this.beat().catch(() => undefined), this.heartbeatMs);
    this.timer.unref();
  }

  /** Marks the host draining (no placement should choose it) and keeps beating until `stop`. */
  async drain(): Promise<void> {
    this.draining = true;
    await this.beat();
  }

  /** Stops the heartbeat and removes the entry. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.writing.catch(() => undefined);
    await removeHost(this.options.records, this.options.hostId);
  }

  async beat(): Promise<HostRecord> {
    const { hostId, address, capacity } = this.options;
    const used = this.options.used();
    const at = this.now();
    const record: HostRecord = {
      hostId,
      address,
      capacity,
      used,
      draining: this.draining,
      heartbeatAt: new Date(at).toISOString(),
    };
    if (this.stopped) return record;
    const generation = this.options.generation === undefined ? {} : { generation: this.options.generation };
    const write = this.options.records.put({
      ...hostKey(hostId),
      ...record,
      ...generation,
      heartbeatMs: this.heartbeatMs,
      expiresAt: Math.ceil(at / 1000) + 24 * 3600,
    });
    this.writing = write;
    await write;
    this.publish(at, used, capacity);
    return record;
  }

  private publish(at: number, used: number, capacity: number): void {
    // A draining host reports itself full: its slots are not available to new sessions.
    const utilization = this.draining ? 100 : Math.round((used / capacity) * 1000) / 10;
    this.options.metrics?.({ utilization, hostId: this.options.hostId, used, capacity, at });
  }
}

/** Registered hosts whose heartbeat stopped: three beats missed. */
export const staleHosts = async (records: Records, now: number = Date.now()): Promise<HostRecord[]> => {
  const hosts: HostRecord[] = [];
  let cursor: string | undefined;
  do {
    const page = await records.query<RecordItem & HostRecord & { heartbeatMs: number }>(HOSTS_PARTITION, {
      skPrefix: 'HOST#',
      cursor,
    });
    for (const { hostId, address, capacity, used, draining, heartbeatAt, heartbeatMs } of page.items) {
      if (now - Date.parse(heartbeatAt) > 3 * heartbeatMs)
        hosts.push({ hostId, address, capacity, used, draining, heartbeatAt });
    }
    cursor = page.cursor;
  } while (cursor);
  return hosts;
};

/** Removes a host's entry (its own on the way out, or a stale one once its sessions are ended). */
export const removeHost = (records: Records, hostId: string): Promise<void> => records.delete(hostKey(hostId));
