/**
 * The click operation: locate the described element (snapshot → resolve), then click it with real mouse input.
 * An element that cannot be found, or several that fit equally, fail the operation without any click.
 */
import { navigationWait, unappliedOptions, type InteractionConfiguration } from './interaction.js';
import type { LocateDeps } from './locate.js';
import { pointAndAct } from './pointer.js';
import type { OperationResult } from './result.js';
import { canLocateVisually } from './visual.js';
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
    const clickType = body.configuration?.clickType ?? 'click';
    const options = { clickType, waitForNavigation: navigationWait(body.waitForNavigation, body.configuration) };
    const [done, todo] = VERBS[clickType];
    return pointAndAct(deps, driver, budget, {
      description: body.elementDescription,
      intent: 'click',
      visualAnalysis: body.configuration?.visualAnalysis,
      unapplied: unappliedOptions(body.configuration, body.waitForNavigation, {
        vision: canLocateVisually(deps.model),
      }),
      onElement: (element) => driver.click(element, options, budget.signal),
      atPoint: (seen) => driver.clickAt(seen.point, seen.scroll, options, budget.signal),
      words: (what) => [`${done} ${what}`, `${todo} ${what}`],
    });
  });
