import { operation } from '../../../../api/handlers/sessions/list.js';
import { handlerOf } from '../../operation.js';

export const handler = handlerOf(operation);
