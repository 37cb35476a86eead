import { operation } from '../../../../api/handlers/sessions/terminate.js';
import { handlerOf } from '../../operation.js';

export const handler = handlerOf(operation);
