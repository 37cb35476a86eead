import { operation } from '../../../../api/handlers/operations/page-query.js';
import { handlerOf } from '../../model-operation.js';

export const handler = handlerOf(operation);
