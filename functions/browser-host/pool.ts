import type { LaunchedBrowser } from './launcher.js';

export interface WarmPoolOptions {
  launch: () => Promise<LaunchedBrowser>;
  /** Stops a browser the pool no longer wants and removes its user-data-dir. */
  discard: (browser: LaunchedBrowser) => Promise<void>;
  /** How many idle browsers to hold right now; read again on every refill. */
  target: () => number;
  onError?: (error: unknown) => void;
  /**
   * Wait after a take before launching its replacement. A launch (spawn, CDP handshake) costs the host's event loop
   * tens of milliseconds; started at once it would slow the very session start that took the browser. Default 250.
   */
  refillDelayMs?: number;
}

const MAX_RETRY_DELAY_MS = 30_000;

/** A warm launch a session has claimed: it gets the browser (or undefined if the launch fails) instead of the pool. */
type Claim = (browser: LaunchedBrowser | undefined) => void;

/**
 * Pre-launched, never-used browsers, so a session gets one in milliseconds. Refills in the
 * background after every take; a failing launch backs off instead of spinning.
 */
export class WarmPool {
  private readonly ready: LaunchedBrowser[] = [];
  private launching = 0;
  /** Sessions waiting for a launch in flight, oldest first; never more than `launching`. */
  private readonly claims: Claim[] = [];
  private failures = 0;
  private retryTimer: NodeJS.Timeout | undefined;
  private refillTimer: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly options: WarmPoolOptions) {}

  get size(): number {
    return this.ready.length;
  }

  /** A ready browser, or undefined when none is warm yet (the caller launches cold). */
  take(): LaunchedBrowser | undefined {
    let browser: LaunchedBrowser | undefined;
    while (!browser && this.ready.length > 0) {
      const candidate = this.ready.shift()!;
      if (!candidate.hasExited()) browser = candidate;
    }
    if (!browser) this.refill();
    else this.refillSoon();
    return browser;
  }

  /**
   * A ready browser; else the browser of a warm launch already in flight that no other session has claimed, once it
   * is up. A second launch started cold beside it would compete for the same cores and make both slower. Resolves
   * undefined (the caller launches cold) when nothing is in flight or the claimed launch fails.
   */
  takeOrWait(): Promise<LaunchedBrowser | undefined> {
    const browser = this.take();
    if (browser || this.closed || this.claims.length >= this.launching) return Promise.resolve(browser);
    return new Promise((resolve) => this.claims.push(resolve));
  }

  private refillSoon(): void {
    this.refillTimer ??= setTimeout(() => {
      this.refillTimer = undefined;
      this.refill();
    }, this.options.refillDelayMs ?? 250);
  }

  /** Tops the pool up to its target, or trims it when sessions have taken the room. */
  refill(): void {
    if (this.closed) return;
    const target = Math.max(0, this.options.target());
    while (this.ready.length > target) this.track(this.options.discard(this.ready.pop()!));
    if (this.retryTimer) return;
    for (let missing = target - this.ready.length - this.launching; missing > 0; missing--) this.launchOne();
  }

  /** Stops refilling, waits for launches in flight and discards every idle browser. */
  async drain(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    clearTimeout(this.refillTimer);
    this.refillTimer = undefined;
    this.retryTimer = undefined;
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
    await Promise.allSettled(this.ready.splice(0).map((browser) => this.options.discard(browser)));
  }

  private launchOne(): void {
    this.launching++;
    const attempt = this.options.launch().then(
      (browser) => {
        this.launching--;
        this.failures = 0;
        const claim = this.claims.shift();
        if (claim) return this.handOver(browser, claim);
        if (this.closed || this.ready.length >= this.options.target()) {
          this.track(this.options.discard(browser));
          return;
        }
        this.ready.push(browser);
        void browser.exited.then(() => this.onExitedWhileIdle(browser));
      },
      (error: unknown) => {
        this.launching--;
        this.failures++;
        this.claims.shift()?.(undefined);
        this.options.onError?.(error);
        this.scheduleRetry();
      },
    );
    this.track(attempt);
  }

  /** The claimant owns the browser from now on, even while draining: its session's end stops it. */
  private handOver(browser: LaunchedBrowser, claim: Claim): void {
    if (browser.hasExited()) {
      this.track(this.options.discard(browser));
      claim(undefined);
      return;
    }
    claim(browser);
    this.refillSoon();
  }

  private onExitedWhileIdle(browser: LaunchedBrowser): void {
    const index = this.ready.indexOf(browser);
    if (index < 0) return; // taken by a session, which watches it from now on
    this.ready.splice(index, 1);
    this.track(this.options.discard(browser));
    this.refill();
  }

  private scheduleRetry(): void {
    if (this.closed || this.retryTimer) return;
    const delay = Math.min(MAX_RETRY_DELAY_MS, 250 * 2 ** this.failures);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.refill();
    }, delay);
    this.retryTimer.unref();
  }

  private track(work: Promise<unknown>): void {
    const settled = work.then(
      () => undefined,
      (error: unknown) => this.options.onError?.(error),
    );
    this.pending.add(settled);
    void settled.finally(() => this.pending.delete(settled));
  }
}
