/**
 * A session that misses the warm pool while a warm launch is in flight takes that launch's browser instead of
 * starting a second launch beside it; each launch goes to one session at most, and a failed one sends its
 * claimant to a cold launch. Launches here are promises the test settles, so no timing is involved.
 */
import { describe, expect, it } from 'vitest';
import type { LaunchedBrowser } from '../../functions/browser-host/launcher.js';
import { WarmPool } from '../../functions/browser-host/pool.js';

interface Launch {
  resolve: (browser: LaunchedBrowser) => void;
  reject: (error: Error) => void;
}

let nextPid = 1;
function fakeBrowser(): LaunchedBrowser {
  const pid = nextPid++;
  return { pid, userDataDir: `/b-${pid}`, exited: new Promise(() => undefined), hasExited: () => false } as never;
}

function poolOf(target: number) {
  const launches: Launch[] = [];
  const discarded: LaunchedBrowser[] = [];
  const pool = new WarmPool({
    launch: () => new Promise((resolve, reject) => launches.push({ resolve, reject })),
    discard: async (browser) => void discarded.push(browser),
    target: () => target,
    refillDelayMs: 0,
  });
  return { pool, launches, discarded, setTarget: (n: number) => (target = n) };
}

/** Lets every settled promise's callbacks and zero-delay timers run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('WarmPool.takeOrWait', () => {
  it('hands a miss the browser of the launch in flight and launches no second one', async () => {
    const { pool, launches } = poolOf(1);
    pool.refill();
    expect(launches).toHaveLength(1);
    const taken = pool.takeOrWait();
    expect(launches).toHaveLength(1);
    const browser = fakeBrowser();
    launches[0]!.resolve(browser);
    expect(await taken).toBe(browser);
    expect(pool.size).toBe(0);
    await settle();
    expect(launches).toHaveLength(2); // the pool refills after the hand-over
  });

  it('gives one launch to one session: a second miss is told to launch cold', async () => {
    const { pool, launches } = poolOf(1);
    pool.refill();
    const first = pool.takeOrWait();
    expect(await pool.takeOrWait()).toBeUndefined();
    const browser = fakeBrowser();
    launches[0]!.resolve(browser);
    expect(await first).toBe(browser);
  });

  it('sends the claimant to a cold launch when the launch in flight fails', async () => {
    const { pool, launches } = poolOf(1);
    pool.refill();
    const taken = pool.takeOrWait();
    launches[0]!.reject(new Error('spawn failed'));
    expect(await taken).toBeUndefined();
    await pool.drain();
  });

  it('answers at once when nothing is ready or in flight', async () => {
    const { pool, launches } = poolOf(0);
    pool.refill();
    expect(await pool.takeOrWait()).toBeUndefined();
    expect(launches).toHaveLength(0);
  });

  it('still hands a claimed launch to its session while draining, and discards unclaimed ones', async () => {
    const { pool, launches, discarded } = poolOf(2);
    pool.refill();
    const taken = pool.takeOrWait();
    const drained = pool.drain();
    const [claimed, spare] = [fakeBrowser(), fakeBrowser()];
    launches[0]!.resolve(claimed);
    launches[1]!.resolve(spare);
    await drained;
    expect(await taken).toBe(claimed);
    expect(discarded).toEqual([spare]);
  });
});
