/**
 * Types for the two CommonJS emulators, covering only what embedded-aws.ts uses (neither ships its own).
 */
declare module 'dynalite' {
  import type { Server } from 'node:http';

  interface DynaliteOptions {
    /** LevelDB directory; in memory when omitted. */
    path?: string;
    createTableMs?: number;
    deleteTableMs?: number;
    updateTableMs?: number;
    maxItemSizeKb?: number;
    verbose?: boolean;
    debug?: boolean;
  }

  /** An http.Server whose close() also closes the database. */
  function dynalite(options?: DynaliteOptions): Server;
  export = dynalite;
}

declare module 's3rver' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }

  class S3rver {
    constructor(options?: S3rverOptions);
    /** A request handler for an http.Server of one's own. */
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
  }
  export = S3rver;
}
