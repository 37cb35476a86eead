import { operation } from '../../../../api/handlers/operations/screenshot.js';
import { handlerOf } from '../../model-operation.js';

export const handler = handlerOf(operation);
