/** The JsonSchemas port over Ajv (draft-07 and its usual keywords). */
import { Ajv } from 'ajv';
import type { JsonSchemas, SchemaCheck } from '../../ports/json-schema.js';

export const createAjvSchemas = (): JsonSchemas => {
  // strict: false accepts the unknown keywords (titles, examples, vendor extensions) schemas in the wild carry;
  // allErrors reports every mismatch at once, so one retry can fix them all; ownProperties reads only what the
  // value holds, so a property named `constructor` or `toString` is absent until given (not Object's own member).
  const ajv = new Ajv({ strict: false, allErrors: true, ownProperties: true });
  return {
    compile: (schema): SchemaCheck => {
      // Callers' schemas arrive with each request: Ajv would keep every one (and refuse a second schema with the
      // same `$id`), so each is dropped from its registry once compiled; the compiled check stays usable.
      let validate: ReturnType<typeof ajv.compile>;
      try {
        validate = ajv.compile(schema);
      } finally {
        ajv.removeSchema(schema as object);
      }
      return (value) =>
        validate(value)
          ? []
          : (validate.errors ?? []).map(
              (error) => `${error.instancePath || '(root)'} ${error.message ?? error.keyword}`,
            );
    },
  };
};
