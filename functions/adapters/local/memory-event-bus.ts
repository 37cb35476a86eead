/** The event bus inside one process: the local service's API and browser host share it. */
import { EventEmitter } from 'node:events';
import type { EventBus, SessionEventRecord } from '../../ports/event-bus.js';

export class MemoryEventBus implements EventBus {
  private readonly emitter = new EventEmitter();

  constructor() {
    // Every open events stream is a listener; many clients may watch one busy session.
    this.emitter.setMaxListeners(0);
  }

  publish(channel: string, event: SessionEventRecord): void {
    this.emitter.emit(channel, event);
  }

  subscribe(channel: string, listener: (event: SessionEventRecord) => void): () => void {
    this.emitter.on(channel, listener);
    return () => this.emitter.off(channel, listener);
  }
}
