/**
 * Bring an element of a snapshot into view (centred), as scrolling to it would, without touching the mouse; with
 * where the page was before and after. The three are one `Runtime.evaluate`: the position read (`page-scroll`
 * asked to move nothing), the pointing script that centres the element and waits its frame, and the read again.
 */
import type { Page } from 'puppeteer-core';
import type { ElementTarget } from '../../../ports/page-snapshot.js';
import type { ScrolledIntoView } from '../../../ports/window-driver.js';
import { isContextLost } from './input/settled.js';
import { source as POINT_SCRIPT } from './input/page/point.generated.js';
import { source as SCROLL_SCRIPT } from './screenshot/page/page-scroll.generated.js';
import { evaluateInWorld } from './world.js';

/** Nothing to move: page-scroll only reports where the page is, looking at the vertical scroller. */
const READ = JSON.stringify({ axes: ['y'] });

export const scrollIntoView = async (
  page: Page,
  target: ElementTarget,
  signal: AbortSignal,
): Promise<ScrolledIntoView> => {
  signal.throwIfAborted();
  const args = JSON.stringify({ key: target.snapshot, index: Number(target.element.replace(/^e/, '')) });
  const expression = `(async () => {
    const read = ${SCROLL_SCRIPT};
    const before = await read(${READ});
    const outcome = await (${POINT_SCRIPT})(${args});
    const after = await read(${READ});
    return { ...outcome, scroll: { ...after, before: before.after } };
  })()`;
  try {
    return await evaluateInWorld<ScrolledIntoView>(page, expression, signal);
  } catch (error) {
    if (!isContextLost(error) || signal.aborted) throw error;
    return { acted: false, code: 'element_stale', message: 'the page navigated after the element was found' };
  }
};
