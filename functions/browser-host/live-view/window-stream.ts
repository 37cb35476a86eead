/**
 * One watched window: a CDP connection attached to the window's page that screencasts it to every viewer and
 * forwards their input. Frames are paced by the viewers: Chromium sends the next frame only after the previous
 * one is acknowledged, and that happens when a viewer has taken it; a viewer holds at most three frames it has not
 * drawn yet (drawing, decoding, on the wire: the round trip of its acknowledgement is then not dead time), and a
 * slower viewer skips to the newest frame. Frames travel as binary messages: a 4-byte length, the frame's metadata as
 * JSON, then the JPEG bytes, built once per frame for every viewer.
 */
import WebSocket from 'ws';
import { CdpConnection } from '../../cdp/connection.js';
import { inputCommand } from './input.js';
import { sizeViewport, runNavigation } from './page-commands.js';
import { MAX_RENDER_SIZE, MIN_VIEW_SIZE, type ViewerOptions } from './options.js';

export type StreamEndReason = 'sessionEnded' | 'windowClosed';

/** Close codes the viewer page understands: it does not reconnect after these. */
export const CLOSE_CODES: Record<StreamEndReason, number> = { sessionEnded: 4410, windowClosed: 4404 };

export class WindowGoneError extends Error {}

interface Viewer {
  socket: WebSocket;
  options: ViewerOptions;
  /** Frames sent and not yet drawn. */
  inFlight: number;
  /** Sequence number of the newest frame this viewer was sent. */
  seen: number;
  /** It resized the window once already: with `disableResize`, the first fit to its frame is all it may do. */
  resized?: boolean;
}

interface FrameMeta {
  deviceWidth: number;
  deviceHeight: number;
  pageScaleFactor: number;
  offsetTop: number;
}

interface Frame {
  seq: number;
  message: Buffer;
}

/** The binary message of one frame: [uint32 metadata length][metadata JSON][JPEG bytes]. */
const frameMessage = (base64Jpeg: string, meta: FrameMeta): Buffer => {
  const head = Buffer.from(JSON.stringify(meta));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(head.length);
  return Buffer.concat([length, head, Buffer.from(base64Jpeg, 'base64')]);
};

export interface WindowStreamHooks {
  /** Viewer input counts as session activity (postpones the idle timeout). */
  touch(): void;
  /** Whether the session's browser still runs; tells a closed window from an ended session. */
  sessionLive(): boolean;
  /** The stream has ended and holds nothing any more. */
  onEnded(): void;
  /**
   * The stream sized the page and has let go of it (its connection closed): whoever sized the window before may
   * size it again. A viewer's size lives on the stream's own connection, which may take the page's earlier size
   * with it or leave the viewer's in place, depending on the browser.
   */
  released?(): void;
  log(level: 'info' | 'warn' | 'error', message: string, fields?: Record<string, unknown>): void;
}

