/**
 * Records every window of one session's browser with rrweb. One browser-level connection auto-attaches to each
 * page as it is created (paused until set up, so the recorder runs before the page's own scripts), adds the
 * binding the events come out through, and registers the recorder for every document the page will load: windows
 * opened later by the API, by CDP clients or by the page itself, and every navigation, are all recorded. The one
 * document Chromium skips (a page's popup keeping its first empty document's window) is caught as it commits.
 * Events are kept in memory until the session ends, up to a size limit.
 */
import type { RecordedWindow, SessionRecording } from '../../../ports/browser.js';
import { CdpConnection } from '../../../cdp/connection.js';
import { RECORDING_BINDING, RECORDING_CHECK, recordingScript } from './script.js';

/** Event text kept per session; beyond it the recording stops (and says so) rather than exhaust the host's memory. */
export const MAX_RECORDING_BYTES = 64 * 1024 * 1024;

/** rrweb's Meta event: the first of every document, carrying its URL. */
const META_EVENT_PREFIX = '{"type":4,';

interface TargetInfo {
  targetId: string;
  type: string;
  url: string;
}

export class SessionRecorder {
  private readonly windows = new Map<string, RecordedWindow>();
  /** Flat session id → the window it drives. */
  private readonly bySession = new Map<string, RecordedWindow>();
  private readonly startedAt = Date.now();
  private bytes = 0;
  private truncated = false;

  private constructor(private readonly cdp: CdpConnection) {}

  /** Resolves once every existing page is being recorded and new ones will be. */
  static async start(endpoint: string): Promise<SessionRecorder> {
    const recorder = new SessionRecorder(await CdpConnection.connect(endpoint));
    await recorder.listen();
    return recorder;
  }

  /**
   * Waits, at most `timeoutMs`, until every event the recorded pages have already emitted has arrived. A page's
   * events and its answers to commands leave it in order over one session, so an answered no-op means the events
   * before it are here. Ending a session closes the browser, and what its pages were still sending would be lost:
   * the last keystrokes before a terminate are the ones a reader of the recording looks for.
   */
  async flush(timeoutMs = 1_000): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const roundTrips = [...this.bySession.keys()].map((sessionId) =>
      this.cdp.send('Runtime.evaluate', { expression: '0' }, sessionId).catch(() => undefined),
    );
    await Promise.race([
      Promise.all(roundTrips),
      new Promise((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      }),
    ]);
    clearTimeout(timer);
  }

  /** What was recorded so far; the recorder stops. */
  finish(): SessionRecording {
    this.cdp.close();
    const windows = [...this.windows.values()].filter((window) => window.events.length > 0);
    return { startedAt: this.startedAt, windows, truncated: this.truncated };
  }

  close(): void {
    this.cdp.close();
  }

  private async listen(): Promise<void> {
    this.cdp.on(
      'Target.attachedToTarget',
      (event: { sessionId: string; targetInfo: TargetInfo; waitingForDebugger: boolean }) => {
        void this.attached(event.sessionId, event.targetInfo, event.waitingForDebugger);
      },
    );
    this.cdp.on('Target.detachedFromTarget', (event: { sessionId: string }) => this.bySession.delete(event.sessionId));
    this.cdp.on('Runtime.bindingCalled', (event: { name: string; payload: string }, sessionId) => {
      if (event.name !== RECORDING_BINDING || !sessionId) return;
      const window = this.bySession.get(sessionId);
      if (window) this.keep(window, event.payload);
    });
    this.cdp.on('Page.frameNavigated', (event: { frame: { parentId?: string; url: string } }, sessionId) => {
      if (!sessionId || event.frame.parentId || !this.bySession.has(sessionId) || event.frame.url === 'about:blank')
        return;
      void this.recordIfMissed(sessionId);
    });
    // Browser-wide: attaches to every page target, now and later, each held until `runIfWaitingForDebugger`.
    await this.cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: true });
  }

  private async attached(sessionId: string, target: TargetInfo, waiting: boolean): Promise<void> {
    const send = (method: string, params: Record<string, unknown> = {}) => this.cdp.send(method, params, sessionId);
    const resume = () => send('Runtime.runIfWaitingForDebugger').catch(() => undefined);
    if (target.type !== 'page') {
      // Workers, iframes and the like are recorded through their page, if at all: let them run untouched.
      await resume();
      await this.cdp.send('Target.detachFromTarget', { sessionId }).catch(() => undefined);
      return;
    }
    const window = this.windows.get(target.targetId) ?? {
      windowId: target.targetId,
      startedAt: Date.now(),
      pages: [],
      events: [],
    };
    this.windows.set(target.targetId, window);
    this.bySession.set(sessionId, window);
    const source = recordingScript();
    // Sent together, without waiting for answers: a paused page that has no renderer yet (a window a link opens
    // with target=_blank) answers `Page.enable` only once it runs, so waiting before resuming would hold it
    // forever. Chromium handles one session's commands in order, so the script is in place before the page starts.
    const setup = [
      // Without these two, Chromium neither installs the binding nor runs scripts registered for new documents.
      send('Page.enable'),
      send('Runtime.enable'),
      send('Runtime.addBinding', { name: RECORDING_BINDING }),
      send('Page.addScriptToEvaluateOnNewDocument', { source }),
      // A page that was already showing a document when we attached starts recording now.
      ...(!waiting && target.url && target.url !== 'about:blank'
        ? [send('Runtime.evaluate', { expression: source })]
        : []),
    ];
    // A page that closes while being set up fails these: there is nothing to record then.
    await Promise.allSettled([...setup, resume()]);
  }

  /**
   * A window a page opens (`window.open`) starts on an empty document, and a same-origin page it then loads keeps
   * that document's window: Chromium does not run the scripts registered for new documents in it. Such a document
   * is found, once it has committed, by the recorder's missing flag, and starts recording then.
   */
  private async recordIfMissed(sessionId: string): Promise<void> {
    try {
      const check = await this.cdp.send<{ result: { value?: unknown } }>(
        'Runtime.evaluate',
        { expression: RECORDING_CHECK, returnByValue: true },
        sessionId,
      );
      if (check.result.value === true) return;
      await this.cdp.send('Runtime.evaluate', { expression: recordingScript() }, sessionId);
    } catch {
      // The window navigated again or closed meanwhile: its next document is set up on its own.
    }
  }

  private keep(window: RecordedWindow, payload: string): void {
    if (this.truncated) return;
    if (this.bytes + payload.length > MAX_RECORDING_BYTES) {
      this.truncated = true;
      return;
    }
    this.bytes += payload.length;
    window.events.push(payload);
    if (payload.startsWith(META_EVENT_PREFIX)) {
      try {
        const meta = JSON.parse(payload) as { timestamp: number; data?: { href?: string } };
        window.pages.push({ url: meta.data?.href ?? '', at: meta.timestamp });
      } catch {
        // Not a meta event after all: the event is kept either way.
      }
    }
  }
}
