import { operation } from '../../../../api/handlers/requests/list.js';
import { handlerOf } from '../../operation.js';

export const handler = handlerOf(operation);
