/**
 * Type with real key events: focus the element by clicking it (or use whatever has focus), clear it when asked
 * (select all, then Delete: fields that ignore selection get Backspaces), type the text, then press Enter and
 * Tab in that order when asked.
 */
import type { Page } from 'puppeteer-core';
import type { ActionOutcome, TypeRequest } from '../../../ports/page-snapshot.js';
import { abortable } from './input/abortable.js';
import { ensureFocus, focusedElement, remainingInFocused, selectAllInFocused } from './input/focus.js';
import { KEYED_CHARS, KEYED_TAIL, pressTimes, typeText } from './input/keys.js';
import { withNavigation } from './input/navigation.js';
import { pointFor } from './input/point.js';

/** Backspaces at most, when selecting did not empty a field (e.g. an input type that refuses selection). */
const MAX_BACKSPACES = 2000;

const clearFocused = async (page: Page, signal: AbortSignal): Promise<void> => {
  if ((await selectAllInFocused(page, signal)) === 0) return;
  await abortable(page.keyboard.press('Delete'), signal);
  const left = Math.min(MAX_BACKSPACES, await remainingInFocused(page, signal));
  if (left === 0) return;
  await abortable(page.keyboard.press('End'), signal);
  await abortable(pressTimes(page, 'Backspace', left, signal), signal);
};

export const type = (page: Page, request: TypeRequest, signal: AbortSignal): Promise<ActionOutcome> =>
  withNavigation(page, request.waitForNavigation, signal, async () => {
    let outcome: ActionOutcome = { acted: true, notes: [] };
    if (request.target) {
      outcome = await pointFor(page, request.target, signal);
      if (!outcome.acted || !outcome.point) return outcome;
      await abortable(page.mouse.click(outcome.point.x, outcome.point.y), signal);
      const focus = await ensureFocus(
        page,
        { key: request.target.snapshot, index: Number(request.target.element.replace(/^e/, '')) },
        signal,
      );
      if (!focus.editable)
        outcome.notes.push({
          code: 'not_editable',
          message: `the element took the click but is not a text field (focus is on ${focus.tag || 'nothing'}); the keys went to it anyway`,
        });
    } else if (!(await focusedElement(page, signal)).editable) {
      outcome.notes.push({ code: 'nothing_focused', message: 'no text field has focus: the keys went to the page' });
    }
    if (request.clear) await clearFocused(page, signal);
    if (request.text) {
      const inserted = await abortable(typeText(page, request.text, signal), signal);
      if (inserted)
        outcome.notes.push({
          code: 'text_inserted',
          message: `the text is longer than ${KEYED_CHARS} characters: its first ${inserted} were inserted as a paste inserts them (input events, no key events) and its last ${KEYED_TAIL} typed as keys`,
        });
    }
    if (request.pressEnter) await abortable(page.keyboard.press('Enter'), signal);
    if (request.pressTab) await abortable(page.keyboard.press('Tab'), signal);
    return outcome;
  });
