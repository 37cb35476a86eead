/**
 * What operations need of JSON Schema: compile a caller's schema once, then check values against it. Behind a port
 * so the core holds no validator library; the mismatches come back as short readable lines, ready to show a model
 * (for a retry) or a caller (in an error).
 */

/** The mismatches of a value with the schema (`/price must be number`); empty when it fits. */
export type SchemaCheck = (value: unknown) => string[];

export interface JsonSchemas {
  /** Throws an Error saying why when the schema cannot be used (unknown type, bad keyword value, …). */
  compile(schema: Record<string, unknown>): SchemaCheck;
}
