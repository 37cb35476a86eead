/** Time, injectable so expiry, idle timeouts and budgets can be tested without waiting. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export const epochSeconds = (clock: Clock): number => Math.floor(clock.now().getTime() / 1000);
