import { puppeteerConnector } from '../../../adapters/browser/cdp-connector.js';
import { createAsyncRequestsHandler } from '../../../worker/sqs-batch.js';
import { modelFromConfig } from '../../models.js';
import { lambdaDeps } from '../lambda-deps.js';

// Async requests are automations on a page: the worker drives browsers and asks the model.
export const handler = createAsyncRequestsHandler(lambdaDeps({ connect: puppeteerConnector, model: modelFromConfig }));
