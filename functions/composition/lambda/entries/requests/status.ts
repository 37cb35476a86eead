import { operation } from '../../../../api/handlers/requests/status.js';
import { handlerOf } from '../../operation.js';

export const handler = handlerOf(operation);
