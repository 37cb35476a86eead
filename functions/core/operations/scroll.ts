/**
 * The scroll operation, with the interface's precedence: `scrollToElement` given → nothing else runs (the element
 * is located among the page's controls and its text blocks, paragraphs, list items, rows, as only the scroll intent
 * considers them, and brought into view); `scrollToEdge` runs before `scrollBy`, and both run when
 * both are given. `scrollWithin` names the box that scrolls (a chat pane, a results list): it is resolved among the
 * page's scrolling boxes like any element, and both `scrollToEdge` and `scrollBy` then move that box; a box that
 * cannot be found fails the operation without moving anything (a scroll of the wrong thing would be worse).
 */
import type { ScrollAmount, ScrollOutcome, ScrollRequest } from '../../ports/window-driver.js';
import { describeElement, locate, locateIn, type LocateDeps } from './locate.js';
import { BadRequestError } from '../shared/errors.js';
import type { Issue } from '../shared/issues.js';
import { failed, succeeded, type OperationResult } from './result.js';
import { runWindowOperation, type OperationLimits } from './run.js';

export interface ScrollBody extends OperationLimits {
  scrollBy?: { xAxis?: string; yAxis?: string };
  scrollToEdge?: { xAxis?: 'left' | 'right'; yAxis?: 'top' | 'bottom' };
  scrollToElement?: string;
  scrollWithin?: string;
}

/** `"200px"`, `"-50%"`, `"120"` (pixels): the wire format of ScrollByConfig, already checked by the schema. */
export const parseScrollAmount = (text: string | undefined): ScrollAmount | undefined => {
  if (text === undefined) return undefined;
  const match = /^([+-]?\d+(?:\.\d+)?)(px|%)?$/.exec(text.trim());
  if (!match) throw new BadRequestError(`scroll amount "${text}" must be pixels or a percentage, e.g. "200px", "-50%"`);
  return { value: Number(match[1]), unit: match[2] === '%' ? '%' : 'px' };
};

const PAGE_EDGE =
  /^\s*(?:(?:go|scroll|jump)\s+)?(?:to\s+)?(?:the\s+)?(?:very\s+)?(top|start|beginning|head|bottom|end|foot)\s+of\s+(?:the\s+|this\s+)?(?:web\s*)?(?:page|document)\s*$/i;

/** The edge of the page a description names whole ("the end of the page"), if it names one. */
export const pageEdgeOf = (description: string): 'top' | 'bottom' | undefined => {
  const which = PAGE_EDGE.exec(description)?.[1]?.toLowerCase();
  if (!which) return undefined;
  return which === 'bottom' || which === 'end' || which === 'foot' ? 'bottom' : 'top';
};

export const planScroll = (body: ScrollBody): ScrollRequest => {
  const edge = body.scrollToEdge;
  const x = parseScrollAmount(body.scrollBy?.xAxis);
  const y = parseScrollAmount(body.scrollBy?.yAxis);
  return {
    ...(edge?.xAxis || edge?.yAxis ? { toEdge: { x: edge.xAxis, y: edge.yAxis } } : {}),
    ...(x || y ? { by: { x, y } } : {}),
  };
};

const point = (p: { left: number; top: number }) => `(${p.left}, ${p.top})`;

export const describeScroll = (outcome: ScrollOutcome): string => {
  const moved = outcome.after.left !== outcome.before.left || outcome.after.top !== outcome.before.top;
  const where = `${point(outcome.after)} of ${point(outcome.max)}`;
  const inside = outcome.container && outcome.container !== 'page' ? ` inside ${outcome.container}` : '';
  const view = `viewport ${outcome.viewport.width}×${outcome.viewport.height}`;
  return moved
    ? `Scrolled to ${where}${inside}, from ${point(outcome.before)}; ${view}.`
    : `Did not move: already at ${where}${inside}; ${view}.`;
};

export const scrollWindow = (
  deps: LocateDeps,
  target: { orgId: string; sessionId: string; windowId: string },
  body: ScrollBody,
  signal?: AbortSignal,
): Promise<OperationResult<string>> => {
  const request = planScroll(body);
  return runWindowOperation(deps, target, body, signal, async ({ driver, budget }) => {
    // "The end of the page", "the top of the page": a place, not an element that says "end" (a sentence "at the
    // end of execution" somewhere in the middle); the page is scrolled to that edge.
    const edge = body.scrollToElement !== undefined ? pageEdgeOf(body.scrollToElement) : undefined;
    if (edge) {
      const scrolled = await driver.scroll({ toEdge: { y: edge } }, budget.signal);
      return succeeded(`Scrolled to the ${edge} of the page. ${describeScroll(scrolled)}`, { credits: budget.credits });
    }
    if (body.scrollToElement !== undefined) {
      const located = await locate(deps, driver, body.scrollToElement, 'scroll', budget);
      if (!located.found) return failed(located.issue, { warnings: located.warnings, credits: budget.credits });
      const outcome = await driver.scrollIntoView(located.target, budget.signal);
      // Covered (by a sticky bar, a dialog) still means scrolled to; only a gone or invisible element is a failure.
      if (!outcome.acted && outcome.code !== 'element_covered')
        return failed(
          {
            code: outcome.code,
            message: `could not scroll to the ${describeElement(located.element)}: ${outcome.message}`,
          },
          { warnings: located.warnings, credits: budget.credits },
        );
      // Read with the scroll itself; a driver that could not read it then is asked where the page is now.
      const scrolled = outcome.scroll ?? (await driver.scroll({}, budget.signal));
      return succeeded(`Scrolled to the ${describeElement(located.element)}. ${describeScroll(scrolled)}`, {
        warnings: located.warnings,
        credits: budget.credits,
      });
    }
    const warnings: Issue[] =
      request.toEdge || request.by
        ? []
        : [
            {
              code: 'nothing_to_scroll',
              message: 'neither scrollBy nor scrollToEdge was given: the page was not scrolled',
            },
          ];
    if (body.scrollWithin !== undefined) {
      const boxes = await driver.scrollContainers(budget.signal);
      budget.check();
      if (!boxes.elements.length)
        return failed(
          {
            code: 'element_not_found',
            message: `no scrolling box matches "${body.scrollWithin}": the page has no box that scrolls (only the page itself)`,
            details: { field: 'scrollWithin' },
          },
          { credits: budget.credits },
        );
      const located = await locateIn(deps, boxes, body.scrollWithin, 'scroll', budget);
      if (!located.found)
        return failed(
          { ...located.issue, details: { ...located.issue.details, field: 'scrollWithin' } },
          { warnings: located.warnings, credits: budget.credits },
        );
      try {
        const outcome = await driver.scroll({ ...request, within: located.target }, budget.signal);
        return succeeded(describeScroll(outcome), {
          warnings: [...located.warnings, ...warnings],
          credits: budget.credits,
        });
      } catch (error) {
        if ((error as { code?: string }).code !== 'element_stale') throw error;
        return failed(
          { code: 'element_stale', message: (error as Error).message, details: { field: 'scrollWithin' } },
          { warnings: located.warnings, credits: budget.credits },
        );
      }
    }
    const outcome = await driver.scroll(request, budget.signal);
    return succeeded(describeScroll(outcome), { warnings });
  });
};
