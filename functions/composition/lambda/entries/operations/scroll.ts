import { operation } from '../../../../api/handlers/operations/scroll.js';
import { handlerOf } from '../../model-operation.js';

export const handler = handlerOf(operation);
