/**
 * Applies a session's fingerprint to every target of its browser before the target runs any script of its own.
 *
 * The host keeps one browser-level CDP session that auto-attaches (flattened, waiting for the debugger) to every
 * page and top-level worker, and from each page to its out-of-process frames and dedicated workers. A new target
 * stays paused until its overrides are in: the user agent with client hints and languages (`Emulation` for
 * documents, `Network` for workers), locale and timezone, and the correction script (`patches.ts`) registered for
 * every new document or evaluated in the worker. Then it is let run. The session stays attached for the target's
 * life: overrides belong to the CDP session that set them, and they hold across navigations. A service or shared
 * worker that another client let run first is corrected as soon as the debugger answers (`breakpointCommands`).
 *
 * Nothing here enables the `Runtime` domain (whose console reporting pages can observe); the worker script goes
 * through `Runtime.evaluate`, which needs no enable, and the debugger a worker is paused with is off again before
 * the worker's own script runs.
 */
import type { Browser, CDPSession } from 'puppeteer-core';
import type { Fingerprint } from './fingerprint.js';
import { WORKER_TARGET_TYPES as WORKER_TYPES } from '../../cdp/worker-targets.js';
import { documentPatchSource, workerPatchSource } from './patches.js';

/** A promise and the function that settles it. */
interface Signal {
  promise: Promise<void>;
  settle: () => void;
}

const signal = (): Signal => {
  let settle = () => undefined as void;
  const promise = new Promise<void>((resolve) => (settle = resolve));
  return { promise, settle };
};

interface AttachedEvent {
  sessionId: string;
  targetInfo: { type: string; targetId: string; url: string };
  waitingForDebugger: boolean;
}

interface Attached {
  session: CDPSession;
  type: string;
  targetId: string;
  /** The registered document script, replaced when the fingerprint changes. */
  scriptId?: string;
}

/** A worker's set-up commands, and when the correction has run in it. */
interface WorkerSetUp {
  commands: Promise<unknown>[];
  corrected: Promise<void>;
}

const DOCUMENT_TYPES = new Set(['page', 'iframe']);
const AUTO_ATTACH = { autoAttach: true, waitForDebuggerOnStart: true, flatten: true };

/** A command whose failure only means the target does not support it (or has gone): the others still apply. */
const attempt = <T>(sent: Promise<T>): Promise<T | undefined> => sent.catch(() => undefined);

export class Disguise {
  private readonly attached = new Map<string, Attached>();
  /** Per worker target: settles once a session of this disguise has the worker stopped before its first script. */
  private readonly arming = new Map<string, Signal>();
  /** The locale the browser was launched with (`--lang`): documents need no override for it. */
  private readonly launchLocale: string;
  private documentSource: string;
  private workerSource: string;

  private constructor(
    private fingerprint: Fingerprint,
    private readonly root: CDPSession,
  ) {
    this.documentSource = documentPatchSource(fingerprint);
    this.workerSource = workerPatchSource(fingerprint);
    this.launchLocale = fingerprint.locale;
  }

  /** Attaches to the browser and to every target it has or will have. Resolves once existing targets are set up. */
  static async attach(browser: Browser, fingerprint: Fingerprint): Promise<Disguise> {
    const root = await browser.target().createCDPSession();
    const disguise = new Disguise(fingerprint, root);
    const setups: Promise<void>[] = [];
    disguise.watch(root, setups);
    await root.send('Target.setAutoAttach', AUTO_ATTACH);
    await Promise.all(setups);
    return disguise;
  }

  /**
   * Settles once the worker `targetId` will stop before its first script for the correction (or is gone): until
   * then, a resume sent by another client could let it run uncorrected. The CDP proxy holds clients' resumes on it.
   */
  armed(targetId: string): Promise<void> {
    return this.armingOf(targetId).promise;
  }

  private armingOf(targetId: string): Signal {
    let arming = this.arming.get(targetId);
    if (!arming) this.arming.set(targetId, (arming = signal()));
    return arming;
  }

  get current(): Fingerprint {
    return this.fingerprint;
  }

