import { operation } from '../../../../api/handlers/files/delete.js';
import { handlerOf } from '../../operation.js';

export const handler = handlerOf(operation);
