import { operation } from '../../../../api/handlers/automations/get.js';
import { handlerOf } from '../../operation.js';

export const handler = handlerOf(operation);
