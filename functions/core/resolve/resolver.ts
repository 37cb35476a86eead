/**
 * The element resolver: a page snapshot and a plain-language description → the element meant, or an honest
 * "none" or "several". The offline resolver (`offline.ts`) implements it with no model; a model-backed resolver
 * can replace it or back it up behind the same interface (e.g. asked only when the offline one has no match).
 */
import type { PageSnapshot, SnapshotElement } from '../../ports/page-snapshot.js';
import type { Intent } from './score.js';

export type { Intent } from './score.js';

/** An element named in a "none" or "several" answer, so the caller can say what was close. */
export interface Candidate {
  id: string;
  role: string;
  name: string;
  /** The innermost region it sits in. */
  region?: string;
  score: number;
}

/** The element meant (confidence 0 to 1, with any equivalent ones), or none (with the closest elements), or several equally good. */
export type Answer =
  | {
      match: SnapshotElement;
      confidence: number;
      /** Other elements the description fits as well that do the same thing (links to the same place). */
      equivalents?: Candidate[];
    }
  | { none: true; reason: string; closest: Candidate[] }
  | { ambiguous: true; reason: string; candidates: Candidate[] };

export type Resolution = Answer & {
  /** Credits the resolution spent (model calls); 0 for the offline resolver. */
  credits: number;
};

export interface ResolveOptions {
  /** What will be done with the element: typing prefers fields, clicking prefers controls. */
  intent?: Intent;
  signal?: AbortSignal;
  /** Called before a model is asked; throws when the operation may not spend more (its cost threshold is reached). */
  beforeModelCall?: () => void;
  /** Elements an earlier resolver found closest (best first): a model is asked to choose among them first. */
  candidates?: Candidate[];
}

export interface ElementResolver {
  /** Short name for logs and messages: `offline`, `claude`, … */
  readonly name: string;
  resolve(snapshot: PageSnapshot, description: string, options?: ResolveOptions): Promise<Resolution>;
}
