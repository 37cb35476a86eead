import { operation } from '../../../../api/handlers/automations/delete.js';
import { handlerOf } from '../../operation.js';

export const handler = handlerOf(operation);
