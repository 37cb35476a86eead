/**
 * What the pointer operations (click, hover) share: locate the described element and act on it or, when the page's
 * structure has no element fitting the description and a model can see, act on the point visual analysis finds in
 * a screenshot. The answer says what was acted on and how it was found; a miss fails without any pointer input.
 */
import type { ActionOutcome, ElementTarget } from '../../ports/page-snapshot.js';
import type { WindowDriver } from '../../ports/window-driver.js';
import type { Intent } from '../resolve/resolver.js';
import type { Issue } from '../shared/issues.js';
import type { Budget } from './budget.js';
import { actionResult } from './interaction.js';
import { describeElement, locate, type LocateDeps } from './locate.js';
import { failed, type OperationResult } from './result.js';
import {
  describeVisualFind,
  visualFallback,
  visualNote,
  type VisualAnalysisConfig,
  type VisualFind,
} from './visual.js';

export interface PointerAction {
  description: string;
  intent: Intent;
  visualAnalysis?: VisualAnalysisConfig;
  /** Options the operation could not apply: they lead the warnings of every answer. */
  unapplied: Issue[];
  onElement(target: ElementTarget): Promise<ActionOutcome>;
  atPoint(find: VisualFind): Promise<ActionOutcome>;
  /** The answer's words around what was acted on (`the button "Save"`, `the point (x, y) where …`). */
  words(what: string): [done: string, failedTo: string];
}

export const pointAndAct = async (
  deps: LocateDeps,
  driver: WindowDriver,
  budget: Budget,
  action: PointerAction,
): Promise<OperationResult<string>> => {
  const located = await locate(deps, driver, action.description, action.intent, budget);
  if (!located.found) {
    const seen = await visualFallback(
      deps,
      driver,
      action.description,
      action.intent,
      action.visualAnalysis,
      budget,
      located.issue,
    );
    if (!seen || 'issue' in seen)
      return failed(seen?.issue ?? located.issue, {
        warnings: [...action.unapplied, ...located.warnings],
        credits: budget.credits,
      });
    const outcome = await action.atPoint(seen);
    const [done, failedTo] = action.words(describeVisualFind(seen, action.description));
    return actionResult(outcome, done, failedTo, [...action.unapplied, visualNote(seen)], budget.credits);
  }
  const outcome = await action.onElement(located.target);
  const [done, failedTo] = action.words(`the ${describeElement(located.element)}`);
  return actionResult(outcome, done, failedTo, [...action.unapplied, ...located.warnings], budget.credits);
};
