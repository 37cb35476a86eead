/**
 * One question to the language model inside an operation: asked only while the operation's budget allows another
 * model call; the tokens it used are charged to the budget (also when the answer was unusable: they were spent).
 * An answer that took the operation past its cost threshold is still used: the next call is what is refused.
 */
import { ModelError, type AnsweringModel } from '../../ports/model.js';
import { creditsFor, DEFAULT_CREDIT_PRICES, type CreditPrices } from '../resolve/credits.js';
import type { Issue } from '../shared/issues.js';
import type { Budget } from './budget.js';

export type PricedDeps = { config?: Partial<CreditPrices> };

export const prices = (deps: PricedDeps): CreditPrices => ({
  creditsPer1kInputTokens: deps.config?.creditsPer1kInputTokens ?? DEFAULT_CREDIT_PRICES.creditsPer1kInputTokens,
  creditsPer1kOutputTokens: deps.config?.creditsPer1kOutputTokens ?? DEFAULT_CREDIT_PRICES.creditsPer1kOutputTokens,
});

/** The answer's text, or the issue that says why there is none (an unreadable answer is charged too). */
export const askModel = async (
  deps: PricedDeps,
  model: AnsweringModel,
  budget: Budget,
  request: Parameters<AnsweringModel['answer']>[0],
) => {
  budget.beforeModelCall();
  try {
    const answer = await model.answer({ ...request, signal: budget.signal });
    budget.spend(creditsFor(answer.usage, prices(deps)));
    return answer.text;
  } catch (error) {
    if (!(error instanceof ModelError) || budget.signal.aborted) throw error;
    if (error.usage) budget.spend(creditsFor(error.usage, prices(deps)));
    budget.check();
    return { code: `model_${error.kind}`, message: error.message } satisfies Issue;
  }
};
