/**
 * The focused element, looked for through shadow roots and same-origin frames (where keys really go), and whether
 * typing edits it.
 */
import { frameDocument, takesText } from '../../page/dom.js';

export interface FocusState {
  editable: boolean;
  tag: string;
}

export const deepActive = (): Element | null => {
  let active = document.activeElement;
  for (;;) {
    if (active && active.shadowRoot && active.shadowRoot.activeElement) {
      active = active.shadowRoot.activeElement;
      continue;
    }
    if (active && (active.localName === 'iframe' || active.localName === 'frame')) {
      const doc = frameDocument(active);
      if (doc && doc.activeElement && doc.activeElement !== doc.body) {
        active = doc.activeElement;
        continue;
      }
    }
    return active;
  }
};

export const editable = (node: Element | null): boolean =>
  Boolean(node) &&
  ((node!.localName === 'input' && takesText(node!)) ||
    node!.localName === 'textarea' ||
    (node as HTMLElement).isContentEditable === true);

export const focusState = (active: Element | null): FocusState => ({
  editable: editable(active),
  tag: active ? active.localName : '',
});

/** The focused text field (an input or a text area), when focus is on one. */
export const focusedField = (active: Element | null): HTMLInputElement | HTMLTextAreaElement | null =>
  active && (active.localName === 'input' || active.localName === 'textarea')
    ? (active as HTMLInputElement | HTMLTextAreaElement)
    : null;
