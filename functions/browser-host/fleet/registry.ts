/**
 * A host's entry in the records store: its id, the private address other hosts and the API functions reach it at,
 * its capacity and the slots in use, refreshed by a heartbeat. A host that died without deregistering keeps its
 * entry with an old heartbeat, which is how the other hosts find it and end the sessions it took down with it
 * (`staleHosts`); the entry itself expires after a day.
 * Each beat also publishes the host's utilization (`metrics`; on ECS a CloudWatch metric through Powertools, see
 * observability/powertools.ts), the metric the fleet's scaling tracks.
 * The entry also says what the host's browser can do (WebDriver, extensions by id): the API functions read it
 * (`fleetFeatures`) to give sessions a `chromedriverUrl` and to refuse unknown extension ids before a start is queued.
 */
import type { BrowserFeatures } from '../../ports/browser.js';
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
  /** What its browser can do; absent in entries of hosts that predate the field. */
  features?: BrowserFeatures;
}

export interface HostRegistryOptions {
  records: Records;
  hostId: string;
  address: string;
  capacity: number;
  /** Slots in use now (live sessions plus starts being taken). */
  used: () => number;
  /** What the host's browser can do (known once the host has started). */
  features?: BrowserFeatures;
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
      ...(this.options.features ? { features: this.options.features } : {}),
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

type StoredHost = RecordItem & HostRecord & { heartbeatMs: number };

const allHosts = async (records: Records): Promise<StoredHost[]> => {
  const hosts: StoredHost[] = [];
  let cursor: string | undefined;
  do {
    const page = await records.query<StoredHost>(HOSTS_PARTITION, { skPrefix: 'HOST#', cursor });
    hosts.push(...page.items);
    cursor = page.cursor;
  } while (cursor);
  return hosts;
};

/** A host whose heartbeat stopped: three beats missed. */
const isStale = (host: StoredHost, now: number) => now - Date.parse(host.heartbeatAt) > 3 * host.heartbeatMs;

/** Registered hosts whose heartbeat stopped. */
export const staleHosts = async (records: Records, now: number = Date.now()): Promise<HostRecord[]> =>
  (await allHosts(records))
    .filter((host) => isStale(host, now))
    .map(({ hostId, address, capacity, used, draining, heartbeatAt }) => ({
      hostId,
      address,
      capacity,
      used,
      draining,
      heartbeatAt,
    }));

/**
 * What every host that may take a start can do (live, not draining): WebDriver only when all offer it, the
 * extensions all of them have. During a deployment old and new hosts both take starts, so a session gets what either
 * could give it. Undefined when no such host has said (none running, or all predate the field): the host that takes
 * the start checks the request then.
 */
export const fleetFeatures = async (
  records: Records,
  now: number = Date.now(),
): Promise<BrowserFeatures | undefined> => {
  const hosts = (await allHosts(records)).filter((host) => !host.draining && !isStale(host, now));
  if (hosts.length === 0 || hosts.some((host) => !host.features)) return undefined;
  const features = hosts.map((host) => host.features!);
  const canLoad = features.every((f) => f.extensionIds !== undefined);
  return {
    webdriver: features.every((f) => f.webdriver),
    ...(canLoad
      ? { extensionIds: features[0]!.extensionIds!.filter((id) => features.every((f) => f.extensionIds!.includes(id))) }
      : {}),
  };
};

/** Removes a host's entry (its own on the way out, or a stale one once its sessions are ended). */
export const removeHost = (records: Records, hostId: string): Promise<void> => records.delete(hostKey(hostId));
