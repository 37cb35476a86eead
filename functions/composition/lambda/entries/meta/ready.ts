import { operation } from '../../../../api/handlers/meta/ready.js';
import { handlerOf } from '../../operation.js';

export const handler = handlerOf(operation);
