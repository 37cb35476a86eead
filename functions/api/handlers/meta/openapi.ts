import { defineOperation } from '../../operation.js';
import document from '../../openapi.json' with { type: 'json' };

export const operation = defineOperation('getOpenApi', async () => document as Record<string, unknown>);
