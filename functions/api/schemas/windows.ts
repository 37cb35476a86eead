import { z } from 'zod';
import { envelope, long, OperationOutcome, pathId, queryBool, pageUrlString } from './common.js';

export const WINDOW_WAIT_UNTIL = ['load', 'domContentLoaded', 'complete', 'noWait'] as const;

/** WIDTHxHEIGHT, each 100 to 9999 pixels. */
export const screenResolution = () =>
  z
    .string()
    .regex(/^[1-9]\d{2,3}x[1-9]\d{2,3}$/, { message: 'must be WIDTHxHEIGHT, each from 100 to 9999, e.g. 1280x720' });

export const WindowParams = z.object({ sessionId: pathId('session'), windowId: pathId('window') });

const waitOptions = {
  waitUntil: z.enum(WINDOW_WAIT_UNTIL).optional(),
  waitUntilTimeoutSeconds: long().min(0).max(600).optional(),
};

export const CreateWindowBody = z.object({
  screenResolution: screenResolution().optional(),
  url: pageUrlString().optional(),
  ...waitOptions,
});

export const LoadUrlBody = z
  .object({ url: pageUrlString(), ...waitOptions })
  .meta({ id: 'LoadUrlRequest', examples: [{ url: 'https://example.com', waitUntil: 'load' }] });

export const GetWindowInfoQuery = z.object({
  includeNavigationBar: queryBool().optional(),
  disableResize: queryBool().optional(),
  screenResolution: screenResolution().optional(),
});

export const WindowId = z
  .object({
    windowId: z.string(),
    targetId: z.string(),
    title: z.string().optional(),
    url: z.string().optional(),
  })
  .meta({ id: 'WindowIdentity', description: "A window: its id (the page's CDP target id)." });

export const Window = z
  .object({ windowId: z.string(), targetId: z.string(), liveViewUrl: z.string() })
  .meta({ id: 'Window', description: 'A window and the link to watch and use it live.' });

export const WindowIdResponse = envelope(WindowId).meta({ id: 'WindowIdentityResponse' });
export const WindowResponse = envelope(Window).meta({ id: 'WindowResponse' });
export const WindowsResponse = envelope(z.object({ windows: z.array(WindowId).optional() })).meta({ id: 'WindowList' });
export const OperationOutcomeResponse = envelope(OperationOutcome).meta({ id: 'OperationOutcomeResponse' });
