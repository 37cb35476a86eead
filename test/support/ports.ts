import { createServer } from 'node:net';

/** A loopback port nothing listens on (any more): connections to it are refused. */
export const closedPort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
