/** The async operation registry: keyed by operation id, each id with its own body type, checked by the compiler. */
import { describe, expect, it } from 'vitest';
import type { Deps } from '../../functions/api/deps.js';
import { automationOperations } from '../../functions/core/automations/operations.js';
import { succeeded } from '../../functions/core/operations/result.js';
import { isAsyncOperationId, type AsyncOperationRegistry } from '../../functions/core/requests/deps.js';

describe('the async operation registry', () => {
  it('holds the automation operations as they are, with no cast, under ids a stored request may name', () => {
    const registry: AsyncOperationRegistry<Deps> = automationOperations;
    expect(Object.keys(registry).sort()).toEqual([
      'createAutomation',
      'createFormFiller',
      'executeAutomation',
      'fillForm',
    ]);
    expect(Object.keys(registry).every(isAsyncOperationId)).toBe(true);
    // A stored name is data: one from another version, or an object's own property names, is no operation.
    for (const name of ['scrape', 'toString', 'constructor', '__proto__', ''])
      expect(isAsyncOperationId(name), name).toBe(false);
  });

  it('refuses, at compile time, an operation with another body or result than its id has, or an id it does not know', () => {
    const wrongBody: AsyncOperationRegistry<Deps> = {
      // @ts-expect-error fill-form names its automation by a string id
      fillForm: async (_deps, _target, body: { automationId: number }) => succeeded(String(body.automationId)),
    };
    const unknownId: AsyncOperationRegistry<Deps> = {
      // @ts-expect-error not an operation an async request may name
      scrapeEverything: async () => succeeded('everything'),
    };
    const wrongResult: AsyncOperationRegistry<Deps> = {
      // @ts-expect-error the record stores what the operation answers: fill-form answers an operation result
      fillForm: async () => ({ filled: true }),
    };
    expect([wrongBody, unknownId, wrongResult].map((registry) => Object.keys(registry))).toEqual([
      ['fillForm'],
      ['scrapeEverything'],
      ['fillForm'],
    ]);
  });
});
