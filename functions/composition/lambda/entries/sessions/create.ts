import { operation } from '../../../../api/handlers/sessions/create.js';
import { handlerOf } from '../../operation.js';

export const handler = handlerOf(operation);
