/**
 * Event streams an org holds open at once. The rate limit only slows how fast streams are opened; each open one
 * holds a socket, a heartbeat timer and a watch on the session's events for as long as the client keeps it, so
 * without a cap one org could hold enough of them to starve every other org of the process's sockets and memory.
 *
 * The count is in memory, per process. Under `npm start` that is the whole service. On AWS each stream is served by
 * its own function invocation (one request per container), so this count never passes 1 there: the cap on AWS is
 * the function's reserved concurrency and API Gateway's throttling, not this.
 */
export interface OrgStreams {
  /** A slot for one more stream of the org, and the call that gives it back (safe to call more than once); none when the org holds its limit. */
  take(orgId: string): (() => void) | undefined;
  /** Streams the org holds open now. */
  open(orgId: string): number;
  readonly limit: number;
}

export const orgStreams = (limit: number): OrgStreams => {
  const open = new Map<string, number>();
  return {
    limit,
    open: (orgId) => open.get(orgId) ?? 0,
    take(orgId) {
      const held = open.get(orgId) ?? 0;
      if (held >= limit) return undefined;
      open.set(orgId, held + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (open.get(orgId) ?? 1) - 1;
        // An org with nothing open has no entry, so the map holds only orgs with streams.
        if (left > 0) open.set(orgId, left);
        else open.delete(orgId);
      };
    },
  };
};
