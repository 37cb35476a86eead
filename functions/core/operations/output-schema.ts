/**
 * The caller's `outputSchema`: a JSON Schema sent as a string. Compiled once per operation (an unusable schema is
 * the caller's error, said before any work), and used to check answers, which are JSON strings.
 */
import type { JsonSchemas, SchemaCheck } from '../../ports/json-schema.js';
import type { Issue } from '../shared/issues.js';

export type CompiledSchema = { schema: Record<string, unknown>; check: SchemaCheck };

/** The schema text of a configuration, when there is one. The official client sends an absent schema as "null". */
export const outputSchemaOf = (text: string | undefined): string | undefined => {
  const trimmed = text?.trim();
  return trimmed && trimmed !== 'null' ? trimmed : undefined;
};

/** The caller's schema string → a compiled validator, or the issue that says why it cannot be used. */
export const compileSchema = (schemas: JsonSchemas, text: string): CompiledSchema | { issue: Issue } => {
  let schema: unknown;
  try {
    schema = JSON.parse(text);
  } catch (error) {
    return { issue: { code: 'invalid_output_schema', message: `outputSchema is not valid JSON: ${(error as Error).message}` } };
  }
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) {
    return { issue: { code: 'invalid_output_schema', message: 'outputSchema must be a JSON Schema object' } };
  }
  try {
    return { schema: schema as Record<string, unknown>, check: schemas.compile(schema as Record<string, unknown>) };
  } catch (error) {
    return { issue: { code: 'invalid_output_schema', message: `outputSchema is not a usable JSON Schema: ${(error as Error).message}` } };
  }
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

