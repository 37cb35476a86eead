import { operation } from '../../../../api/handlers/windows/get.js';
import { handlerOf } from '../../browser-operation.js';

export const handler = handlerOf(operation);
