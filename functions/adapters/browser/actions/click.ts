/**
 * Click an element of a snapshot with real mouse input: scroll it into view, move to a point of it that is not
 * covered, press and release there (twice for a double click, with the right button for a context click).
 */
import type { Page } from 'puppeteer-core';
import type { ActionOptions, ActionOutcome, ElementTarget } from '../../../ports/page-snapshot.js';
import { abortable } from './input/abortable.js';
import { withNavigation } from './input/navigation.js';
import { pointFor } from './input/point.js';

export type ClickType = 'click' | 'doubleClick' | 'rightClick';

export const click = (
  page: Page,
  target: ElementTarget,
  options: ActionOptions & { clickType?: ClickType },
  signal: AbortSignal,
): Promise<ActionOutcome> =>
  withNavigation(page, options.waitForNavigation, signal, async () => {
    const located = await pointFor(page, target, signal);
    if (!located.acted || !located.point) return located;
    const { x, y } = located.point;
    // puppeteer's click arrives before pressing, as a hand does (hover styles and menus that open on mouseover see
    // the pointer first): it sends the move, press and release at once, and Chromium handles them in that order.
    const clickType = options.clickType ?? 'click';
    await abortable(
      page.mouse.click(x, y, {
        button: clickType === 'rightClick' ? 'right' : 'left',
        count: clickType === 'doubleClick' ? 2 : 1,
      }),
      signal,
    );
    return located;
  });
