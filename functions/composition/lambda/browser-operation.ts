/** `handlerOf` for functions that drive a session's browser (windows): the deps' fleet has a CDP client. */
import { puppeteerConnector } from '../../adapters/browser/cdp-connector.js';
import { lambdaDeps } from './lambda-deps.js';
import { handlersWith } from './operation.js';

export const handlerOf = handlersWith(lambdaDeps({ connect: puppeteerConnector }));
