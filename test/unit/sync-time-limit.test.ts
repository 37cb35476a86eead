import { describe, expect, it } from 'vitest';
import { capTimeThreshold } from '../../functions/http/sync-time-limit.js';

describe('the synchronous time limit of streamed routes', () => {
  it('caps a longer, absent or unlimited threshold, and keeps a shorter one', () => {
    expect(capTimeThreshold({ prompt: 'x', timeThresholdSeconds: 600 }, 270)).toEqual({
      prompt: 'x',
      timeThresholdSeconds: 270,
    });
    expect(capTimeThreshold({ prompt: 'x' }, 270)).toEqual({ prompt: 'x', timeThresholdSeconds: 270 });
    expect(capTimeThreshold({ timeThresholdSeconds: 0 }, 270)).toEqual({ timeThresholdSeconds: 270 });
    expect(capTimeThreshold({ timeThresholdSeconds: 60 }, 270)).toEqual({ timeThresholdSeconds: 60 });
  });

  it('changes nothing without a limit or without a body', () => {
    expect(capTimeThreshold({ timeThresholdSeconds: 600 }, undefined)).toEqual({ timeThresholdSeconds: 600 });
    expect(capTimeThreshold(undefined, 270)).toBeUndefined();
  });
});
