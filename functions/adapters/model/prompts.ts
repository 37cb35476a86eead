/**
 * What every model adapter asks and how it reads the reply, whatever the provider's API: the instructions, the
 * shapes of the structured answers (as JSON Schemas, sent as tools or response formats), and the checks that turn
 * a provider's reply into the port's answer or a `malformed_answer`. Kept in one place so Claude, Claude on
 * Bedrock and OpenAI-compatible servers are asked the same thing and judged by the same rules.
 */
import {
  ModelError,
  type ElementChoice,
  type ElementChoiceRequest,
  type TokenUsage,
  type VisualLocateRequest,
  type VisualLocation,
} from '../../ports/model.js';

export const CHOOSE_TOOL = 'choose_element';
export const LOCATE_TOOL = 'locate_element';
export const ANSWER_TOOL = 'answer';

/** An element id, `none` and a sentence of reason fit well within this. */
export const MAX_OUTPUT_TOKENS = 512;
/** Room for a long extraction (a table of items as JSON) without letting one answer run up unbounded credits. */
export const MAX_ANSWER_TOKENS = 4096;

export const CHOOSE_SYSTEM = [
  'You pick the one element of a web page that a description refers to.',
  'The page is given as one line per element: its id first (e.g. e12), then its role, accessible name, other texts,',
  'state and its top-left position as @x,y. Bracketed lines name the region the following elements sit in.',
  `Answer only by calling ${CHOOSE_TOOL}: the id of the element meant, or "none" when no element fits.`,
  'Never invent an id. Prefer elements that can take the intended action.',
].join(' ');

export const CHOOSE_DESCRIPTION = 'Report the element of the page that the description refers to, or none.';

export const CHOOSE_SCHEMA = {
  type: 'object',
  properties: {
    elementId: {
      type: 'string',
      description: 'The id of the chosen element exactly as written at the start of its line (e.g. "e12"), or "none".',
    },
    reason: { type: 'string', description: 'One short sentence: why this element, or why none fits.' },
  },
  required: ['elementId', 'reason'],
} as const;

export const chooseUserText = (request: ElementChoiceRequest): string =>
  `Page:\n${request.snapshotText}\n\nIntended action: ${request.intent}\nDescription: ${request.description}`;

/** The element choice out of a tool call's input (or a JSON reply of the same shape). */
export const readChoice = (input: unknown, usage: TokenUsage): ElementChoice => {
  const fields = (input && typeof input === 'object' ? input : null) as {
    elementId?: unknown;
    reason?: unknown;
  } | null;
  if (!fields || typeof fields.elementId !== 'string' || !fields.elementId.trim()) {
    throw new ModelError(
      'malformed_answer',
      `the language model's ${CHOOSE_TOOL} answer has no elementId string`,
      usage,
    );
  }
  return { choice: fields.elementId.trim(), reason: typeof fields.reason === 'string' ? fields.reason : '', usage };
};

export const VISUAL_SYSTEM = [
  'You find one element in a screenshot of part of a web page.',
  `Answer only by calling ${LOCATE_TOOL}: whether the described element is visible in the image, and if so the pixel`,
  'coordinates of a point on it where a person would click, measured from the top-left corner of the image.',
  'When it is not in the image, say found false. Never guess a point for something you cannot see.',
].join(' ');

export const LOCATE_DESCRIPTION = 'Report where in the image the described element is, or that it is not there.';

export const LOCATE_SCHEMA = {
  type: 'object',
  properties: {
    found: { type: 'boolean' },
    x: { type: 'number', description: 'Horizontal pixel from the left edge of the image.' },
    y: { type: 'number', description: 'Vertical pixel from the top edge of the image.' },
    confidence: { type: 'number', description: 'From 0 to 1.' },
    reason: { type: 'string', description: 'One short sentence.' },
  },
  required: ['found', 'reason'],
} as const;

export const locateUserText = (request: VisualLocateRequest): string =>
  `The image is ${request.width}×${request.height} pixels.\nIntended action: ${request.intent}\nDescription: ${request.description}`;

/** The point out of a locate answer; a point outside the image is no answer: acting there would hit something else. */
export const readLocation = (input: unknown, request: VisualLocateRequest, usage: TokenUsage): VisualLocation => {
  const fields = (input && typeof input === 'object' ? input : null) as {
    found?: unknown;
    x?: unknown;
    y?: unknown;
    confidence?: unknown;
    reason?: unknown;
  } | null;
  if (!fields || typeof fields.found !== 'boolean')
    throw new ModelError(
      'malformed_answer',
      `the language model answered without a ${LOCATE_TOOL} answer saying found true or false`,
      usage,
    );
  const reason = typeof fields.reason === 'string' ? fields.reason : '';
  if (!fields.found) return { found: false, x: 0, y: 0, confidence: 0, reason, usage };
  const x = Number(fields.x);
  const y = Number(fields.y);
  if (!Number.isFinite(x) || !Number.isFinite(y) || x < 0 || y < 0 || x > request.width || y > request.height) {
    throw new ModelError(
      'malformed_answer',
      `the language model's point (${String(fields.x)}, ${String(fields.y)}) is not inside the ${request.width}×${request.height} image`,
      usage,
    );
  }
  const confidence = typeof fields.confidence === 'number' ? Math.min(1, Math.max(0, fields.confidence)) : 0.5;
  return { found: true, x: Math.round(x), y: Math.round(y), confidence, reason, usage };
};

export const ANSWER_DESCRIPTION = 'Give the answer, in exactly the shape of this input schema.';

export const answerUserText = (context: string, question: string): string =>
  `Page content (markdown):\n${context}\n\nRequest: ${question}`;

/**
 * Tool inputs and most structured-output modes take only object schemas; any other schema (an array, a string) is
 * wrapped as the `value` of an object and unwrapped from the answer, so callers may ask for any JSON shape.
 */
export const objectSchemaFor = (
  schema: Record<string, unknown>,
): { schema: Record<string, unknown>; wrapped: boolean } =>
  schema.type === 'object'
    ? { schema, wrapped: false }
    : { schema: { type: 'object', properties: { value: schema }, required: ['value'] }, wrapped: true };

export const unwrapAnswer = (input: unknown, wrapped: boolean): unknown =>
  wrapped ? (input as { value?: unknown } | null)?.value : input;
