/**
 * A file deleted while its bytes are being placed in a session: the record that would name the session is gone,
 * and the push (or the file input) hears that the file is not found, never an internal error.
 */
import { describe, expect, it } from 'vitest';
import { associateSessions } from '../../functions/core/files/push.js';
import type { FileDeps } from '../../functions/core/files/store.js';
import type { FileItem } from '../../functions/core/files/model.js';
import { NotFoundError } from '../../functions/core/shared/errors.js';
import { ConditionFailedError } from '../../functions/ports/records.js';

const file = { id: 'f1', orgId: 'o1', sessionIds: [] } as unknown as FileItem;
const depsWhere = (update: () => Promise<void>) => ({ records: { update } }) as unknown as FileDeps;

describe('a file deleted while it is pushed', () => {
  it('answers that the file is not found when its record is gone', async () => {
    const deps = depsWhere(async () => {
      throw new ConditionFailedError();
    });
    const failure = await associateSessions(deps, file, ['s1']).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(NotFoundError);
    expect((failure as Error).message).toBe('file f1 not found');
  });

  it('still fails as it did for any other store error', async () => {
    const deps = depsWhere(async () => {
      throw new Error('store unreachable');
    });
    await expect(associateSessions(deps, file, ['s1'])).rejects.toThrow('store unreachable');
  });
});
