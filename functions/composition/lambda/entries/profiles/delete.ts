import { operation } from '../../../../api/handlers/profiles/delete.js';
import { handlerOf } from '../../operation.js';

export const handler = handlerOf(operation);
