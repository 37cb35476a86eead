import { operation } from '../../../../api/handlers/operations/monitor.js';
import { handlerOf } from '../../model-operation.js';

export const handler = handlerOf(operation);
