/**
 * Failures below the SDKs' own error classes. The SDKs retry a request whose connection fails before an answer
 * starts; a reply whose body is cut off after the status line arrives (the server died, a proxy dropped the
 * connection) surfaces instead as the fetch body's `terminated` TypeError or as a JSON SyntaxError over the
 * truncated text. Both mean the service could not deliver an answer: `unavailable`, like a refused connection.
 */
export const cutShort = (error: unknown): boolean => {
  if (error instanceof SyntaxError) return true;
  if (!(error instanceof TypeError)) return false;
  const cause = (error as { cause?: { code?: unknown } }).cause;
  return error.message === 'terminated' || typeof cause?.code === 'string';
};
