/**
 * Tokens are estimated at 4 characters each when a provider reports no usage (some OpenAI-compatible servers
 * never do; a proxy may drop it): the usual figure for English text with current tokenizers, and the same rule the
 * service uses to bound a page's context. An image counts width × height / 750 tokens, the common estimate for
 * vision models. An answer given is never free: credits come from these estimates as from reported counts.
 */
export const CHARS_PER_TOKEN = 4;
export const PIXELS_PER_IMAGE_TOKEN = 750;

export const estimateTokens = (text: string): number => Math.ceil(text.length / CHARS_PER_TOKEN);

/** The estimate for an exchange: what was sent (plus images), and what came back (at least one token). */
export const estimatedUsage = (sent: string, replied: string, imageTokens = 0) => ({
  inputTokens: estimateTokens(sent) + imageTokens,
  outputTokens: Math.max(1, estimateTokens(replied)),
});
