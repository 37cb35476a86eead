/** The model-backed resolvers over a hand-made snapshot: when the model is asked, what it costs, and how answers map back. */
import { describe, expect, it } from 'vitest';
import { createBudget, BudgetExceededError } from '../../functions/core/operations/budget.js';
import { locate, type LocateDeps } from '../../functions/core/operations/locate.js';
import { creditsFor, DEFAULT_CREDIT_PRICES } from '../../functions/core/resolve/credits.js';
import { cascadingResolver, ModelResolver } from '../../functions/core/resolve/model-resolver.js';
import { offlineResolver } from '../../functions/core/resolve/offline.js';
import { systemClock } from '../../functions/ports/clock.js';
import { ModelError, type ElementChoice, type ElementChoiceRequest, type Model } from '../../functions/ports/model.js';
import type { PageSnapshot, SnapshotElement } from '../../functions/ports/page-snapshot.js';
import type { WindowDriver } from '../../functions/ports/window-driver.js';

const el = (index: number, role: string, name: string): SnapshotElement => ({
  id: `e${index}`,
  role,
  tag: role === 'link' ? 'a' : role === 'textbox' ? 'input' : 'button',
  name,
  box: { x: 0, y: index * 40, width: 100, height: 30 },
  visible: true,
  interactive: true,
  ...(role === 'textbox' ? { editable: true } : {}),
});
const page: PageSnapshot = {
  key: 's1',
  url: 'http://example.test/',
  title: 'Settings',
  viewport: { width: 1280, height: 720 },
  scroll: { left: 0, top: 0 },
  elements: [
    el(0, 'button', 'Toggle theme'),
    el(1, 'button', 'Help'),
    el(2, 'link', 'Pricing'),
    el(3, 'textbox', 'Search'),
    el(4, 'button', 'Sign in'),
  ],
  nodeCount: 15,
};

/** A Model that answers from a script and records what it was asked. */
const scriptedModel = (...answers: Array<Partial<ElementChoice> | Error>) => {
  const asked: ElementChoiceRequest[] = [];
  const model: Model & { asked: ElementChoiceRequest[] } = {
    name: 'scripted',
    asked,
    chooseElement: async (request) => {
      asked.push(request);
      const next = answers.shift() ?? { choice: 'none' };
      if (next instanceof Error) throw next;
      return { choice: 'none', reason: 'scripted', usage: { inputTokens: 2000, outputTokens: 100 }, ...next };
    },
  };
  return model;
};

const EASY = 'the Sign in button';
const HARD = 'the control that makes the page darker';

describe('the credit rule', () => {
  it('charges input and output tokens per thousand and rounds up, so any call costs at least 1 credit', () => {
    expect(creditsFor({ inputTokens: 3000, outputTokens: 60 })).toBe(4);
    expect(creditsFor({ inputTokens: 10, outputTokens: 1 })).toBe(1);
    expect(creditsFor({ inputTokens: 0, outputTokens: 0 })).toBe(0);
    expect(
      creditsFor(
        { inputTokens: 2000, outputTokens: 200 },
        { creditsPer1kInputTokens: 0.5, creditsPer1kOutputTokens: 10 },
      ),
    ).toBe(3);
    expect(DEFAULT_CREDIT_PRICES).toEqual({ creditsPer1kInputTokens: 1, creditsPer1kOutputTokens: 5 });
  });
});

describe('the model resolver', () => {
  it('sends the snapshot as text with the description and intent, and maps the chosen id back to the element', async () => {
    const model = scriptedModel({ choice: 'e0', reason: 'theme toggle switches to dark' });
    const answer = await new ModelResolver(model).resolve(page, HARD, { intent: 'click' });
    expect(answer).toMatchObject({
      match: { id: 'e0', name: 'Toggle theme' },
      credits: creditsFor({ inputTokens: 2000, outputTokens: 100 }),
    });
    expect(model.asked[0]).toMatchObject({ description: HARD, intent: 'click' });
    expect(model.asked[0]!.snapshotText).toContain('e0 button "Toggle theme"');
  });

  it('treats an id the page does not have as none, saying so, and still charges the call', async () => {
    const answer = await new ModelResolver(scriptedModel({ choice: 'e99' })).resolve(page, HARD);
    expect(answer).toMatchObject({ none: true, credits: 3 });
    expect('none' in answer && answer.reason).toContain('"e99"');
  });

  it('answers none with the model reason when the model finds nothing', async () => {
    const answer = await new ModelResolver(scriptedModel({ choice: 'none', reason: 'no dark mode control' })).resolve(
      page,
      HARD,
    );
    expect(answer).toMatchObject({ none: true, reason: 'no dark mode control' });
  });

  it('turns a malformed answer into none with a reason, charging the tokens it spent', async () => {
    const model = scriptedModel(
      new ModelError('malformed_answer', 'no elementId', { inputTokens: 1000, outputTokens: 0 }),
    );
    const answer = await new ModelResolver(model).resolve(page, HARD);
    expect(answer).toMatchObject({ none: true, credits: 1 });
    expect('none' in answer && answer.reason).toContain('could not be read');
  });
});

