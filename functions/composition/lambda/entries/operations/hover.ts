import { operation } from '../../../../api/handlers/operations/hover.js';
import { handlerOf } from '../../model-operation.js';

export const handler = handlerOf(operation);
