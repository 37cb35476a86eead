/**
 * Whether a field found on the page can take the value learnt for its parameter, and the value in the form
 * `setField` takes. A field found again (by a fallback locator or by its description) that is of another kind
 * fails loudly instead of receiving the value: text typed into a checkbox or a date put into a select would
 * "succeed" silently and wrongly.
 */
import type { FieldValue, FormFieldKind } from '../../ports/window-driver.js';

const TEXT = new Set<FormFieldKind>(['text', 'email', 'password', 'tel', 'url', 'search', 'textarea']);
const CHOICE = new Set<FormFieldKind>(['select', 'radio']);

/** A value learnt for `expected` may go into a field of kind `actual`. */
export const kindFits = (expected: FormFieldKind, actual: FormFieldKind): boolean => {
  if (expected === actual) return true;
  if (TEXT.has(expected)) return TEXT.has(actual);
  if (CHOICE.has(expected)) return CHOICE.has(actual);
  // Numbers and dates still read right in a plain text field (a redesigned form often drops the input type).
  if (
    expected === 'number' ||
    expected === 'date' ||
    expected === 'time' ||
    expected === 'datetime-local' ||
    expected === 'month' ||
    expected === 'week'
  )
    return actual === 'text';
  return false;
};

/**
 * The value the caller gave for a parameter, or undefined: only the object's own keys count, so a parameter named
 * `constructor` or `toString` that was not given is not Object's member of that name.
 */
export const givenValue = (parameters: Record<string, unknown>, name: string): unknown =>
  Object.hasOwn(parameters, name) ? parameters[name] : undefined;

/** A validated parameter value → what `setField` takes for a field of `kind`. */
export const fieldValue = (kind: FormFieldKind, value: unknown, multiple?: boolean): FieldValue => {
  if (kind === 'checkbox') return value === true;
  if (multiple && Array.isArray(value)) return value.map(String);
  return String(value);
};

/** How a value reads in a message (long text shortened). */
export const shown = (value: FieldValue): string => {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 40 ? `${JSON.stringify(text.slice(0, 37))}…` : JSON.stringify(text);
};
