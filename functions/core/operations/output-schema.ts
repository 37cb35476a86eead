/**
 * The caller's `outputSchema`: a JSON Schema sent as a string. Checked when the request is validated (an unusable
 * schema is a 422, before any work), compiled once per operation, and used to check answers, which are JSON strings.
 */
import type { JsonSchemas, SchemaCheck } from '../../ports/json-schema.js';
import type { Issue } from '../shared/issues.js';

export type CompiledSchema = { schema: Record<string, unknown>; check: SchemaCheck };

/** The schema text of a configuration, when there is one. The official client sends an absent schema as "null". */
export const outputSchemaOf = (text: string | undefined): string | undefined => {
  const trimmed = text?.trim();
  return trimmed && trimmed !== 'null' ? trimmed : undefined;
};

/**
 * The caller's schema text → the schema and its compiled validator, or why it cannot be used, said of the field
 * (`is not valid JSON: …`). The one check of an `outputSchema`: the request schemas refine with it (a 422 naming
 * `body.configuration.outputSchema`), and the operations compile with it.
 */
export const readOutputSchema = (schemas: JsonSchemas, text: string): CompiledSchema | { problem: string } => {
  let schema: unknown;
  try {
    schema = JSON.parse(text);
  } catch (error) {
    return { problem: `is not valid JSON: ${(error as Error).message}` };
  }
  if (!schema || typeof schema !== 'object' || Array.isArray(schema))
    return { problem: 'must be a JSON Schema object' };
  try {
    return { schema: schema as Record<string, unknown>, check: schemas.compile(schema as Record<string, unknown>) };
  } catch (error) {
    return { problem: `is not a usable JSON Schema: ${(error as Error).message}` };
  }
};

/** The caller's schema string → a compiled validator, or the issue that says why it cannot be used. */
export const compileSchema = (schemas: JsonSchemas, text: string): CompiledSchema | { issue: Issue } => {
  const read = readOutputSchema(schemas, text);
  return 'problem' in read
    ? { issue: { code: 'invalid_output_schema', message: `outputSchema ${read.problem}` } }
    : read;
};

/** The answer's mismatches with the schema, or none when it fits. */
export const mismatches = (text: string, check: SchemaCheck): string[] => {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return ['the answer is not JSON'];
  }
  return check(value);
};
