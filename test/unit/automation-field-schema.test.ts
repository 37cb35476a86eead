/** The schema learnt for a form field's value: a page's own `pattern` is kept only where a JSON Schema can carry it. */
import { describe, expect, it } from 'vitest';
import { createAjvSchemas } from '../../functions/adapters/json-schema/ajv.js';
import { fieldSchema } from '../../functions/core/automations/schema.js';
import type { FormField } from '../../functions/ports/window-driver.js';

const textField = (pattern: string): FormField =>
  ({
    target: { snapshot: 's', element: 'e1' },
    kind: 'text',
    label: 'Code',
    required: true,
    pattern,
    visible: true,
    disabled: false,
    locators: {},
    description: 'the Code field',
    step: 0,
  }) as unknown as FormField;

describe('a learnt field schema', () => {
  it("keeps the page's pattern, anchored as the browser reads it, when it compiles", () => {
    const schema = fieldSchema(textField('[A-Z]{3}-\\d+'));
    expect(schema.pattern).toBe('^(?:[A-Z]{3}-\\d+)$');
    const check = createAjvSchemas().compile({ type: 'object', properties: { code: schema } });
    expect(check({ code: 'ABC-12' })).toEqual([]);
    expect(check({ code: 'abc' })).toEqual(['/code must match pattern "^(?:[A-Z]{3}-\\d+)$"']);
  });

  it.each([
    ['one the browser ignores, as no regular expression', '('],
    ['one only the newer v flag reads', '[\\p{L}--[a-z]]+'],
  ])('leaves out %s, so the stored schema still checks values', (_what, pattern) => {
    const schema = fieldSchema(textField(pattern));
    expect(schema).not.toHaveProperty('pattern');
    const check = createAjvSchemas().compile({ type: 'object', properties: { code: schema } });
    expect(check({ code: 'anything' })).toEqual([]);
  });
});
