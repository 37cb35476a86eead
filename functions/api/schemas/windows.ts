import { z } from 'zod';
import { envelope, long, OperationOutcome, pathId, queryBool, pageUrlString } from './common.js';

export const WINDOW_WAIT_UNTIL = ['load', 'domContentLoaded', 'complete', 'noWait'] as const;

/** WIDTHxHEIGHT, each 100 to 9999 pixels. */
export const screenResolution = () =>
  z.string().regex(/^[1-9]\d{2,3}x[1-9]\d{2,3}$/, { message: 'must be WIDTHxHEIGHT, each from 100 to 9999, e.g. 1280x720' });

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

export const LoadUrlBody = z.object({ url: pageUrlString(), ...waitOptions });

export const GetWindowInfoQuery = z.object({
  includeNavigationBar: queryBool().optional(),
  disableResize: queryBool().optional(),
  screenResolution: screenResolution().optional(),
});

export const WindowId = z.object({
  windowId: z.string(),
  targetId: z.string(),
  title: z.string().optional(),
  url: z.string().optional(),
});

export const Window = z.object({ windowId: z.string(), targetId: z.string(), liveViewUrl: z.string() });

export const WindowIdResponse = envelope(WindowId);
export const WindowResponse = envelope(Window);
export const WindowsResponse = envelope(z.object({ windows: z.array(WindowId).optional() }));
export const OperationOutcomeResponse = envelope(OperationOutcome);
