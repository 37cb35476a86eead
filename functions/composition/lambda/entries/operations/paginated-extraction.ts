import { operation } from '../../../../api/handlers/operations/paginated-extraction.js';
import { handlerOf } from '../../model-operation.js';

export const handler = handlerOf(operation);
