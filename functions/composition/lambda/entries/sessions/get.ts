import { operation } from '../../../../api/handlers/sessions/get.js';
import { handlerOf } from '../../operation.js';

export const handler = handlerOf(operation);
