/**
 * A small browser-level CDP connection with flattened target sessions (`sessionId` on a message addresses an
 * attached target). Starting a session needs only a couple of browser-wide settings (downloads), which this sets in
 * a few milliseconds where a full puppeteer connection, attaching to every target, costs tens; the recorder sets up
 * every page the browser opens over one socket; the live view drives one page and hears browser-wide events.
 */
import WebSocket from 'ws';

type Listener = (params: any, sessionId: string | undefined) => void;

export class CdpConnection {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (value: any) => void; reject: (error: Error) => void }>();
  private readonly listeners = new Map<string, Listener[]>();
  private readonly closeListeners: (() => void)[] = [];
  private closed = false;

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => this.receive(String(data)));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      this.closed = true;
      for (const { reject } of this.pending.values()) reject(new Error('the browser connection closed'));
      this.pending.clear();
      for (const listener of this.closeListeners.splice(0)) listener();
    });
  }

  static connect(endpoint: string, timeoutMs = 10_000): Promise<CdpConnection> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(endpoint, {
        perMessageDeflate: false,
        handshakeTimeout: timeoutMs,
        maxPayload: 256 * 1024 * 1024,
      });
      socket.once('open', () => resolve(new CdpConnection(socket)));
      socket.once('error', reject);
    });
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** A command to the browser, or to an attached target when `sessionId` is given. */
  send<T = any>(method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<T> {
    if (this.closed) return Promise.reject(new Error('the browser connection closed'));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }), (error) => {
        if (!error) return;
        this.pending.delete(id);
        reject(error);
      });
    });
  }

  on(event: string, listener: Listener): void {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
  }

  onClose(listener: () => void): void {
    if (this.closed) listener();
    else this.closeListeners.push(listener);
  }

  close(): void {
    this.socket.close();
  }

  private receive(text: string): void {
    const message = JSON.parse(text) as {
      id?: number;
      method?: string;
      params?: unknown;
      sessionId?: string;
      error?: { message: string };
      result?: unknown;
    };
    if (message.id !== undefined) {
      const waiting = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.error) waiting?.reject(new Error(message.error.message));
      else waiting?.resolve(message.result);
      return;
    }
    if (message.method)
      for (const listener of this.listeners.get(message.method) ?? []) listener(message.params, message.sessionId);
  }
}
