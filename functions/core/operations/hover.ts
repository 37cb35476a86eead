/** The hover operation: locate the described element, then move the mouse onto a visible point of it. */
import { unappliedOptions, type InteractionConfiguration } from './interaction.js';
import type { LocateDeps } from './locate.js';
import { pointAndAct } from './pointer.js';
import type { OperationResult } from './result.js';
import { canLocateVisually } from './visual.js';
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
  runWindowOperation(deps, target, body, signal, async ({ driver, budget }) =>
    pointAndAct(deps, driver, budget, {
      description: body.elementDescription,
      intent: 'hover',
      visualAnalysis: body.configuration?.visualAnalysis,
      unapplied: unappliedOptions(body.configuration, undefined, { vision: canLocateVisually(deps.model) }),
      onElement: (element) => driver.hover(element, budget.signal),
      atPoint: (seen) => driver.hoverAt(seen.point, seen.scroll, budget.signal),
      words: (what) => [`Hovered over ${what}`, `hover over ${what}`],
    }),
  );
