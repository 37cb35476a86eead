/**
 * Element resolvers backed by a language model (the Model port).
 *
 * `ModelResolver` writes the snapshot as text, asks the model which element the description means, and maps the
 * id it answers back to the snapshot. An id the snapshot does not have is treated as "none" with a reason, never
 * guessed at. Its credits come from the tokens the call used (`credits.ts`).
 *
 * `cascadingResolver` is the cheap default when a model is configured: the offline resolver answers first, and the
 * model is asked only when that answer is "none" or "several". An easy description therefore costs 0 credits.
 */
import type { PageSnapshot } from '../../ports/page-snapshot.js';
import { ModelError, type Model } from '../../ports/model.js';
import { reachesText, snapshotFor } from './blocks.js';
import { creditsFor, DEFAULT_CREDIT_PRICES, type CreditPrices } from './credits.js';
import type { Candidate, ElementResolver, Resolution, ResolveOptions } from './resolver.js';
import { serializeElement, serializeSnapshot } from './serialize.js';

/** A model's pick is trusted like a good offline match, not like an exact one: it is still a judgement. */
const MODEL_CONFIDENCE = 0.8;

export class ModelResolver implements ElementResolver {
  readonly name: string;

  constructor(
    private readonly model: Model,
    private readonly prices: CreditPrices = DEFAULT_CREDIT_PRICES,
  ) {
    this.name = model.name;
  }

  async resolve(snapshot: PageSnapshot, description: string, options: ResolveOptions = {}): Promise<Resolution> {
    options.signal?.throwIfAborted();
    const intent = options.intent ?? 'click';
    // Text blocks are offered only to intents that may land on them (scrolling); ids stay those of the snapshot.
    const seen = snapshotFor(snapshot, intent);
    options.beforeModelCall?.();
    let choice;
    try {
      const snapshotText = serializeSnapshot(seen, { textBlocks: reachesText(intent) });
      const candidates = (options.candidates ?? []).filter((c) => seen.elements.some((e) => e.id === c.id));
      choice = await this.model.chooseElement({
        snapshotText: candidates.length ? `${candidatesText(seen, candidates)}\n\n${snapshotText}` : snapshotText,
        description,
        intent,
        ...(candidates.length ? { candidates } : {}),
        signal: options.signal,
      });
    } catch (error) {
      // An answer in the wrong shape still spent tokens: charge them, and say why nothing was found.
      if (error instanceof ModelError && error.kind === 'malformed_answer') {
        return {
          none: true,
          reason: `the language model's answer could not be read (${error.message})`,
          closest: [],
          credits: error.usage ? creditsFor(error.usage, this.prices) : 0,
        };
      }
      throw error;
    }
    const credits = creditsFor(choice.usage, this.prices);
    if (choice.choice.toLowerCase() === 'none') {
      return {
        none: true,
        reason: choice.reason || 'the language model found no element that fits',
        closest: [],
        credits,
      };
    }
    const match = seen.elements.find((element) => element.id === choice.choice);
    if (!match) {
      return {
        none: true,
        reason: `the language model named an element the page does not have (${JSON.stringify(choice.choice)}), so nothing was chosen`,
        closest: [],
        credits,
      };
    }
    return { match, confidence: MODEL_CONFIDENCE, credits };
  }
}

/**
 * The offline resolver's closest elements, written before the page: a model reads the few likely answers first
 * and checks them against the page, rather than searching thousands of lines for them.
 */
const candidatesText = (snapshot: PageSnapshot, candidates: Candidate[]): string => {
  const byId = new Map(snapshot.elements.map((element) => [element.id, element]));
  const lines = candidates.map((c) => serializeElement(byId.get(c.id)!));
  return `Likely candidates (the offline matcher could not decide among them; choose one of them if it fits, else any element of the page, or none):\n${lines.join('\n')}`;
};

/** The offline answer's near misses, kept when the model also finds nothing, so the caller still hears what was close. */
const closestOf = (resolution: Resolution): Candidate[] =>
  'none' in resolution ? resolution.closest : 'ambiguous' in resolution ? resolution.candidates : [];

/**
 * Offline first, model second. When the model cannot be asked (still failing after retries), the offline answer
 * stands, with the reason saying the model was unavailable; an abort (deadline, cancel) is never swallowed.
 */
export const cascadingResolver = (first: ElementResolver, second: ElementResolver): ElementResolver => ({
  name: `${first.name}+${second.name}`,
  async resolve(snapshot, description, options = {}) {
    const cheap = await first.resolve(snapshot, description, options);
    if ('match' in cheap) return cheap;
    let asked: Resolution;
    try {
      // The offline near misses go with the question: one short call chooses among them.
      asked = await second.resolve(snapshot, description, { ...options, candidates: closestOf(cheap) });
    } catch (error) {
      if (!(error instanceof ModelError) || options.signal?.aborted) throw error;
      return { ...cheap, reason: `${cheap.reason}; the language model could not be asked: ${error.message}` };
    }
    const credits = cheap.credits + asked.credits;
    if ('none' in asked && !asked.closest.length) return { ...asked, closest: closestOf(cheap), credits };
    return { ...asked, credits };
  },
});
