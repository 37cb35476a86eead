/**
 * ECS task scale-in protection, held while the host has sessions: scale-in and a new deployment both stop tasks,
 * and ECS picks which by zone balance, not by who is busy; a protected task is skipped by scale-in and waited for by
 * deployments. The host asks its ECS agent (`$ECS_AGENT_URI/task-protection/v1/state`) to protect it when it gains
 * its first session and to drop protection when its last one ends.
 *
 * Protection is asked for a bounded time and renewed while the host stays busy, so a host that hangs (and stops
 * renewing) becomes stoppable again within `expiresInMinutes` instead of being pinned for the 48 h maximum.
 */

export interface ScaleInProtectionOptions {
  /** The task's agent endpoint: the `ECS_AGENT_URI` Fargate sets in the container. */
  agentUri: string;
  /** Whether the host has sessions (or is taking one) now. */
  busy: () => boolean;
  /** How long one grant lasts; renewed at half of it while busy. @default 60 */
  expiresInMinutes?: number;
  log: (level: 'info' | 'warn', message: string, fields?: Record<string, unknown>) => void;
  now?: () => number;
}

/** What the agent answers: `protection` on success, `failure` or `error` otherwise. */
interface AgentAnswer {
  protection?: { ProtectionEnabled: boolean; ExpirationDate?: string | null };
  failure?: { Arn?: string; Reason?: string; Detail?: string };
  error?: { Code?: string; Message?: string };
}

export class ScaleInProtection {
  private protectedUntil = 0;
  private enabled = false;
  private timer?: NodeJS.Timeout;
  /** One request at a time; a change while one is on the way is applied after it. */
  private running?: Promise<void>;
  private again = false;
  private readonly expiresMs: number;
  private readonly now: () => number;

  constructor(private readonly options: ScaleInProtectionOptions) {
    this.expiresMs = (options.expiresInMinutes ?? 60) * 60_000;
    this.now = options.now ?? Date.now;
  }

  /** Whether ECS was last told to protect this task. */
  get isProtected(): boolean {
    return this.enabled;
  }

  /** Renews on a timer as well as on `sync` calls. */
  start(renewEveryMs: number = this.expiresMs / 4): void {
    this.timer = setInterval(() => void this.sync(), renewEveryMs);
    this.timer.unref();
  }

  /** Brings the task's protection in line with `busy()`: call it whenever sessions start or end. */
  sync(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.apply();
      } while (this.again);
    })().finally(() => (this.running = undefined));
    return this.running;
  }

  /** Stops renewing and drops protection (the host is leaving). */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
    if (this.enabled) await this.put(false);
  }

  private async apply(): Promise<void> {
    const busy = this.options.busy();
    if (busy && (!this.enabled || this.now() >= this.protectedUntil - this.expiresMs / 2)) await this.put(true);
    else if (!busy && this.enabled) await this.put(false);
  }

  private async put(enable: boolean): Promise<void> {
    const body = enable
      ? { ProtectionEnabled: true, ExpiresInMinutes: Math.ceil(this.expiresMs / 60_000) }
      : { ProtectionEnabled: false };
    try {
      const response = await fetch(`${this.options.agentUri.replace(/\/+$/, '')}/task-protection/v1/state`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
      const answer = (await response.json().catch(() => ({}))) as AgentAnswer;
      if (!response.ok || !answer.protection) {
        const reason =
          answer.failure?.Reason ?? answer.error?.Message ?? answer.error?.Code ?? `HTTP ${response.status}`;
        throw new Error(reason);
      }
      this.enabled = answer.protection.ProtectionEnabled;
      this.protectedUntil = enable ? this.now() + this.expiresMs : 0;
      this.options.log('info', enable ? 'scale-in protection on' : 'scale-in protection off', {
        expiresAt: answer.protection.ExpirationDate ?? undefined,
      });
    } catch (error) {
      // The next sync (a session change or the renewal timer) tries again; sessions run on meanwhile.
      this.options.log('warn', `could not turn scale-in protection ${enable ? 'on' : 'off'}`, {
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
}
