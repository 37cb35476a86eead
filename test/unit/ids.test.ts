import { describe, expect, it } from 'vitest';
import { uuid, uuidv7 } from '../../functions/core/shared/ids.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('uuidv7', () => {
  it('is a UUID with version 7 and the RFC 4122 variant', () => {
    for (let i = 0; i < 200; i += 1) {
      const id = uuidv7();
      expect(id).toMatch(UUID);
      expect(id[14]).toBe('7');
      expect('89ab').toContain(id[19]);
    }
  });

  it('carries the millisecond timestamp in its first 48 bits', () => {
    const now = Date.UTC(2025, 0, 2, 3, 4, 5, 678);
    const id = uuidv7(now);
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(now);
  });

  it('sorts by creation time', () => {
    const start = Date.UTC(2025, 0, 1);
    const ids = Array.from({ length: 100 }, (_, i) => uuidv7(start + i * 37));
    expect([...ids].reverse().sort()).toEqual(ids);
  });

  it('differs between calls in the same millisecond', () => {
    const now = Date.now();
    expect(new Set(Array.from({ length: 1000 }, () => uuidv7(now))).size).toBe(1000);
  });
});

describe('uuid', () => {
  it('is a random version 4 UUID', () => {
    const id = uuid();
    expect(id).toMatch(UUID);
    expect(id[14]).toBe('4');
    expect(uuid()).not.toBe(id);
  });
});
