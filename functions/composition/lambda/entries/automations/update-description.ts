import { operation } from '../../../../api/handlers/automations/update-description.js';
import { handlerOf } from '../../operation.js';

export const handler = handlerOf(operation);
