import { operation } from '../../../../api/handlers/async/execute-automation.js';
import { handlerOf } from '../../model-operation.js';

export const handler = handlerOf(operation);
