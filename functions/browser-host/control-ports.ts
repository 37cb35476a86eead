/**
 * The loopback ports this host's own machinery listens on: each browser's DevTools endpoint, each session's
 * chromedriver and the network guard. None asks who is calling (a DevTools port answers \`/json/list\` and
 * \`/json/close/<id>\` to anyone on the machine), so a page of one session that reached another session's port
 * could read and close that session's windows. The network guard and webhook deliveries refuse them, whatever
 * else the deployment allows; ports come and go with the processes behind them.
 */
export interface ReservedPorts {
  has(port: number): boolean;
}

export class ControlPorts implements ReservedPorts {
  private readonly ports = new Map<number, number>();

  /** Marks the port of a URL (\`ws://127.0.0.1:PORT/…\`) as the host's own until \`release\` is called. */
  holdUrl(url: string): () => void {
    const port = Number(new URL(url).port);
    if (!Number.isInteger(port) || port <= 0) return () => undefined;
    this.ports.set(port, (this.ports.get(port) ?? 0) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const count = (this.ports.get(port) ?? 1) - 1;
      if (count > 0) this.ports.set(port, count);
      else this.ports.delete(port);
    };
  }

  has(port: number): boolean {
    return this.ports.has(port);
  }
}
