/** Picks options of a select, or sets a picker kind's value, as its picker would; answers an outcome. */
import type { FieldOutcome, FieldValue } from '../../../../ports/window-driver.js';
import { type RegisteredTarget, registered } from '../snapshot/page/registry.js';

export default function fieldSet({ key, index, value }: RegisteredTarget & { value: FieldValue }): FieldOutcome {
  const el = registered(key, index) as HTMLInputElement | HTMLSelectElement | null;
  if (!el) return { acted: false, code: 'element_stale', message: 'the field is no longer on the page' };
  el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
  el.focus();
  const view = el.ownerDocument.defaultView as Window & typeof globalThis;
  const fire = () => {
    el.dispatchEvent(new view.Event('input', { bubbles: true, composed: true }));
    el.dispatchEvent(new view.Event('change', { bubbles: true }));
  };
  if (el.localName === 'select') {
    const select = el as HTMLSelectElement;
    const wanted = Array.isArray(value) ? value : [value];
    const options = Array.from(select.options);
    const label = (o: HTMLOptionElement) => (o.label || o.text || '').replace(/\s+/g, ' ').trim().toLowerCase();
    const picked = wanted.map(
      (w) => options.find((o) => o.value === w) || options.find((o) => label(o) === String(w).toLowerCase()),
    );
    const missing = wanted.filter((w, i) => !picked[i]);
    if (missing.length) {
      return {
        acted: false,
        code: 'option_missing',
        message:
          'no option ' +
          missing.map((m) => JSON.stringify(m)).join(', ') +
          ' in the list; it offers ' +
          options.map((o) => JSON.stringify(o.value)).join(', '),
      };
    }
    if (select.multiple) for (const o of options) o.selected = picked.includes(o);
    else select.selectedIndex = options.indexOf(picked[0]!);
    fire();
    return { acted: true, notes: [] };
  }
  const setter = Object.getOwnPropertyDescriptor(view.HTMLInputElement.prototype, 'value')!.set!;
  setter.call(el, value);
  fire();
  if (el.value !== value) {
    return {
      acted: false,
      code: 'value_not_taken',
      message: 'the field did not accept ' + JSON.stringify(value) + ' (it holds ' + JSON.stringify(el.value) + ')',
    };
  }
  return { acted: true, notes: [] };
}
