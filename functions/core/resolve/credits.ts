/**
 * The credit rule: what a model call costs, from the tokens it used.
 *
 *   credits = ceil((inputTokens × creditsPer1kInputTokens + outputTokens × creditsPer1kOutputTokens) / 1000)
 *
 * Defaults: 1 credit per 1,000 input tokens and 5 per 1,000 output tokens (output is about five times the price
 * of input on current Claude models). Rounding up means any model call costs at least 1 credit, and a call that
 * used no tokens (none was made) costs 0. A lookup over a 3,000-token snapshot with a 60-token answer costs
 * ceil(3 + 0.3) = 4 credits. Both prices are configurable (CREDITS_PER_1K_INPUT_TOKENS, CREDITS_PER_1K_OUTPUT_TOKENS).
 */
import type { TokenUsage } from '../../ports/model.js';

export interface CreditPrices {
  creditsPer1kInputTokens: number;
  creditsPer1kOutputTokens: number;
}

export const DEFAULT_CREDITS_PER_1K_INPUT_TOKENS = 1;
export const DEFAULT_CREDITS_PER_1K_OUTPUT_TOKENS = 5;

export const DEFAULT_CREDIT_PRICES: Readonly<CreditPrices> = Object.freeze({
  creditsPer1kInputTokens: DEFAULT_CREDITS_PER_1K_INPUT_TOKENS,
  creditsPer1kOutputTokens: DEFAULT_CREDITS_PER_1K_OUTPUT_TOKENS,
});

export const creditsFor = (usage: TokenUsage, prices: CreditPrices = DEFAULT_CREDIT_PRICES): number => {
  const milli =
    usage.inputTokens * prices.creditsPer1kInputTokens + usage.outputTokens * prices.creditsPer1kOutputTokens;
  // Rounded to a millionth first so float noise (e.g. 0.1 × 3) never adds a whole credit.
  return Math.ceil(Math.round((milli / 1000) * 1e6) / 1e6);
};
