/** The fleet of a deployment without browser hosts: every session start fails with a clear 503. */
import { UnavailableError } from '../../core/shared/errors.js';
import type { BrowserFleet } from '../../ports/browser.js';

const unavailable = () =>
  new UnavailableError(
    'this deployment has no browser hosts configured (START_QUEUE_URL and the host secret are unset)',
  );

export const unavailableFleet: BrowserFleet = {
  start: async () => {
    throw unavailable();
  },
  stop: async () => ({}),
  touch: () => undefined,
  open: async () => {
    throw unavailable();
  },
  onEnded: () => undefined,
  putFile: async () => {
    throw unavailable();
  },
  sessionFile: async () => undefined,
  onDownload: () => undefined,
};
