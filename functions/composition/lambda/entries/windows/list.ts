import { operation } from '../../../../api/handlers/windows/list.js';
import { handlerOf } from '../../browser-operation.js';

export const handler = handlerOf(operation);
