/**
 * One question to the language model inside an operation: the tokens it used are charged to the operation's
 * budget (also when the answer was unusable: they were spent), and the limits are checked right after, so a
 * costly answer stops the operation before its next step.
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
  // A walk over many pages keeps the answer that crossed a limit and stops before its next step instead.
  options: { checkAfter?: boolean } = {},
) => {
  try {
    const answer = await model.answer({ ...request, signal: budget.signal });
    budget.spend(creditsFor(answer.usage, prices(deps)));
    if (options.checkAfter !== false) budget.check();
    return answer.text;
  } catch (error) {
    if (!(error instanceof ModelError) || budget.signal.aborted) throw error;
    if (error.usage) budget.spend(creditsFor(error.usage, prices(deps)));
    budget.check();
    return { code: `model_${error.kind}`, message: error.message } satisfies Issue;
  }
};

