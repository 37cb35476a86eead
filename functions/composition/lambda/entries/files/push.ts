import { operation } from '../../../../api/handlers/files/push.js';
import { handlerOf } from '../../browser-operation.js';

export const handler = handlerOf(operation);
