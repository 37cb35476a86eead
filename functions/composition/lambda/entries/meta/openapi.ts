import { operation } from '../../../../api/handlers/meta/openapi.js';
import { handlerOf } from '../../operation.js';

export const handler = handlerOf(operation);
