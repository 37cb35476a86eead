/** A registered field's state now: what reading it back after filling needs. */
import { type RegisteredTarget, registered } from '../snapshot/page/registry.js';
import { asControl } from './dom.js';

export interface FieldState {
  value: string;
  checked: boolean;
  selected: string[];
}

export default function fieldState({ key, index }: RegisteredTarget): FieldState | null {
  const found = registered(key, index);
  if (!found) return null;
  const el = asControl(found);
  return {
    value: el.value as string,
    checked: el.checked as boolean,
    selected:
      el.localName === 'select' ? Array.from((found as HTMLSelectElement).selectedOptions).map((o) => o.value) : [],
  };
}
