/**
 * A time limit on synchronous work: work that cannot finish is stopped, and work held up once (a stalled process,
 * not the work itself) is given a second run before it is taken to be what cannot finish.
 */
import { describe, expect, it } from 'vitest';
import { TimeUpError, withinTime } from '../../functions/adapters/json-schema/within-time.js';

const busyFor = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // spin: stands for a process that does not get the processor, or a heap collection
  }
};

describe('withinTime', () => {
  it('answers work that was held up once past the limit, on its second run', () => {
    let runs = 0;
    const answer = withinTime(() => {
      runs += 1;
      if (runs === 1) busyFor(400);
      return 'checked';
    }, 150);
    expect(answer).toBe('checked');
    expect(runs).toBe(2);
  });

  it('stops work that cannot finish, after two runs', () => {
    let runs = 0;
    const endless = () => {
      runs += 1;
      /^(a+)+$/.test(`${'a'.repeat(40)}!`);
    };
    expect(() => withinTime(endless, 100)).toThrow(TimeUpError);
    expect(runs).toBe(2);
  });

  it('passes on what the work throws, without running it again', () => {
    let runs = 0;
    expect(() =>
      withinTime(() => {
        runs += 1;
        throw new Error('not a schema');
      }, 100),
    ).toThrow('not a schema');
    expect(runs).toBe(1);
  });
});