/** Quality 60 rather than 70: a third less to encode, send and decode per frame, for little visible loss. */
const SCREENCAST = { format: 'jpeg', quality: 60, everyNthFrame: 1 };
/** Viewers that reconnect after a blip find the stream still running. */
const IDLE_CLOSE_MS = 5_000;
const NEW_WINDOW_NOTICE_DELAY_MS = 150;
const REFRESH_AFTER_MS = 400;
/** Frames a viewer may hold undrawn. Two left a 2-core host at ~15 fps, three gave ~20 (`npm run bench -- --only live-view`). */
const MAX_IN_FLIGHT = 3;
/** A viewer with this much unsent data is treated as busy regardless of its acknowledgements. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

export class WindowStream {
  private readonly viewers = new Set<Viewer>();
  private frame?: Frame;
  private seq = 0;
  /** The screencast frame Chromium waits to hear acknowledged. */
  private unacked?: number;
  private url = '';
  private mainFrameId = '';
  private idleTimer?: NodeJS.Timeout;
  /** A viewer's size was put on the page: it is given back when the stream ends. */
  private sizedPage = false;
  private ended = false;
  /** The window's target is gone; the stream ends a moment later. */
  private gone = false;
  /**
   * Viewers' resizes and navigations run one after another, in the order they were sent: a close sent after a resize
   * reaches Chromium after it (closing a window mid-resize once crashed the browser process), a back after a load.
   * Input stays outside this queue, so a slow navigation does not hold back clicks.
   */
  private pageCommands: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly cdp: CdpConnection,
    private readonly session: string,
    readonly windowId: string,
    private readonly hooks: WindowStreamHooks,
  ) {}

  static async open(endpoint: string, windowId: string, hooks: WindowStreamHooks): Promise<WindowStream> {
    const cdp = await CdpConnection.connect(endpoint);
    try {
      const attached = await cdp
        .send<{ sessionId: string }>('Target.attachToTarget', { targetId: windowId, flatten: true })
        .catch(() => undefined);
      if (!attached) throw new WindowGoneError(`window ${windowId} does not exist`);
      const stream = new WindowStream(cdp, attached.sessionId, windowId, hooks);
      await stream.start();
      return stream;
    } catch (error) {
      cdp.close();
      throw error;
    }
  }

  get viewerCount(): number {
    return this.viewers.size;
  }

  private async start(): Promise<void> {
    const { cdp, session } = this;
    cdp.on('Page.screencastFrame', (params, from) => from === session && this.onFrame(params));
    cdp.on('Page.frameNavigated', (params, from) => {
      if (from !== session || params.frame.parentId) return;
      // Chromium's error page for a failed load is at an internal address: the address bar shows the one that failed.
      const { url, urlFragment, unreachableUrl } = params.frame as {
        url: string;
        urlFragment?: string;
        unreachableUrl?: string;
      };
      this.onUrl(unreachableUrl || String(url) + String(urlFragment ?? ''));
    });
    cdp.on('Page.navigatedWithinDocument', (params, from) => {
      if (from === session && params.frameId === this.mainFrameId) this.onUrl(String(params.url));
    });
    cdp.on('Target.targetCreated', ({ targetInfo }) => {
      if (targetInfo.type !== 'page' || targetInfo.openerId !== this.windowId) return;
      // Other connections to the browser (the API's) learn of the target at about the same moment; a short delay
      // lets a parent that asks for the new window's info right away find it.
      setTimeout(
        () => this.broadcast({ t: 'newWindow', windowId: targetInfo.targetId, url: targetInfo.url }),
        NEW_WINDOW_NOTICE_DELAY_MS,
      ).unref();
    });
    cdp.on('Target.targetDestroyed', ({ targetId }) => targetId === this.windowId && this.windowGone());
    cdp.on('Target.detachedFromTarget', ({ sessionId }) => sessionId === session && this.windowGone());
    cdp.onClose(() => this.end('sessionEnded'));
    await cdp.send('Target.setDiscoverTargets', { discover: true });
    await cdp.send('Page.enable', {}, session);
    // Several windows share one browser and only one has focus; keys from a viewer must reach this one regardless.
    await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: true }, session);
    const { frameTree } = await cdp.send('Page.getFrameTree', {}, session);
    this.mainFrameId = frameTree.frame.id;
    this.url = String(frameTree.frame.url) + String(frameTree.frame.urlFragment ?? '');
    await cdp.send('Page.startScreencast', SCREENCAST, session);
    this.refreshSoon();
  }

  /**
   * The screencast sends frames only as the page paints, and a busy machine can hold the first one back for a
   * while: when none came within a moment (of the start, or of viewer input that should change the page), a
   * screenshot stands in for it.
   */
  private refreshSoon(): void {
    const seq = this.seq;
    setTimeout(() => {
      if (this.ended || this.seq !== seq) return;
      void this.refresh().catch(() => undefined);
    }, REFRESH_AFTER_MS).unref();
  }

  private async refresh(): Promise<void> {
    const { cdp, session } = this;
    const [shot, layout] = await Promise.all([
      cdp.send<{ data: string }>('Page.captureScreenshot', { format: 'jpeg', quality: SCREENCAST.quality }, session),
      cdp.send<{ cssVisualViewport: { clientWidth: number; clientHeight: number; scale: number } }>(
        'Page.getLayoutMetrics',
        {},
        session,
      ),
    ]);
    const { clientWidth, clientHeight, scale } = layout.cssVisualViewport;
    this.deliver(shot.data, {
      deviceWidth: clientWidth * scale,
      deviceHeight: clientHeight * scale,
      pageScaleFactor: scale,
      offsetTop: 0,
    });
  }

  addViewer(socket: WebSocket, options: ViewerOptions): void {
    // The stream may have closed while this viewer's handshake ran: a retry opens a fresh one.
    if (this.ended) return void socket.close(1013, 'try again');
    clearTimeout(this.idleTimer);
    const viewer: Viewer = { socket, options, inFlight: 0, seen: 0 };
    this.viewers.add(viewer);
    socket.on('message', (data, isBinary) => {
      if (isBinary) return;
      let message: unknown;
      try {
        message = JSON.parse(String(data));
      } catch {
        return;
      }
      if (message && typeof message === 'object') void this.onMessage(viewer, message as Record<string, unknown>);
    });
    socket.on('close', () => this.removeViewer(viewer));
    socket.on('error', () => undefined);
    this.sendTo(viewer, { t: 'hello', windowId: this.windowId, url: this.url });
    if (this.frame) this.sendFrame(viewer, this.frame);
    if (options.screenResolution) {
      const { width, height } = options.screenResolution;
      this.inTurn(() => this.resize(width, height)).catch((error: unknown) => {
        if (!this.ended)
          this.hooks.log('warn', 'live view could not size the window', {
            windowId: this.windowId,
            error: String(error),
          });
      });
    }
  }

  private removeViewer(viewer: Viewer): void {
    this.viewers.delete(viewer);
    // Without a viewer left to acknowledge it, the pending frame would hold the screencast forever.
    if (this.viewers.size === 0 || [...this.viewers].every((v) => this.busy(v))) this.ack();
    if (this.viewers.size === 0 && !this.ended) {
      this.idleTimer = setTimeout(() => this.end(undefined), IDLE_CLOSE_MS);
      this.idleTimer.unref();
    }
  }

  private onFrame(params: { data: string; sessionId: number; metadata: FrameMeta }): void {
    const { deviceWidth, deviceHeight, pageScaleFactor, offsetTop } = params.metadata;
    this.ack();
    this.unacked = params.sessionId;
    this.deliver(params.data, { deviceWidth, deviceHeight, pageScaleFactor, offsetTop });
  }

  private deliver(data: string, meta: FrameMeta): void {
    this.frame = { seq: ++this.seq, message: frameMessage(data, meta) };
    let delivered = false;
    for (const viewer of this.viewers) if (!this.busy(viewer) && this.sendFrame(viewer, this.frame)) delivered = true;
    // Acknowledged at once when a viewer took it, so Chromium paints the next frame while the viewer decodes this
    // one; held while every viewer is still busy, so the screencast never runs ahead of the fastest viewer.
    if (delivered || this.viewers.size === 0) this.ack();
  }

  private busy(viewer: Viewer): boolean {
    return viewer.inFlight >= MAX_IN_FLIGHT || viewer.socket.bufferedAmount > MAX_BUFFERED_BYTES;
  }

  private sendFrame(viewer: Viewer, frame: Frame): boolean {
    if (this.busy(viewer) || viewer.socket.readyState !== WebSocket.OPEN) return false;
    viewer.inFlight += 1;
    viewer.seen = frame.seq;
    viewer.socket.send(frame.message, { binary: true });
    return true;
  }

  /** A viewer drew a frame: it gets the newest one if it missed it, and Chromium may send the next. */
  private onDrawn(viewer: Viewer): void {
    viewer.inFlight = Math.max(0, viewer.inFlight - 1);
    if (this.frame && viewer.seen < this.frame.seq) this.sendFrame(viewer, this.frame);
    this.ack();
  }

  private ack(): void {
    if (this.unacked === undefined) return;
    const sessionId = this.unacked;
    this.unacked = undefined;
    this.cdp.send('Page.screencastFrameAck', { sessionId }, this.session).catch(() => undefined);
  }

  private async onMessage(viewer: Viewer, message: Record<string, unknown>): Promise<void> {
    if (this.gone) return;
    try {
      if (message.t === 'ack') return this.onDrawn(viewer);
      if (message.t === 'resize') {
        if (viewer.options.screenResolution || (viewer.options.disableResize && viewer.resized)) return;
        viewer.resized = true;
        return await this.inTurn(() => this.resize(Number(message.width), Number(message.height)));
      }
      if (message.t === 'nav') return await this.navigate(viewer, message);
      const command = inputCommand(message);
      if (!command)
        return this.sendTo(viewer, {
          t: 'error',
          message: `unsupported viewer message ${JSON.stringify(message.t ?? null)}`,
        });
      this.hooks.touch();
      await this.cdp.send(command.method, command.params, this.session);
      if (message.t !== 'mouse' || message.type !== 'mouseMoved') this.refreshSoon();
    } catch (error) {
      if (!this.ended && !this.gone)
        this.hooks.log('warn', 'live view command failed', { windowId: this.windowId, error: String(error) });
    }
  }

  private async navigate(viewer: Viewer, message: Record<string, unknown>): Promise<void> {
    this.hooks.touch();
    const run = () => runNavigation(this.cdp, this.session, this.windowId, message);
    // A load's answer waits for the new page to commit, which a slow site may take long to do: the queue waits only
    // until it is sent (a close that follows at once is repeated until it takes, see close-target.ts).
    const refused =
      message.action === 'go'
        ? await (await this.inTurn(async () => ({ answer: run() }))).answer
        : await this.inTurn(run);
    if (refused) this.sendTo(viewer, { t: 'error', message: refused });
  }

  /** Runs a page command after the ones before it have finished (`pageCommands`). */
  private inTurn<T>(command: () => Promise<T>): Promise<T> {
    const result = this.pageCommands.then(command);
    this.pageCommands = result.catch(() => undefined);
    return result;
  }

  /** Sizes the page to the viewer's frame (or the fixed resolution), within what a page may be. */
  async resize(width: number, height: number): Promise<void> {
    if (![width, height].every((n) => Number.isFinite(n))) return;
    const w = Math.round(Math.min(MAX_RENDER_SIZE, Math.max(MIN_VIEW_SIZE, width)));
    const h = Math.round(Math.min(MAX_RENDER_SIZE, Math.max(MIN_VIEW_SIZE, height)));
    await sizeViewport(this.cdp, this.session, w, h);
    this.sizedPage = true;
  }

  private onUrl(url: string): void {
    if (url === this.url) return;
    this.url = url;
    this.broadcast({ t: 'url', url });
  }

  private windowGone(): void {
    // Commands still queued or arriving now can only fail: they are dropped, not logged as failures.
    this.gone = true;
    // When the whole browser goes, the page's target usually dies a moment before the connection does.
    setTimeout(() => this.end(this.hooks.sessionLive() ? 'windowClosed' : 'sessionEnded'), 200).unref();
  }

  /** Ends the stream; with a reason, viewers are told and their sockets closed for good. */
  end(reason: StreamEndReason | undefined): void {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.idleTimer);
    for (const viewer of this.viewers) {
      if (reason) {
        this.sendTo(viewer, { t: 'ended', reason });
        viewer.socket.close(CLOSE_CODES[reason], reason);
      } else viewer.socket.close(1001, 'live view closing');
    }
    this.viewers.clear();
    if (this.sizedPage && !reason && this.hooks.released) {
      const released = this.hooks.released;
      this.cdp.onClose(() => released());
    }
    if (!this.cdp.isClosed) {
      this.cdp.send('Page.stopScreencast', {}, this.session).catch(() => undefined);
      this.cdp.close();
    }
    this.hooks.onEnded();
  }

  private broadcast(message: object): void {
    for (const viewer of this.viewers) this.sendTo(viewer, message);
  }

  private sendTo(viewer: Viewer, message: object): void {
    if (viewer.socket.readyState === WebSocket.OPEN) viewer.socket.send(JSON.stringify(message));
  }
}
