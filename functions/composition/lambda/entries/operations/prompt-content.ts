import { operation } from '../../../../api/handlers/operations/prompt-content.js';
import { handlerOf } from '../../model-operation.js';

export const handler = handlerOf(operation);
