import { operation } from '../../../../api/handlers/operations/create-form-filler.js';
import { handlerOf } from '../../model-operation.js';

export const handler = handlerOf(operation);
