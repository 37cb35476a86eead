/** After the click that should have focused it: focus the element itself when focus landed on nothing editable. */
import { type RegisteredTarget, registered } from '../../snapshot/page/registry.js';
import { deepActive, editable, type FocusState, focusState } from './focused.js';

export default function ensureFocus({ key, index }: RegisteredTarget): FocusState {
  const el = registered(key, index);
  let active = deepActive();
  if (el && !editable(active)) {
    const inner = editable(el)
      ? el
      : el.querySelector<HTMLElement>('input, textarea, [contenteditable=""], [contenteditable="true"]');
    if (inner) {
      (inner as HTMLElement).focus();
      active = deepActive();
    }
  }
  return focusState(active);
}
