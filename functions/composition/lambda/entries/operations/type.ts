import { operation } from '../../../../api/handlers/operations/type.js';
import { handlerOf } from '../../model-operation.js';

export const handler = handlerOf(operation);
