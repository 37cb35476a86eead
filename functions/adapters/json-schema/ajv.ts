/** The JsonSchemas port over Ajv (draft-07 and its usual keywords). */
import { Ajv, type Options } from 'ajv';
import type { JsonSchemas, SchemaCheck } from '../../ports/json-schema.js';
import { withinTime, TimeUpError } from './within-time.js';

// strict: false accepts the unknown keywords (titles, examples, vendor extensions) schemas in the wild carry;
// allErrors reports every mismatch at once, so one retry can fix them all; ownProperties reads only what the
// value holds, so a property named `constructor` or `toString` is absent until given (not Object's own member).
const OPTIONS: Options = { strict: false, allErrors: true, ownProperties: true };

/**
 * How long checking one value may take. A `pattern` that backtracks without end (`^(a+)+$`) would otherwise hold
 * the process's only thread for minutes on a value made to trip it, and every other org's request with it.
 */
export const CHECK_TIME_MS = 250;

export const createAjvSchemas = (): JsonSchemas => {
  // Only checks schemas against draft-07: it compiles none of them, so it keeps nothing of any caller.
  const meta = new Ajv(OPTIONS);
  return {
    compile: (schema): SchemaCheck => {
      if (!meta.validateSchema(schema)) throw new Error(`schema is invalid: ${meta.errorsText(meta.errors)}`);
      // Each caller's schema gets a registry of its own (under a millisecond without the meta-schemas): a shared
      // one keeps every `$id` a schema declares, nested ones included, so the next caller's schema could be
      // refused for naming the same one, and the registry would grow with every request.
      const validate = new Ajv({ ...OPTIONS, meta: false, validateSchema: false }).compile(schema);
      return (value) => {
        try {
          if (withinTime(() => validate(value), CHECK_TIME_MS)) return [];
        } catch (error) {
          if (error instanceof TimeUpError)
            return [
              `(root) could not be checked within ${CHECK_TIME_MS} ms: a pattern of the schema backtracks without end on this value; simplify the pattern`,
            ];
          throw error;
        }
        return (validate.errors ?? []).map(
          (error) => `${error.instancePath || '(root)'} ${error.message ?? error.keyword}`,
        );
      };
    },
  };
};
