/**
 * The service's puppeteer connections, over a transport that keeps them off workers. Puppeteer auto-attaches to
 * every worker (service and shared workers browser-wide, dedicated ones from each page) and resumes each at once;
 * a worker starts on the first resume it reads, which could come before the host's disguise has stopped it
 * before its first script. The service drives pages only, so every `Target.setAutoAttach` it sends leaves
 * workers out (cdp/worker-targets.ts).
 */
import type { ConnectionTransport } from 'puppeteer-core';
import WebSocket from 'ws';
import { withoutWorkers } from '../../cdp/worker-targets.js';

/** Same ceiling as puppeteer's own transport: screenshots and PDFs arrive as single large frames. */
const MAX_FRAME_BYTES = 256 * 1024 * 1024;

/** The frame to send in place of `message`: auto-attach without workers, anything else unchanged. */
export const leaveWorkersOut = (message: string): string => {
  if (!message.includes('"Target.setAutoAttach"')) return message;
  const command = JSON.parse(message) as { method?: string; params?: Record<string, unknown> };
  if (command.method !== 'Target.setAutoAttach' || !command.params) return message;
  return JSON.stringify({ ...command, params: { ...command.params, filter: withoutWorkers(command.params.filter) } });
};

export const connectWithoutWorkers = (endpoint: string, headers?: Record<string, string>) =>
  new Promise<ConnectionTransport>((resolve, reject) => {
    const socket = new WebSocket(endpoint, { perMessageDeflate: false, maxPayload: MAX_FRAME_BYTES, headers });
    const transport: ConnectionTransport = {
      send: (message) => socket.send(leaveWorkersOut(message)),
      close: () => socket.close(),
    };
    socket.on('message', (data) => transport.onmessage?.(String(data)));
    socket.on('close', () => transport.onclose?.());
    socket.once('open', () => {
      socket.removeListener('error', reject);
      socket.on('error', () => undefined);
      resolve(transport);
    });
    socket.once('error', reject);
  });
