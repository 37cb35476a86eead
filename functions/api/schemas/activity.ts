/** What the console reads about an org's activity: its async requests with their webhook deliveries, and its credits. */
import { z } from 'zod';
import { envelope, isoDate, Pagination, queryInt } from './common.js';

export const ListRequestsQuery = z.object({
  status: z.enum(['pending', 'completed', 'error']).optional().describe('Only requests in this state.'),
  sessionId: z.string().min(1).max(128).optional().describe('Only requests made on this session.'),
  offset: queryInt().pipe(z.number().int().min(-1)).optional(),
  limit: queryInt().pipe(z.number().int().min(1).max(100)).optional(),
});

export const WebhookAttempt = z
  .object({
    at: isoDate(),
    statusCode: z
      .int()
      .optional()
      .describe('The HTTP status the receiver answered; absent when it could not be reached.'),
    error: z
      .string()
      .optional()
      .describe('Why the attempt failed, when no status came back or the status was not 2xx.'),
    durationMs: z.number(),
  })
  .meta({ id: 'WebhookAttempt', description: 'One try at delivering a webhook.' });

export const WebhookDelivery = z
  .object({
    url: z.string(),
    messageId: z.string().describe('The `webhook-id` header, the same on every retry of one delivery.'),
    state: z.enum(['pending', 'delivered', 'failed']),
    attempts: z.array(WebhookAttempt),
    nextAttemptAt: isoDate().optional(),
  })
  .meta({ id: 'WebhookDelivery', description: "The delivery of an async request's outcome to its webhook URL." });

export const RequestSummary = z
  .object({
    requestId: z.string(),
    operation: z.string().describe('The async operation, e.g. `fillForm`.'),
    sessionId: z.string(),
    windowId: z.string(),
    status: z.enum(['pending', 'completed', 'error']),
    createdAt: isoDate(),
    completedAt: isoDate().optional(),
    error: z.string().optional(),
    clientRequestId: z.string().optional(),
    webhook: WebhookDelivery.optional(),
  })
  .meta({
    id: 'RequestSummary',
    description: 'An async request as listed: its state and webhook delivery, without its result.',
  });

export const RequestsResponse = envelope(z.object({ requests: z.array(RequestSummary), pagination: Pagination }));

export const UsageQuery = z.object({
  days: queryInt()
    .pipe(z.number().int().min(1).max(366))
    .optional()
    .describe('How many days back, today (UTC) included. Default 30.'),
});

export const Usage = z
  .object({
    orgId: z.string().describe('The organization of the API key.'),
    days: z.array(
      z.object({
        date: z.iso.date(),
        credits: z.number(),
        operations: z.int().describe('Operations that spent credits that day.'),
      }),
    ),
    sessions: z
      .array(z.object({ sessionId: z.string(), credits: z.number() }))
      .describe('Sessions that spent credits in the range, most first.'),
  })
  .meta({ id: 'Usage', description: "The org's credits per day, oldest day first, and per session." });

export const UsageResponse = envelope(Usage);
