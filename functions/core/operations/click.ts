/**
 * The click operation: locate the described element (snapshot → resolve), then click it with real mouse input.
 * An element that cannot be found, or several that fit equally, fail the operation without any click.
 */
import { actionResult, navigationWait, unappliedOptions, type InteractionConfiguration } from './interaction.js';
import { describeElement, locate, type LocateDeps } from './locate.js';
import { failed, type OperationResult } from './result.js';
import { canLocateVisually, describeVisualFind, visualFallback, visualNote } from './visual.js';
import { runWindowOperation, type OperationLimits } from './run.js';

export type ClickType = 'click' | 'doubleClick' | 'rightClick';

export interface ClickBody extends OperationLimits {
  elementDescription: string;
  configuration?: InteractionConfiguration & { clickType?: ClickType };
  waitForNavigation?: boolean;
}

const VERBS: Record<ClickType, [done: string, todo: string]> = {
  click: ['Clicked', 'click'],
  doubleClick: ['Double-clicked', 'double-click'],
  rightClick: ['Right-clicked', 'right-click'],
};

export const clickElement = (
  deps: LocateDeps,
  target: { orgId: string; sessionId: string; windowId: string },
  body: ClickBody,
  signal?: AbortSignal,
): Promise<OperationResult<string>> =>
  runWindowOperation(deps, target, body, signal, async ({ driver, budget }) => {
    const unapplied = unappliedOptions(body.configuration, body.waitForNavigation, {
      vision: canLocateVisually(deps.model),
    });
    const located = await locate(deps, driver, body.elementDescription, 'click', budget);
    const clickType = body.configuration?.clickType ?? 'click';
    const [done, todo] = VERBS[clickType];
    if (!located.found) {
      const seen = await visualFallback(
        deps,
        driver,
        body.elementDescription,
        'click',
        body.configuration?.visualAnalysis,
        budget,
        located.issue,
      );
      if (!seen || 'issue' in seen)
        return failed(seen?.issue ?? located.issue, {
          warnings: [...unapplied, ...located.warnings],
          credits: budget.credits,
        });
      const outcome = await driver.clickAt(
        seen.point,
        seen.scroll,
        { clickType, waitForNavigation: navigationWait(body.waitForNavigation, body.configuration) },
        budget.signal,
      );
      const what = describeVisualFind(seen, body.elementDescription);
      return actionResult(
        outcome,
        `${done} ${what}`,
        `${todo} ${what}`,
        [...unapplied, visualNote(seen)],
        budget.credits,
      );
    }
    const outcome = await driver.click(
      located.target,
      { clickType, waitForNavigation: navigationWait(body.waitForNavigation, body.configuration) },
      budget.signal,
    );
    const what = describeElement(located.element);
    return actionResult(
      outcome,
      `${done} the ${what}`,
      `${todo} the ${what}`,
      [...unapplied, ...located.warnings],
      budget.credits,
    );
  });
