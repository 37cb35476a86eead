import { operation } from '../../../../api/handlers/sessions/save-profile.js';
import { handlerOf } from '../../operation.js';

export const handler = handlerOf(operation);