describe('the cascading resolver', () => {
  it('answers an easy description offline: no model call and 0 credits', async () => {
    const model = scriptedModel();
    const answer = await cascadingResolver(offlineResolver, new ModelResolver(model)).resolve(page, EASY);
    expect(answer).toMatchObject({ match: { id: 'e4' }, credits: 0 });
    expect(model.asked).toHaveLength(0);
  });

  it('asks the model once for a description the offline resolver cannot place, charging its usage', async () => {
    const model = scriptedModel({
      choice: 'e0',
      reason: 'theme toggle',
      usage: { inputTokens: 4000, outputTokens: 50 },
    });
    const answer = await cascadingResolver(offlineResolver, new ModelResolver(model)).resolve(page, HARD);
    expect(answer).toMatchObject({ match: { id: 'e0' }, credits: 5 });
    expect(model.asked).toHaveLength(1);
  });

  it('keeps the offline answer, with the reason why, when the model is unavailable', async () => {
    const model = scriptedModel(new ModelError('unavailable', 'HTTP 500 after retries'));
    const answer = await cascadingResolver(offlineResolver, new ModelResolver(model)).resolve(page, HARD);
    expect(answer).toMatchObject({ none: true, credits: 0 });
    expect('none' in answer && answer.reason).toContain('could not be asked: HTTP 500 after retries');
  });

  it('never swallows an abort', async () => {
    const controller = new AbortController();
    const reason = new Error('deadline');
    const model: Model = {
      name: 'aborting',
      chooseElement: async () => (controller.abort(reason), Promise.reject(reason)),
    };
    await expect(
      cascadingResolver(offlineResolver, new ModelResolver(model)).resolve(page, HARD, { signal: controller.signal }),
    ).rejects.toBe(reason);
  });
});

describe('credits against the cost threshold', () => {
  const driver = { snapshot: async () => page } as unknown as WindowDriver;
  const deps = (model: Model) =>
    ({ resolver: cascadingResolver(offlineResolver, new ModelResolver(model)) }) as unknown as LocateDeps;

  it('uses the answer of the call that crossed the threshold, then refuses the next model call', async () => {
    const budget = createBudget({ costThresholdCredits: 2, timeThresholdSeconds: 0 }, systemClock);
    let calls = 0;
    const model = scriptedModel({ choice: 'e0' });
    const counted: Model = { ...model, chooseElement: (request) => ((calls += 1), model.chooseElement(request)) };
    const located = await locate(deps(counted), driver, HARD, 'click', budget);
    expect(located).toMatchObject({ found: true, element: { id: 'e0' } });
    expect(budget.credits).toBe(3);
    expect(budget.overrun()).toMatchObject({
      code: 'cost_threshold_exceeded',
      details: { costThresholdCredits: 2, credits: 3 },
    });
    const error = await locate(deps(counted), driver, HARD, 'click', budget).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BudgetExceededError);
    expect(error).toMatchObject({ limit: 'cost', issue: { code: 'cost_threshold_exceeded' } });
    expect(calls).toBe(1);
    budget.dispose();
  });

  it('lets an easy description through under the same threshold, spending nothing', async () => {
    const budget = createBudget({ costThresholdCredits: 2, timeThresholdSeconds: 0 }, systemClock);
    const located = await locate(deps(scriptedModel()), driver, EASY, 'click', budget);
    expect(located).toMatchObject({ found: true, element: { id: 'e4' } });
    expect(budget.credits).toBe(0);
    budget.dispose();
  });
});
