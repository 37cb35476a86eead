import { operation } from '../../../../api/handlers/operations/scrape.js';
import { handlerOf } from '../../model-operation.js';

export const handler = handlerOf(operation);
