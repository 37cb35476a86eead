/**
 * The webhook transport port: resolve a host and POST a body, refusing to connect to any address the caller's
 * guard rejects. The guard runs on the address actually connected to, so a name that resolves to a public address
 * when checked and to a private one when used (DNS rebinding) is still refused.
 */
export interface WebhookPost {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  /** Whether the transport may connect to this resolved IP address. */
  allowAddress(address: string): boolean;
}

/** One attempt's outcome: an HTTP status, or why no status came back (refused, timed out, connection error). */
export interface WebhookPostOutcome {
  statusCode?: number;
  error?: string;
  durationMs: number;
}

export interface WebhookTransport {
  /** Every address the host name resolves to (an IP literal resolves to itself). */
  resolve(host: string): Promise<string[]>;
  post(request: WebhookPost): Promise<WebhookPostOutcome>;
}
