import { operation } from '../../../../api/handlers/files/get.js';
import { handlerOf } from '../../operation.js';

export const handler = handlerOf(operation);
