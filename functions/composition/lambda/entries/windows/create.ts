import { operation } from '../../../../api/handlers/windows/create.js';
import { handlerOf } from '../../browser-operation.js';

export const handler = handlerOf(operation);
