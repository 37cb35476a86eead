import { describe, expect, it } from 'vitest';
import type { AnsweringModel } from '../../functions/ports/model.js';
import { lazyModel } from '../../functions/composition/lazy-model.js';

const usage = { inputTokens: 1, outputTokens: 1 };
const real: AnsweringModel = {
  name: 'real',
  chooseElement: async () => ({ choice: 'e1', reason: 'fits', usage }) as never,
  answer: async (request) => ({ text: `answer to ${request.question}`, usage }),
};

describe('lazyModel', () => {
  it('loads the model on its first call only, and shares one load between calls', async () => {
    let loads = 0;
    const model = lazyModel('claude', async () => {
      loads += 1;
      return real;
    });
    expect(loads).toBe(0);
    const [one, two] = await Promise.all([
      model.answer({ system: '', question: 'a', context: '' }),
      model.answer({ system: '', question: 'b', context: '' }),
    ]);
    expect([one.text, two.text]).toEqual(['answer to a', 'answer to b']);
    expect(loads).toBe(1);
    expect(model.name).toBe('claude');
  });

  it('tries a failed load again on the next call', async () => {
    let loads = 0;
    const model = lazyModel('claude', async () => {
      loads += 1;
      if (loads === 1) throw new Error('module not found');
      return real;
    });
    await expect(model.answer({ system: '', question: 'a', context: '' })).rejects.toThrow('module not found');
    await expect(model.answer({ system: '', question: 'a', context: '' })).resolves.toMatchObject({
      text: 'answer to a',
    });
  });

  it('says plainly when the loaded model does not read images', async () => {
    await expect(
      lazyModel('text-only', async () => real).locateVisually!({
        image: Buffer.alloc(0),
        width: 1,
        height: 1,
        description: 'x',
        intent: 'click',
      }),
    ).rejects.toThrow(/does not read images/);
  });
});
