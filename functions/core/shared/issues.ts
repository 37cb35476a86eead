/** An entry of a response's `errors` or `warnings` list. */
export interface Issue {
  message: string;
  code?: string;
  details?: Record<string, unknown>;
  reason?: string;
}
