/**
 * Closing a window so that it is really gone. Chromium answers `Target.closeTarget` with success and then drops the
 * close when it arrives while the page is committing a navigation: the window stays open, and a caller waiting for
 * it to go (puppeteer's `page.close()` does) waits for ever. So the close is repeated until the target has left the
 * browser's list, within a bound.
 */

/** Chromium's words for a target that is not there: `Target.getTargetInfo` and `Target.closeTarget` say it differently. */
export const isNoSuchTarget = (error: unknown): boolean =>
  error instanceof Error && /No target (?:with given id|found for targetId)/i.test(error.message);

/** Sends one CDP command on a browser-level connection (no page session). */
export type BrowserCommand = <T = unknown>(method: string, params?: Record<string, unknown>) => Promise<T>;

/** Long enough for an ordinary close to finish, short enough that a dropped one is soon repeated. */
const RETRY_AFTER_MS = 500;
const POLL_MS = 25;

const exists = async (send: BrowserCommand, targetId: string): Promise<boolean> => {
  const { targetInfos } = await send<{ targetInfos: { targetId: string }[] }>('Target.getTargets');
  return targetInfos.some((info) => info.targetId === targetId);
};

/** Closes the page target; true once it is gone, false if it was still there after `timeoutMs`. */
export const closeTarget = async (send: BrowserCommand, targetId: string, timeoutMs = 10_000): Promise<boolean> => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      await send('Target.closeTarget', { targetId });
    } catch (error) {
      if (isNoSuchTarget(error)) return true;
      throw error;
    }
    const retryAt = Math.min(deadline, Date.now() + RETRY_AFTER_MS);
    while (Date.now() < retryAt) {
      if (!(await exists(send, targetId))) return true;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
  return !(await exists(send, targetId));
};
