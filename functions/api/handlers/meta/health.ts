import { defineOperation } from '../../operation.js';

/** Alive: answered by the process alone, so a slow store never makes a load balancer kill a working API. */
export const operation = defineOperation('getHealth', async () => ({ status: 'ok' as const }));
