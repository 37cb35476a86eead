/** Characters left in the focused field (0 for an editable region, which clears by selection reliably). */
import { deepActive, focusedField } from './focused.js';

export default function remaining(): number {
  const field = focusedField(deepActive());
  return field ? field.value.length : 0;
}
