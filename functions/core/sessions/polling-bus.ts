/**
 * The event bus of processes that do not see each other's events (API functions on AWS, with the browser hosts
 * writing a session's status and file events): a subscriber polls the session's stored events, which are the
 * source of truth anyway. Events published in this process reach its subscribers at once as well; the events
 * stream drops the duplicates by id.
 */
import type { EventBus, SessionEventRecord } from '../../ports/event-bus.js';
import type { Records } from '../../ports/records.js';
import { storedEvents } from './events.js';

export class PollingEventBus implements EventBus {
  private readonly local = new Map<string, Set<(event: SessionEventRecord) => void>>();

  constructor(
    private readonly records: Records,
    private readonly intervalMs = 500,
  ) {}

  publish(channel: string, event: SessionEventRecord): void {
    for (const listener of this.local.get(channel) ?? []) listener(event);
  }

  subscribe(channel: string, listener: (event: SessionEventRecord) => void): () => void {
    const [orgId, sessionId] = channel.split('/');
    const listeners = this.local.get(channel) ?? new Set();
    listeners.add(listener);
    this.local.set(channel, listeners);
    // Only what happens from now on: the stream sends the current status itself and replays older events when
    // asked. Event ids are writers' clock times; AWS hosts and functions keep their clocks synchronised.
    let after = Date.now() * 1000;
    let stopped = false;
    let timer: NodeJS.Timeout | undefined;
    const poll = async () => {
      try {
        for (const event of await storedEvents(this.records, orgId!, sessionId!, after)) {
          after = Math.max(after, event.eventId);
          if (!stopped) listener(event);
        }
      } catch {
        // A failed read is tried again on the next tick; the stream stays open.
      }
      if (!stopped) timer = setTimeout(() => void poll(), this.intervalMs);
    };
    timer = setTimeout(() => void poll(), this.intervalMs);
    return () => {
      stopped = true;
      clearTimeout(timer);
      listeners.delete(listener);
      if (listeners.size === 0) this.local.delete(channel);
    };
  }
}
