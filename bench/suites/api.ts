/**
 * The authenticated request path: GET /v1/sessions (auth + one records query + validation + render) over
 * loopback against `npm start`'s process, with 16 concurrent clients and with one.
 */
import { load, round, startServiceProcess } from '../support.js';

export const apiSuite = async (options: { seconds: number }) => {
  const service = await startServiceProcess();
  try {
    const target = { url: `${service.url}/v1/sessions`, headers: { authorization: `Bearer ${service.key}` } };
    await load({ ...target, connections: 4, seconds: 2 }); // warm-up: JIT, connection pools, auth cache
    const concurrent = await load({ ...target, connections: 16, seconds: options.seconds });
    const single = await load({ ...target, connections: 1, seconds: Math.max(2, Math.round(options.seconds / 2)) });
    return {
      startup: { readyMs: service.readyMs, processStartToReadyMs: round(service.startMs, 0) },
      listSessions16: concurrent,
      listSessions1: single,
    };
  } finally {
    await service.stop();
  }
};
