import { operation } from '../../../../api/handlers/operations/file-input.js';
import { handlerOf } from '../../model-operation.js';

export const handler = handlerOf(operation);
