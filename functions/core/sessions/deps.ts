/** The ports session logic needs; `Deps` (api/deps.ts) satisfies it. */
import type { BrowserFleet } from '../../ports/browser.js';
import type { Clock } from '../../ports/clock.js';
import type { EventBus } from '../../ports/event-bus.js';
import type { Records } from '../../ports/records.js';

export interface SessionDeps {
  records: Records;
  clock: Clock;
  fleet: BrowserFleet;
  bus: EventBus;
}
