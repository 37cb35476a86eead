/**
 * Holds each session's user-data-dir to a cap on the disk it takes. What pages keep there (IndexedDB, the origin
 * private file system, Cache Storage) is bounded by Chromium only per origin, at a share of the whole disk, and every
 * host name is another origin: one page could fill the disk every session and store of the host writes to. Nothing
 * of the browser can cap a folder, so the folder is measured (disk-usage.ts), and a session past the cap is ended.
 *
 * One walk at a time for the whole host, so measuring never competes with itself for the disk or the libuv threads;
 * each session comes round every `everyMs` (its own tree's size permitting), and a session that ended is not walked
 * again. Never throws: what goes wrong is logged, and the next round tries again.
 */
import { diskUsage } from './disk-usage.js';
import type { HostLogger } from './types.js';

/** A session is measured again after at least this many times its last walk: a huge tree is walked rarely. */
const SPACING_PER_WALK = 4;

export interface StorageWatchOptions {
  maxBytes: number;
  /** Least time between two measures of one session. */
  everyMs: number;
  /** The sessions whose browsers run now. */
  sessions: () => Iterable<{ id: string; userDataDir: string }>;
  /** The session's folder took more than `maxBytes` (at least `bytes`): end it. */
  over: (sessionId: string, bytes: number) => void;
  log: HostLogger;
}

export class StorageWatch {
  /** When each session is next measured (epoch ms); one not in it is measured at once. */
  private readonly due = new Map<string, number>();
  private readonly stopping = new AbortController();
  private timer?: NodeJS.Timeout;
  private round?: Promise<void>;

  constructor(private readonly options: StorageWatchOptions) {}

  start(): void {
    this.next(0);
  }

  /** No walk starts after this; one under way is abandoned, and awaited. */
  async stop(): Promise<void> {
    this.stopping.abort();
    clearTimeout(this.timer);
    await this.round;
  }

  private next(delayMs: number): void {
    if (this.stopping.signal.aborted) return;
    this.timer = setTimeout(() => {
      this.round = this.measureOne()
        .catch((error: unknown) => {
          this.options.log('error', 'measuring a session folder failed', { error: String(error) });
          return 0;
        })
        .then((tookMs) => this.next(Math.max(tookMs, this.untilDue())));
    }, delayMs);
    // A host whose only timers are this one may still exit.
    this.timer.unref();
  }

  /** Measures the session most overdue, if any; answers how long it took. */
  private async measureOne(): Promise<number> {
    const { maxBytes, everyMs } = this.options;
    const now = Date.now();
    const live = [...this.options.sessions()];
    const ids = new Set(live.map((session) => session.id));
    for (const id of this.due.keys()) if (!ids.has(id)) this.due.delete(id);
    const target = live
      .filter((session) => (this.due.get(session.id) ?? 0) <= now)
      .sort((a, b) => (this.due.get(a.id) ?? 0) - (this.due.get(b.id) ?? 0))[0];
    if (!target) return 0;
    const bytes = await diskUsage(target.userDataDir, { stopAbove: maxBytes, signal: this.stopping.signal });
    const tookMs = Date.now() - now;
    this.due.set(target.id, Date.now() + Math.max(everyMs, SPACING_PER_WALK * tookMs));
    if (bytes > maxBytes && !this.stopping.signal.aborted) this.options.over(target.id, bytes);
    return tookMs;
  }

  /** Time until the next session is due: `everyMs` when none is known yet (a new one is picked up by then). */
  private untilDue(): number {
    let soonest = Date.now() + this.options.everyMs;
    for (const at of this.due.values()) soonest = Math.min(soonest, at);
    return Math.max(0, soonest - Date.now());
  }
}
