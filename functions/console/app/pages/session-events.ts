/**
 * A session's events as they happen. Only a frame with an id is a stored event, listed at its own time. A frame
 * without one tells the present: the status read as the stream opened (listing it would look like the session
 * started again each time the page is opened) or why the server ended the stream. Status, stored or present,
 * updates the status shown.
 */
import { followEvents } from '../api.js';
import { badge, h } from '../dom.js';

export interface EventParts {
  /** Where the session's status badge is. */
  status: HTMLElement;
  /** The list of events. */
  events: HTMLElement;
  /** A line about the stream itself: following, ended, stopped. */
  note: HTMLElement;
}

const eventLine = (event: Record<string, unknown>, sessionId: string): HTMLElement => {
  const { event: name, eventTime, eventId: _id, ...rest } = event;
  const details = Object.entries(rest)
    // Every event of this page names its session; saying so on each line is noise.
    .filter(([key, value]) => !(key === 'id' && value === sessionId))
    .filter(([, value]) => value !== undefined && typeof value !== 'object')
    .map(([key, value]) => `${key}=${String(value)}`)
    .join(' ');
  return h(
    'li',
    {},
    h('time', {}, typeof eventTime === 'string' ? new Date(eventTime).toLocaleTimeString() : ''),
    ' ',
    h('strong', {}, String(name)),
    ' ',
    h('span', { class: 'mono' }, details),
  );
};

/** Every event the session had, then new ones as they come; the stream ends when the session does. */
export const followSession = (path: string, sessionId: string, parts: EventParts, signal: AbortSignal): void => {
  let stoppedBecause: string | undefined;
  const onFrame = (frame: Record<string, unknown>, id: string | undefined) => {
    if (frame.event === 'status' && typeof frame.status === 'string') parts.status.replaceChildren(badge(frame.status));
    if (id !== undefined) parts.events.append(eventLine(frame, sessionId));
    else if (frame.event === 'error') stoppedBecause = String(frame.message ?? frame.code ?? 'an error');
    // The present status comes after the past events: from here on, what is listed happens as the person watches.
    else if (frame.event === 'status')
      parts.note.replaceChildren('Past events are listed; new ones appear as they happen.');
  };
  followEvents(`${path}/events?all=true`, onFrame, signal).then(
    () =>
      parts.note.replaceChildren(
        stoppedBecause ? `The event stream stopped: ${stoppedBecause}` : 'The event stream ended.',
      ),
    (error: Error) => {
      if (!signal.aborted) parts.note.replaceChildren(`The event stream stopped: ${error.message}`);
    },
  );
};
