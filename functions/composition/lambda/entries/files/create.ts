import { operation } from '../../../../api/handlers/files/create.js';
import { handlerOf } from '../../operation.js';

export const handler = handlerOf(operation);
