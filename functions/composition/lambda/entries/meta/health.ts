import { operation } from '../../../../api/handlers/meta/health.js';
import { handlerOf } from '../../operation.js';

export const handler = handlerOf(operation);
