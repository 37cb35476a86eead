/** What an operation may answer besides a plain body, and the one request-header lookup handlers and shapes use. */
import type { APIGatewayProxyEvent } from 'aws-lambda';

/** What an operation may return instead of a plain body: another status, extra headers, or a stream. */
export interface HttpReply {
  readonly kind: 'reply';
  status?: number;
  headers?: Record<string, string>;
  body: unknown;
}

export const reply = (
  body: unknown,
  options: { status?: number; headers?: Record<string, string> } = {},
): HttpReply => ({
  kind: 'reply',
  body,
  ...options,
});

export const isReply = (value: unknown): value is HttpReply =>
  typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'reply';

/** Header lookup that ignores case, as HTTP does. */
export const header = (event: APIGatewayProxyEvent, name: string): string | undefined => {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(event.headers ?? {})) {
    if (key.toLowerCase() === wanted && value !== undefined) return value;
  }
  return undefined;
};
