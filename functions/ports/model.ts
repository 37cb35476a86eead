/**
 * What operations need from a language model: pick the element a description means from a page snapshot written
 * as text, and answer a question about a page's content. The element choice is structured (an element id or
 * `none`, and why) so the core never parses prose; an answer is text, or JSON in the caller's schema. Every
 * answer carries the tokens it used, because credits are charged from them.
 */

export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
}

export interface ElementChoiceRequest {
  /** The snapshot as `serializeSnapshot` writes it: one line per element, each starting with its id. */
  snapshotText: string;
  /** The caller's words, e.g. `the blue "Continue" button under the price`. */
  description: string;
  /** What will be done with the element: `click`, `hover`, `type` or `scroll`. */
  intent: string;
  /**
   * The elements an offline resolver found closest (best first), when it could not decide alone: the answer is
   * most likely one of them. They are also listed at the top of `snapshotText`, so a model adapter that only
   * sends the text still shows them; an adapter may use this list to present them its own way.
   */
  candidates?: ElementCandidate[];
  signal?: AbortSignal;
}

/** An element an offline resolver proposes, as named in the snapshot text. */
export interface ElementCandidate {
  id: string;
  role: string;
  name: string;
  /** The innermost region it sits in (`nav`, `aside`, `form Search`…). */
  region?: string;
  /** The offline resolver's score, 0 to about 1.2. */
  score?: number;
}

export interface ElementChoice {
  /** An element id from the snapshot text, or `none` when no element fits. */
  choice: string;
  reason: string;
  usage: TokenUsage;
}

export interface Model {
  /** Short name for logs and messages: `claude`, … */
  readonly name: string;
  chooseElement(request: ElementChoiceRequest): Promise<ElementChoice>;
}

export interface AnswerRequest {
  /** How to answer: the operation's instruction (answer from the page only, summarize, …). */
  system: string;
  /** The caller's words. */
  question: string;
  /** What to answer from: the page's content as markdown. */
  context: string;
  /** When given, the answer is JSON for this JSON Schema (already parsed and checked to compile). */
  jsonSchema?: Record<string, unknown>;
  signal?: AbortSignal;
}

export interface Answer {
  /** Prose, or with a `jsonSchema` the answer serialized as JSON (not yet validated: the core does that). */
  text: string;
  usage: TokenUsage;
}

export interface VisualLocateRequest {
  /** A JPEG of part of the page, one image pixel per CSS pixel. */
  image: Buffer;
  width: number;
  height: number;
  description: string;
  /** What will be done at the point: `click`, `hover`, `type`. */
  intent: string;
  signal?: AbortSignal;
}

export interface VisualLocation {
  found: boolean;
  /** The point to act at, in image pixels from the top-left corner. */
  x: number;
  y: number;
  /** 0 to 1: how sure the model is that the point is on the element meant. */
  confidence: number;
  reason: string;
  usage: TokenUsage;
}

/**
 * A model that can also answer questions about a page. Kept apart from `Model` so element resolution (and its
 * test doubles) need only the one capability it uses; the adapters implement both.
 */
export interface AnsweringModel extends Model {
  answer(request: AnswerRequest): Promise<Answer>;
  /**
   * Where in a screenshot the described element is (visual analysis: canvases, images, widgets the DOM does not
   * name). Present only on models that read images.
   */
  locateVisually?(request: VisualLocateRequest): Promise<VisualLocation>;
}

/**
 * Why a model call gave no usable answer. `malformed_answer`: the model answered, but not in the asked shape
 * (its tokens were still spent, so `usage` is set); `unavailable`: the service kept failing (5xx, network) after
 * the retries; `rate_limited`: still throttled after the retries; `rejected`: the request itself was refused
 * (bad key, bad model name, too large).
 */
export type ModelErrorKind = 'malformed_answer' | 'unavailable' | 'rate_limited' | 'rejected';

export class ModelError extends Error {
  constructor(
    readonly kind: ModelErrorKind,
    message: string,
    readonly usage?: TokenUsage,
  ) {
    super(message);
    this.name = 'ModelError';
  }
}
