/**
 * Clients that send a request head and then reset the connection (RST, not FIN) a moment later, as a browser
 * that gives up does. A proxy that meets them with a socket lacking an error listener dies of an uncaught
 * ECONNRESET; the counts of such exceptions seen while they ran are returned so a test can say "none".
 */
import { connect } from 'node:net';

/** The uncaught exceptions of this process while `run` runs (a test says "none"). */
export const uncaughtWhile = async (run: () => Promise<void>): Promise<string[]> => {
  const seen: string[] = [];
  const record = (error: unknown) => seen.push(String(error));
  process.on('uncaughtException', record);
  try {
    await run();
  } finally {
    process.off('uncaughtException', record);
  }
  return seen;
};

export const resetAfterSending = (port: number, heads: string[], rounds = 20): Promise<string[]> =>
  uncaughtWhile(async () => {
    for (let round = 0; round < rounds; round += 1) {
      for (const head of heads) {
        await new Promise<void>((resolve) => {
          const socket = connect(port, '127.0.0.1', () => {
            socket.write(head);
            // Spread over the first milliseconds: before, while and after the proxy answers.
            setTimeout(() => (socket.resetAndDestroy(), resolve()), round % 5);
          });
          socket.on('error', () => resolve());
        });
      }
    }
    // Resets arrive after the client side is gone; give the proxy's side time to read them.
    await new Promise((resolve) => setTimeout(resolve, 200));
  });
