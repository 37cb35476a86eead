/** The hover operation: locate the described element, then move the mouse onto a visible point of it. */
import { actionResult, unappliedOptions, type InteractionConfiguration } from './interaction.js';
import { describeElement, locate, type LocateDeps } from './locate.js';
import { failed, type OperationResult } from './result.js';
import { canLocateVisually, describeVisualFind, visualFallback, visualNote } from './visual.js';
import { runWindowOperation, type OperationLimits } from './run.js';

export interface HoverBody extends OperationLimits {
  elementDescription: string;
  configuration?: InteractionConfiguration;
}

export const hoverElement = (
  deps: LocateDeps,
  target: { orgId: string; sessionId: string; windowId: string },
  body: HoverBody,
  signal?: AbortSignal,
): Promise<OperationResult<string>> =>
  runWindowOperation(deps, target, body, signal, async ({ driver, budget }) => {
    const unapplied = unappliedOptions(body.configuration, undefined, { vision: canLocateVisually(deps.model) });
    const located = await locate(deps, driver, body.elementDescription, 'hover', budget);
    if (!located.found) {
      const seen = await visualFallback(
        deps,
        driver,
        body.elementDescription,
        'hover',
        body.configuration?.visualAnalysis,
        budget,
        located.issue,
      );
      if (!seen || 'issue' in seen)
        return failed(seen?.issue ?? located.issue, {
          warnings: [...unapplied, ...located.warnings],
          credits: budget.credits,
        });
      const outcome = await driver.hoverAt(seen.point, seen.scroll, budget.signal);
      const what = describeVisualFind(seen, body.elementDescription);
      return actionResult(
        outcome,
        `Hovered over ${what}`,
        `hover over ${what}`,
        [...unapplied, visualNote(seen)],
        budget.credits,
      );
    }
    const outcome = await driver.hover(located.target, budget.signal);
    const what = describeElement(located.element);
    return actionResult(
      outcome,
      `Hovered over the ${what}`,
      `hover over the ${what}`,
      [...unapplied, ...located.warnings],
      budget.credits,
    );
  });
