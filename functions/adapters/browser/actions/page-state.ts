/**
 * The page's visible text and a few facts about its state, read in one evaluation: what a monitor checks a
 * condition against, and how pagination tells that a click or a scroll brought something new. `innerText` is the
 * rendered text (hidden elements left out), and same-origin frames are read too, as a person sees them.
 */
import type { Page } from 'puppeteer-core';
import type { PageState } from '../../../ports/window-driver.js';
import { readSettled } from './input/settled.js';
import { evaluateInWorld } from './world.js';

/** A monitor reads the text on every check: far past any page a person reads, and it keeps one check cheap. */
const MAX_TEXT = 2_000_000;

const SCRIPT = String.raw`(max) => {
  const texts = [];
  let length = 0;
  const read = (doc) => {
    if (!doc || !doc.body || length >= max) return;
    const text = doc.body.innerText || '';
    texts.push(text);
    length += text.length;
    for (const frame of doc.querySelectorAll('iframe,frame')) {
      try { read(frame.contentDocument); } catch (e) { /* another origin: not readable, as for a person's copy */ }
    }
  };
  read(document);
  const next = document.querySelector('link[rel~="next" i][href], a[rel~="next" i][href]');
  const root = document.scrollingElement || document.documentElement;
  return {
    url: location.href,
    title: document.title,
    text: texts.join('\n').slice(0, max),
    scrollHeight: root.scrollHeight,
    scrollTop: Math.round(root.scrollTop),
    viewportHeight: innerHeight,
    nextHref: next ? next.href : undefined,
  };
}`;

export const pageState = async (page: Page, signal: AbortSignal): Promise<PageState> => {
  signal.throwIfAborted();
  return readSettled(page, signal, () => evaluateInWorld<PageState>(page, `(${SCRIPT})(${MAX_TEXT})`, signal));
};
