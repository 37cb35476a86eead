import { operation } from '../../../../api/handlers/usage/get.js';
import { handlerOf } from '../../operation.js';

export const handler = handlerOf(operation);
