import { operation } from '../../../../api/handlers/operations/fill-form.js';
import { handlerOf } from '../../model-operation.js';

export const handler = handlerOf(operation);
