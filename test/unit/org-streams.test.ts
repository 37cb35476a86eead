/** The per-org count of open event streams: a slot given back twice frees one slot, and orgs count apart. */
import { describe, expect, it } from 'vitest';
import { orgStreams } from '../../functions/api/org-streams.js';

describe('orgStreams', () => {
  it('refuses past the limit per org, and a release called again frees nothing more', () => {
    const streams = orgStreams(2);
    const first = streams.take('a');
    expect(streams.take('a')).toBeDefined();
    expect(streams.take('a')).toBeUndefined();
    expect(streams.take('b')).toBeDefined();

    first?.();
    first?.();
    expect(streams.open('a')).toBe(1);
    expect(streams.take('a')).toBeDefined();
    expect(streams.take('a')).toBeUndefined();
  });
});
