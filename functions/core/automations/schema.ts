/**
 * A form's fields → the JSON Schema of its parameters. Names come from the labels a person reads (`Full name` →
 * `fullName`), so a caller can fill the form without seeing its markup; types, enums and `required` come from the
 * fields themselves.
 */
import type { FormField, FormFieldKind } from '../../ports/window-driver.js';

const TEXT_KINDS = new Set<FormFieldKind>(['text', 'email', 'password', 'tel', 'url', 'search', 'textarea', 'color']);
/** The formats a date-like input's value takes (what `value` of such an input reads). */
const PATTERNS: Partial<Record<FormFieldKind, [pattern: string, example: string]>> = {
  date: ['^\\d{4}-\\d{2}-\\d{2}$', 'YYYY-MM-DD'],
  time: ['^\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?$', 'HH:MM'],
  'datetime-local': ['^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2})?$', 'YYYY-MM-DDTHH:MM'],
  month: ['^\\d{4}-\\d{2}$', 'YYYY-MM'],
  week: ['^\\d{4}-W\\d{2}$', 'YYYY-Www'],
  color: ['^#[0-9a-fA-F]{6}$', '#rrggbb'],
};

/** `E-mail address *` → `eMailAddress`; falls back to `field` when nothing is left. */
export const parameterName = (label: string): string => {
  const words = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .slice(0, 6);
  if (!words.length) return 'field';
  const name = words
    .map((word, i) => (i === 0 ? word.toLowerCase() : word[0].toUpperCase() + word.slice(1).toLowerCase()))
    .join('');
  return /^[0-9]/.test(name) ? `field${name}` : name;
};

/** Unique parameter names, in field order (a second "Email" becomes `email2`). */
export const parameterNames = (fields: FormField[]): string[] => {
  const used = new Map<string, number>();
  return fields.map((field) => {
    const base = parameterName(field.label || field.name || field.id || field.kind);
    const count = (used.get(base) ?? 0) + 1;
    used.set(base, count);
    return count === 1 ? base : `${base}${count}`;
  });
};

const numberOr = (text: string | undefined): number | undefined =>
  text !== undefined && text !== '' && Number.isFinite(Number(text)) ? Number(text) : undefined;

/**
 * A page's `pattern` that a JSON Schema can carry: it must compile as one (ECMAScript, with the `u` flag). The
 * browser ignores a pattern it cannot compile (`(`), and reads one with the newer `v` flag that `u` may refuse
 * (`[\p{L}--[a-z]]`); kept as it is, the stored schema could never check a value again. Left out, the value
 * is still checked by the page itself when the form is sent.
 */
const isUsablePattern = (pattern: string): boolean => {
  try {
    new RegExp(`^(?:${pattern})$`, 'u');
    return true;
  } catch {
    return false;
  }
};

/** The schema of one field's value. */
export const fieldSchema = (field: FormField): Record<string, unknown> => {
  const title = field.label || field.name || field.kind;
  if (field.kind === 'checkbox') return { type: 'boolean', title, description: `Whether "${title}" is checked` };
  if (field.kind === 'number' || field.kind === 'range') {
    const min = numberOr(field.min);
    const max = numberOr(field.max);
    return {
      type: 'number',
      title,
      ...(min !== undefined ? { minimum: min } : {}),
      ...(max !== undefined ? { maximum: max } : {}),
    };
  }
  if (field.kind === 'select' || field.kind === 'radio') {
    const options = (field.options ?? []).filter((option) => option.value !== '');
    const choices = options.map((option) => option.value);
    const description = `One of: ${options.map((option) => (option.label && option.label !== option.value ? `${option.value} (${option.label})` : option.value)).join(', ')}`;
    if (field.multiple)
      return { type: 'array', title, items: { type: 'string', enum: choices }, uniqueItems: true, description };
    return { type: 'string', title, enum: choices, description };
  }
  const schema: Record<string, unknown> = { type: 'string', title };
  const pattern = PATTERNS[field.kind];
  if (pattern) Object.assign(schema, { pattern: pattern[0], description: `Format ${pattern[1]}` });
  else if (field.pattern && isUsablePattern(field.pattern)) schema.pattern = `^(?:${field.pattern})$`;
  if (field.kind === 'email') schema.description = 'An email address';
  if (field.maxLength !== undefined && field.maxLength >= 0 && TEXT_KINDS.has(field.kind))
    schema.maxLength = field.maxLength;
  if (field.required && TEXT_KINDS.has(field.kind)) schema.minLength = 1;
  return schema;
};

/** The parameters' schema: an object with one property per field, the form's required fields required. */
export const formSchema = (fields: FormField[], names: string[], title: string): Record<string, unknown> => ({
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  title,
  properties: Object.fromEntries(fields.map((field, i) => [names[i], fieldSchema(field)])),
  required: names.filter((_, i) => fields[i].required),
  additionalProperties: false,
});
