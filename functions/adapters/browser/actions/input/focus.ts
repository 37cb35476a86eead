/**
 * Focus and clearing for typing, read in the page: the focused element is looked for through shadow roots and
 * same-origin frames (where keys really go), and clearing selects the field's whole content so that one Delete
 * key press removes it, in an input, a text area or an editable region alike.
 *
 * Plain JavaScript run in the page (see `snapshot/script.ts` for why).
 */
import type { Page } from 'puppeteer-core';
import { REGISTRY } from '../snapshot/script.js';
import { evaluateInWorld } from '../world.js';

const HELPERS = String.raw`
  const TEXT_INPUTS = new Set(['', 'text', 'email', 'password', 'search', 'tel', 'url', 'number', 'date', 'datetime-local', 'month', 'time', 'week']);
  const deepActive = () => {
    let active = document.activeElement;
    for (;;) {
      if (active && active.shadowRoot && active.shadowRoot.activeElement) { active = active.shadowRoot.activeElement; continue; }
      if (active && (active.localName === 'iframe' || active.localName === 'frame')) {
        let doc = null;
        try { doc = active.contentDocument; } catch (error) { doc = null; }
        if (doc && doc.activeElement && doc.activeElement !== doc.body) { active = doc.activeElement; continue; }
      }
      return active;
    }
  };
  const editable = (node) => Boolean(node) && ((node.localName === 'input' && TEXT_INPUTS.has((node.getAttribute('type') || '').toLowerCase())) || node.localName === 'textarea' || node.isContentEditable);
`;

/** After the click that should have focused it: focus the element itself when focus landed on nothing editable. */
const FOCUS_SCRIPT = String.raw`(args) => {
${HELPERS}
  const list = window.${REGISTRY} && window.${REGISTRY}.byKey.get(args.key);
  const el = list && list[args.index];
  let active = deepActive();
  if (el && el.isConnected && !editable(active)) {
    const inner = editable(el) ? el : el.querySelector('input, textarea, [contenteditable=""], [contenteditable="true"]');
    if (inner) { inner.focus(); active = deepActive(); }
  }
  return { editable: editable(active), tag: active ? active.localName : '' };
}`;

const ACTIVE_SCRIPT = String.raw`() => {
${HELPERS}
  const active = deepActive();
  return { editable: editable(active), tag: active ? active.localName : '' };
}`;

/** Selects the focused field's content; answers how many characters were selected (0: nothing to clear). */
const SELECT_ALL_SCRIPT = String.raw`() => {
${HELPERS}
  const active = deepActive();
  if (!active) return 0;
  if (active.localName === 'input' || active.localName === 'textarea') { active.select(); return active.value.length; }
  if (!active.isContentEditable) return 0;
  let host = active;
  while (host.parentElement && host.parentElement.isContentEditable) host = host.parentElement;
  host.ownerDocument.getSelection().selectAllChildren(host);
  return host.textContent.length || (host.querySelector('img, br') ? 1 : 0);
}`;

/** Characters left in the focused field (0 for an editable region, which clears by selection reliably). */
const REMAINING_SCRIPT = String.raw`() => {
${HELPERS}
  const active = deepActive();
  return active && (active.localName === 'input' || active.localName === 'textarea') ? active.value.length : 0;
}`;

export interface FocusState {
  editable: boolean;
  tag: string;
}

export const ensureFocus = (page: Page, target: { key: string; index: number }, signal: AbortSignal) =>
  evaluateInWorld<FocusState>(page, `(${FOCUS_SCRIPT})(${JSON.stringify(target)})`, signal);

export const focusedElement = (page: Page, signal: AbortSignal) => evaluateInWorld<FocusState>(page, `(${ACTIVE_SCRIPT})()`, signal);

export const selectAllInFocused = (page: Page, signal: AbortSignal) => evaluateInWorld<number>(page, `(${SELECT_ALL_SCRIPT})()`, signal);

export const remainingInFocused = (page: Page, signal: AbortSignal) => evaluateInWorld<number>(page, `(${REMAINING_SCRIPT})()`, signal);