  /** A different fingerprint (a warm browser handed to a session with its own locale): future documents get it, open ones their overrides. */
  async update(fingerprint: Fingerprint): Promise<void> {
    this.fingerprint = fingerprint;
    this.documentSource = documentPatchSource(fingerprint);
    this.workerSource = workerPatchSource(fingerprint);
    await Promise.all(
      [...this.attached.values()].map(async (target) => {
        if (!DOCUMENT_TYPES.has(target.type)) return;
        if (target.scriptId)
          await attempt(
            target.session.send('Page.removeScriptToEvaluateOnNewDocument', { identifier: target.scriptId }),
          );
        await Promise.all(this.documentCommands(target, false));
      }),
    );
  }

  private watch(parent: CDPSession, setups?: Promise<void>[]): void {
    parent.on('Target.attachedToTarget', (event: AttachedEvent) => {
      const setup = this.setUp(parent, event).catch(() => undefined);
      setups?.push(setup);
    });
    parent.on('Target.detachedFromTarget', ({ sessionId }: { sessionId: string }) => {
      const target = this.attached.get(sessionId);
      this.attached.delete(sessionId);
      if (!target || [...this.attached.values()].some((other) => other.targetId === target.targetId)) return;
      // Gone: nothing left to wait for.
      this.arming.get(target.targetId)?.settle();
      this.arming.delete(target.targetId);
    });
  }

  private async setUp(parent: CDPSession, event: AttachedEvent): Promise<void> {
    const session = parent.connection()?.session(event.sessionId);
    if (!session) return;
    const target: Attached = { session, type: event.targetInfo.type, targetId: event.targetInfo.targetId };
    this.attached.set(event.sessionId, target);
    let commands: Promise<unknown>[] = [];
    if (DOCUMENT_TYPES.has(target.type)) {
      this.watch(session);
      // Scripts for new documents run only while the Page domain is enabled (its events are not seen by the page).
      commands = [
        attempt(session.send('Page.enable')),
        attempt(session.send('Target.setAutoAttach', AUTO_ATTACH)),
        ...this.documentCommands(target, true),
      ];
    } else if (WORKER_TYPES.has(target.type)) {
      this.watch(session);
      const worker = this.workerCommands(session, event.targetInfo.url);
      commands = worker.commands;
      this.arm(target, commands, worker.corrected);
    }
    // Sent together, in order on the target's session: one round trip before the target goes on.
    const resumed = event.waitingForDebugger ? attempt(session.send('Runtime.runIfWaitingForDebugger')) : undefined;
    await Promise.all([...commands, resumed]);
  }

  private userAgentOverride() {
    const { userAgent, platform, languages, metadata } = this.fingerprint;
    // The languages as Chrome's setting lists them: Chrome adds the weights to the header itself.
    return { userAgent, platform, acceptLanguage: languages.join(','), userAgentMetadata: metadata };
  }

  private documentCommands(target: Attached, runImmediately: boolean): Promise<unknown>[] {
    const { session } = target;
    const { locale, timezone } = this.fingerprint;
    return [
      attempt(session.send('Emulation.setUserAgentOverride', this.userAgentOverride())),
      // Overriding the locale resets the document's Intl state: only done when it differs from the browser's own.
      ...(locale === this.launchLocale ? [] : [attempt(session.send('Emulation.setLocaleOverride', { locale }))]),
      ...(timezone ? [attempt(session.send('Emulation.setTimezoneOverride', { timezoneId: timezone }))] : []),
      attempt(
        session.send('Page.addScriptToEvaluateOnNewDocument', { source: this.documentSource, runImmediately }),
      ).then((added) => {
        if (added) target.scriptId = added.identifier;
      }),
    ];
  }

