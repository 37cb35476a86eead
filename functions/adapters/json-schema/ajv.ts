/** The JsonSchemas port over Ajv (draft-07 and its usual keywords). */
import { Ajv } from 'ajv';
import type { JsonSchemas, SchemaCheck } from '../../ports/json-schema.js';

export const createAjvSchemas = (): JsonSchemas => {
  // strict: false accepts the unknown keywords (titles, examples, vendor extensions) schemas in the wild carry;
  // allErrors reports every mismatch at once, so one retry can fix them all.
  const ajv = new Ajv({ strict: false, allErrors: true });
  return {
    compile: (schema): SchemaCheck => {
      const validate = ajv.compile(schema);
      return (value) => (validate(value) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath || '(root)'} ${error.message ?? error.keyword}`));
    },
  };
};
