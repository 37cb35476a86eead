import { operation } from '../../../../api/handlers/windows/close.js';
import { handlerOf } from '../../browser-operation.js';

export const handler = handlerOf(operation);
