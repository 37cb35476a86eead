/**
 * Input at a point found by visual analysis (a canvas, an image map, a widget the DOM does not name): the page is
 * scrolled back to where the screenshot was taken, then the mouse goes to the point as a hand would.
 */
import type { Page } from 'puppeteer-core';
import type { ActionOptions, ActionOutcome } from '../../../ports/page-snapshot.js';
import type { ScrollPosition } from '../../../ports/window-driver.js';
import { abortable } from './input/abortable.js';
import { withNavigation } from './input/navigation.js';
import type { ClickType } from './click.js';
import { evaluateInWorld } from './world.js';

const scrollBack = (page: Page, scroll: ScrollPosition, signal: AbortSignal) =>
  evaluateInWorld(
    page,
    `window.scrollTo({ left: ${Number(scroll.left)}, top: ${Number(scroll.top)}, behavior: 'instant' })`,
    signal,
  );

export const clickAt = (
  page: Page,
  point: { x: number; y: number },
  scroll: ScrollPosition,
  options: ActionOptions & { clickType?: ClickType },
  signal: AbortSignal,
): Promise<ActionOutcome> =>
  withNavigation(page, options.waitForNavigation, signal, async () => {
    await scrollBack(page, scroll, signal);
    await abortable(page.mouse.move(point.x, point.y), signal);
    const clickType = options.clickType ?? 'click';
    await abortable(
      page.mouse.click(point.x, point.y, {
        button: clickType === 'rightClick' ? 'right' : 'left',
        count: clickType === 'doubleClick' ? 2 : 1,
      }),
      signal,
    );
    return { acted: true, point, notes: [] };
  });

export const hoverAt = async (
  page: Page,
  point: { x: number; y: number },
  scroll: ScrollPosition,
  signal: AbortSignal,
): Promise<ActionOutcome> => {
  await scrollBack(page, scroll, signal);
  await abortable(page.mouse.move(point.x, point.y), signal);
  return { acted: true, point, notes: [] };
};
