import { operation } from '../../../../api/handlers/operations/click.js';
import { handlerOf } from '../../model-operation.js';

export const handler = handlerOf(operation);