  /**
   * Other clients' resumes may go on once they can no longer let the worker run uncorrected. A service worker
   * answers nothing before every client attached to it has resumed it (the browser holds its script until then), so
   * for one the commands need only be in the browser's hands before a client's resume is, which the answer to the
   * last of them (handled by the browser) tells. A shared worker starts on the first resume it reads (this
   * session's), and a client's resume reaching it while it is stopped for the correction would end that stop: for
   * one, armed means corrected (or the debugger could not be turned on, so there is no stop to end).
   */
  private arm(target: Attached, commands: Promise<unknown>[], corrected: Promise<void>): void {
    const settle = () => this.armingOf(target.targetId).settle();
    void (target.type === 'service_worker' ? commands.at(-1) : corrected)?.then(settle);
  }

  /**
   * A worker's script is corrected before its own runs by stopping it there: `Runtime.evaluate` on a worker still
   * waiting for the debugger never completes (and holds up its page), so the worker is let start under a breakpoint
   * on its first script, corrected while paused, and resumed with the debugger off again.
   */
  private workerCommands(session: CDPSession, url: string): WorkerSetUp {
    // A service worker stopped and started again (woken by an event) waits for its attached sessions once more,
    // this one included: it is corrected and let run the same way.
    session.on('Inspector.targetReloadedAfterCrash', () => {
      void Promise.all([
        ...this.breakpointCommands(session, url).commands,
        attempt(session.send('Runtime.runIfWaitingForDebugger')),
      ]);
    });
    // The browser answers `Target.setAutoAttach` itself, in order after what came before it on this session: its
    // answer says the worker's other commands are in the browser's hands (see `arm`).
    const userAgent = attempt(session.send('Network.setUserAgentOverride', this.userAgentOverride()));
    const breakpoint = this.breakpointCommands(session, url);
    const autoAttach = attempt(session.send('Target.setAutoAttach', AUTO_ATTACH));
    return { commands: [userAgent, ...breakpoint.commands, autoAttach], corrected: breakpoint.corrected };
  }

  /**
   * Every CDP client of the browser holds a new worker (the host's own puppeteer connection, the service's, a
   * session's clients), and a service or shared worker starts on the first resume its thread reads, which can come
   * before this session's `Debugger.enable`. Then the debugger reports the worker's main script as already parsed
   * when it comes on, and the breakpoint may never be reached: the worker is corrected as soon as the debugger
   * answers instead, before the events it handles later. What its first script read before that is not.
   */
  private breakpointCommands(session: CDPSession, url: string): WorkerSetUp {
    const source = this.workerSource;
    const corrected = signal();
    let correcting = false;
    const paused = () => {
      // A stop while the correction is on its way is the correction's own script: a resume from elsewhere ended the
      // first stop before the correction ran there. Disabling lets it run (a worker left stopped never answers).
      if (correcting) return void attempt(session.send('Debugger.disable'));
      correcting = true;
      void (async () => {
        // One after the other's answer: a disable sent with it would be handled first, and the worker would go on
        // before the correction ran.
        await attempt(session.send('Runtime.evaluate', { expression: source, silent: true }));
        // Disabling drops the breakpoint and resumes the worker.
        await attempt(session.send('Debugger.disable'));
        session.off('Debugger.paused', paused);
        corrected.settle();
      })();
    };
    session.on('Debugger.paused', paused);
    let parsedEarly = false;
    const parsed = (event: { url: string }) => {
      if (event.url === url) parsedEarly = true;
    };
    session.on('Debugger.scriptParsed', parsed);
    // Scripts parsed before the debugger came on are reported before its answer. Such a worker may be past its first
    // script, so it gets the correction now; the breakpoint stops that evaluation too (or the worker's first script,
    // if it had not begun it), and the correction runs there first. It may run twice: each part leaves a value
    // already right alone.
    const enabled = attempt(session.send('Debugger.enable')).then((answer) => {
      session.off('Debugger.scriptParsed', parsed);
      // No debugger, no stop: nothing for another client's resume to end early.
      if (!answer) corrected.settle();
      if (parsedEarly) void attempt(session.send('Runtime.evaluate', { expression: source, silent: true }));
    });
    return {
      commands: [
        enabled,
        attempt(session.send('Debugger.setInstrumentationBreakpoint', { instrumentation: 'beforeScriptExecution' })),
      ],
      corrected: corrected.promise,
    };
  }
}
