import { operation } from '../../../../api/handlers/async/create-automation.js';
import { handlerOf } from '../../model-operation.js';

export const handler = handlerOf(operation);
