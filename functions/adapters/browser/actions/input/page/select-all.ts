/**
 * Selects the focused field's whole content, so that one Delete key press removes it, in an input, a text area
 * or an editable region alike; answers how many characters were selected (0: nothing to clear).
 */
import { deepActive, focusedField } from './focused.js';

export default function selectAll(): number {
  const active = deepActive();
  if (!active) return 0;
  const field = focusedField(active);
  if (field) {
    field.select();
    return field.value.length;
  }
  if (!(active as HTMLElement).isContentEditable) return 0;
  let host = active;
  while (host.parentElement && host.parentElement.isContentEditable) host = host.parentElement;
  host.ownerDocument.getSelection()!.selectAllChildren(host);
  return (host.textContent || '').length || (host.querySelector('img, br') ? 1 : 0);
}
