import { operation } from '../../../../api/handlers/async/fill-form.js';
import { handlerOf } from '../../model-operation.js';

export const handler = handlerOf(operation);
