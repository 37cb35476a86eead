/**
 * The stored form of a session recording: one JSON document per session, every window with its own rrweb event
 * list (replayable on its own), the pages it showed and when. Built by concatenation: the events arrive as JSON
 * text and are not parsed again.
 */
import type { SessionRecording } from '../../ports/browser.js';

export const RECORDING_FORMAT = 'sessionhost-recording';
export const RECORDING_VERSION = 1;

/** The document as a reader parses it (events are rrweb's, kept as they were recorded). */
export interface RecordingDocument {
  format: typeof RECORDING_FORMAT;
  version: number;
  sessionId: string;
  startedAt: string;
  endedAt: string;
  truncated: boolean;
  windows: {
    windowId: string;
    startedAt: string;
    pages: { url: string; at: string }[];
    events: { type: number; timestamp: number }[];
  }[];
}

const iso = (epochMs: number): string => new Date(epochMs).toISOString();

export const recordingDocument = (sessionId: string, recording: SessionRecording, endedAt: Date): Buffer => {
  const windows = recording.windows.map((window) => {
    const head = JSON.stringify({
      windowId: window.windowId,
      startedAt: iso(window.startedAt),
      pages: window.pages.map((page) => ({ url: page.url, at: iso(page.at) })),
    });
    return `${head.slice(0, -1)},"events":[${window.events.join(',')}]}`;
  });
  const head = JSON.stringify({
    format: RECORDING_FORMAT,
    version: RECORDING_VERSION,
    sessionId,
    startedAt: iso(recording.startedAt),
    endedAt: endedAt.toISOString(),
    truncated: recording.truncated,
  });
  return Buffer.from(`${head.slice(0, -1)},"windows":[${windows.join(',')}]}`);
};
