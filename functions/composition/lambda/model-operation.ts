/** `handlerOf` for functions that drive a browser and may ask a model (operations on a page). */
import { puppeteerConnector } from '../../adapters/browser/cdp-connector.js';
import { lambdaDeps } from './lambda-deps.js';
import { modelFromConfig } from '../models.js';
import { handlersWith } from './operation.js';

export const handlerOf = handlersWith(lambdaDeps({ connect: puppeteerConnector, model: modelFromConfig }));
