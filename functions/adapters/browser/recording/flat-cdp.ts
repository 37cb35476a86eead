/**
 * A browser-level CDP connection that also talks to attached targets through flat sessions (`sessionId` on each
 * message), which the recorder needs to set up every page the browser opens on one socket.
 */
import WebSocket from 'ws';

type Listener = (params: any, sessionId: string | undefined) => void;

export class FlatCdp {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (value: any) => void; reject: (error: Error) => void }>();
  private readonly listeners = new Map<string, Listener[]>();

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => this.receive(String(data)));
    socket.on('close', () => {
      for (const { reject } of this.pending.values()) reject(new Error('the browser connection closed'));
      this.pending.clear();
    });
  }

  static connect(endpoint: string, timeoutMs = 10_000): Promise<FlatCdp> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(endpoint, { perMessageDeflate: false, handshakeTimeout: timeoutMs, maxPayload: 256 * 1024 * 1024 });
      socket.once('open', () => resolve(new FlatCdp(socket)));
      socket.once('error', reject);
    });
  }

  send<T = unknown>(method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<T> {
    if (this.socket.readyState !== WebSocket.OPEN) return Promise.reject(new Error('the browser connection is closed'));
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

  close(): void {
    this.socket.close();
  }

  private receive(text: string): void {
    const message = JSON.parse(text) as { id?: number; method?: string; params?: unknown; sessionId?: string; error?: { message: string }; result?: unknown };
    if (message.id !== undefined) {
      const waiting = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.error) waiting?.reject(new Error(message.error.message));
      else waiting?.resolve(message.result);
      return;
    }
    if (message.method) for (const listener of this.listeners.get(message.method) ?? []) listener(message.params, message.sessionId);
  }
}
