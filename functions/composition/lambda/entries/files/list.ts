import { operation } from '../../../../api/handlers/files/list.js';
import { handlerOf } from '../../operation.js';

export const handler = handlerOf(operation);
