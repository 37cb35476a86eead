import { operation } from '../../../../api/handlers/sessions/events.js';
import { handlerOf } from '../../operation.js';

export const handler = handlerOf(operation);
