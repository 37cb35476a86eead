import { operation } from '../../../../api/handlers/windows/load-url.js';
import { handlerOf } from '../../browser-operation.js';

export const handler = handlerOf(operation);
