/**
 * A model whose SDK is loaded on its first call. The Anthropic SDKs are hundreds of modules: loading them when the
 * configuration names a model, rather than when a request first asks it something, cost every start of the service
 * (and every cold start of a function that never asks) their load time.
 */
import type { AnsweringModel } from '../ports/model.js';

export const lazyModel = (name: string, load: () => Promise<AnsweringModel>): AnsweringModel => {
  let loading: Promise<AnsweringModel> | undefined;
  // A load that failed is tried again by the next call rather than remembered.
  const model = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  return {
    name,
    chooseElement: async (request) => (await model()).chooseElement(request),
    answer: async (request) => (await model()).answer(request),
    // Every model configured here (Claude, and Chat Completions servers given image content) reads images.
    locateVisually: async (request) => {
      const loaded = await model();
      if (!loaded.locateVisually) throw new Error(`the model ${name} does not read images`);
      return loaded.locateVisually(request);
    },
  };
};
