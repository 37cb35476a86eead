import { operation } from '../../../../api/handlers/automations/list.js';
import { handlerOf } from '../../operation.js';

export const handler = handlerOf(operation);
