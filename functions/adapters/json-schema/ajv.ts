/** The JsonSchemas port over Ajv (draft-07 and its usual keywords). */
import { Ajv, type ErrorObject, type Options, type ValidateFunction } from 'ajv';
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
/** How long compiling one may take: the cost grows faster than the schema (2,000 patterned properties: 1.3 s). */
export const COMPILE_TIME_MS = 1_000;

/** Ajv's words, but for a choice it does not spell out: the values allowed, so a caller can pick one. */
const messageOf = (error: ErrorObject): string => {
  if (error.keyword === 'enum')
    return `must be one of ${(error.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
  if (error.keyword === 'const')
    return `must be ${JSON.stringify((error.params as { allowedValue: unknown }).allowedValue)}`;
  return error.message ?? error.keyword;
};

export const createAjvSchemas = (): JsonSchemas => {
  // Only checks schemas against draft-07: it compiles none of them, so it keeps nothing of any caller.
  const meta = new Ajv(OPTIONS);
  return {
    compile: (schema): SchemaCheck => {
      let validate: ValidateFunction;
      try {
        validate = withinTime(() => {
          if (!meta.validateSchema(schema)) throw new Error(`schema is invalid: ${meta.errorsText(meta.errors)}`);
          // Each caller's schema gets a registry of its own (under a millisecond without the meta-schemas): a
          // shared one keeps every `$id` a schema declares, nested ones included, so the next caller's schema could
          // be refused for naming the same one, and the registry would grow with every request.
          return new Ajv({ ...OPTIONS, meta: false, validateSchema: false }).compile(schema);
        }, COMPILE_TIME_MS);
      } catch (error) {
        if (error instanceof TimeUpError)
          throw new Error(`it takes longer than ${COMPILE_TIME_MS} ms to compile: make it smaller`);
        throw error;
      }
      // An `$async` schema's check answers with a promise that rejects later, with nobody listening: the process
      // would end on the first value that does not fit.
      if ((validate as { $async?: unknown }).$async)
        throw new Error('asynchronous schemas ($async) are not supported: remove "$async"');
      return (value) => {
        try {
          if (withinTime(() => validate(value), CHECK_TIME_MS) === true) return [];
        } catch (error) {
          if (error instanceof TimeUpError)
            return [
              `(root) could not be checked within ${CHECK_TIME_MS} ms: a pattern of the schema backtracks without end on this value; simplify the pattern`,
            ];
          throw error;
        }
        return (validate.errors ?? []).map((error) => `${error.instancePath || '(root)'} ${messageOf(error)}`);
      };
    },
  };
};
