/**
 * Keeps a client's resume of a new worker from overtaking the disguise. A worker waits for every client attached
 * to it and starts on the first `Runtime.runIfWaitingForDebugger` it reads, from whichever client: a client that
 * resumes at once (puppeteer does, for every worker) can let it run before the disguise has it stopped before its
 * first script, and the worker then reads values the disguise never corrected. So the proxy learns which of the
 * client's sessions are waiting workers (from the browser's `Target.attachedToTarget` events on the way to the
 * client) and forwards the client's resume for one only once the disguise is armed for that worker, or after a
 * bound. The worker itself waits meanwhile, as it waits for any client; nothing else of the client is changed.
 *
 * A shared worker starts on the first resume it reads (the disguise's), and a client's resume reaching it later,
 * while the disguise has it stopped for the correction, ends that stop early: it then ran uncorrected, or hung (6 of
 * 560 new shared workers under load on the full Chromium). So for a shared worker `armed` means corrected.
 */
/**
 * Not dedicated workers: one does not start before every client attached to it has resumed it, so no client's
 * resume can reach it stopped for the correction, and holding one until the correction would hold it to the bound.
 */
const HELD_TYPES = new Set(['service_worker', 'shared_worker']);

/** Past this, a client's resume goes on whatever the disguise did: a slow disguise must not hold a worker for ever. */
export const WORKER_HOLD_BOUND_MS = 10_000;

interface Frame {
  method?: unknown;
  sessionId?: unknown;
  params?: { sessionId?: unknown; waitingForDebugger?: unknown; targetInfo?: { type?: unknown; targetId?: unknown } };
}

export interface WorkerResumeHold {
  /** Reads a browser frame on its way to the client (cheaply: most are not about attaching). */
  fromBrowser(frame: Buffer): void;
  /** For a client frame: what it must wait for before it is forwarded, or undefined to forward it now. */
  hold(frame: string): Promise<void> | undefined;
}

const parse = (text: string): Frame | undefined => {
  try {
    const frame = JSON.parse(text) as Frame;
    return typeof frame === 'object' && frame !== null ? frame : undefined;
  } catch {
    return undefined;
  }
};

/** `armed(targetId)` settles when the disguise has that worker stopped before its first script. */
export function workerResumeHold(
  armed: (targetId: string) => Promise<void>,
  boundMs = WORKER_HOLD_BOUND_MS,
): WorkerResumeHold {
  /** The client's sessions attached to a worker still waiting for the debugger, and that worker. */
  const waiting = new Map<string, string>();
  return {
    fromBrowser(frame) {
      if (!frame.includes('Target.attachedToTarget') && !frame.includes('Target.detachedFromTarget')) return;
      const event = parse(String(frame));
      const sessionId = event?.params?.sessionId;
      if (typeof sessionId !== 'string') return;
      const target = event?.params?.targetInfo;
      if (
        event?.method === 'Target.attachedToTarget' &&
        event.params?.waitingForDebugger === true &&
        typeof target?.targetId === 'string' &&
        HELD_TYPES.has(String(target.type))
      )
        waiting.set(sessionId, target.targetId);
      else if (event?.method === 'Target.detachedFromTarget') waiting.delete(sessionId);
    },
    hold(text) {
      if (waiting.size === 0 || !text.includes('Runtime.runIfWaitingForDebugger')) return undefined;
      const command = parse(text);
      if (command?.method !== 'Runtime.runIfWaitingForDebugger' || typeof command.sessionId !== 'string') return;
      const targetId = waiting.get(command.sessionId);
      if (!targetId) return undefined;
      waiting.delete(command.sessionId);
      let timer: NodeJS.Timeout | undefined;
      const bound = new Promise<void>((resolve) => (timer = setTimeout(resolve, boundMs)));
      return Promise.race([armed(targetId).catch(() => undefined), bound]).finally(() => clearTimeout(timer));
    },
  };
}
