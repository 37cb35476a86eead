/**
 * Pushing a file into sessions: its bytes are placed in each session's folder on the browser's machine, where a
 * file input can take them. Each session's events stream tells the progress as `file_upload_status` events:
 * `uploading`, then `available`, or `upload_failed` with `eventData.error`.
 *
 * The push runs within the request (the answer comes once every session has its copy), so a client may wait on
 * the events stream or simply on the answer. A session that could not get the file is named in `errors`.
 */
import type { BrowserFleet } from '../../ports/browser.js';
import { ConditionFailedError } from '../../ports/records.js';
import type { SessionDeps } from '../sessions/deps.js';
import type { SessionItem } from '../sessions/model.js';
import { touchSession } from '../sessions/activity.js';
import { appendEvent } from '../sessions/events.js';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors.js';
import type { Issue } from '../shared/issues.js';
import { runningSession } from '../windows/open.js';
import { fileKeys, MAX_FILE_BYTES, type FileItem } from './model.js';
import { readFile, viewOf } from './queries.js';
import type { FileDeps } from './store.js';
import { tooLargeReason } from './uploads.js';

export type FileSessionDeps = FileDeps & SessionDeps;

/** A file's bytes into one session's folder; resolves to the path its browser's machine has it at. */
export const placeFile = async (
  deps: FileDeps & { fleet: BrowserFleet },
  file: FileItem,
  sessionId: string,
  bytes?: Buffer,
): Promise<string> => {
  const data = bytes ?? (await deps.blobs.get(file.blobKey));
  if (!data) throw new Error('the file has no bytes in storage any more');
  if (data.length > MAX_FILE_BYTES) throw new Error(tooLargeReason(data.length));
  return deps.fleet.putFile(sessionId, { fileName: file.fileName, bytes: data, fileId: file.id });
};

/** Records that the file is used with these sessions (its `sessionIds`, which the list filters on). */
export const associateSessions = async (deps: FileDeps, file: FileItem, sessionIds: string[]): Promise<FileItem> => {
  const merged = [...new Set([...file.sessionIds, ...sessionIds])];
  if (merged.length === file.sessionIds.length) return file;
  try {
    await deps.records.update(fileKeys.file(file.orgId, file.id), { sessionIds: merged });
  } catch (error) {
    // The record is only ever updated where it exists: it was deleted while its bytes were being placed.
    if (error instanceof ConditionFailedError) throw new NotFoundError('file', file.id);
    throw error;
  }
  return { ...file, sessionIds: merged };
};

/** A file that cannot be pushed yet says why, as a 409 the client can act on. */
const requireAvailable = (file: FileItem): void => {
  if (file.status === 'uploading')
    throw new ConflictError(`file ${file.id} has no bytes yet: PUT them to its uploadUrl first`);
  if (file.status !== 'available')
    throw new ConflictError(`file ${file.id} cannot be pushed: ${file.failureReason ?? `it is ${file.status}`}`);
};

/** Of the file's own sessions, those still running; a 409 naming them when none is. */
const stillRunning = async (deps: FileSessionDeps, orgId: string, file: FileItem): Promise<SessionItem[]> => {
  const found = await Promise.all(
    file.sessionIds.map((id) =>
      runningSession(deps, orgId, id).catch((error: unknown) => {
        // Ended or gone: passed over. Anything else (the store failing) is the push's failure.
        if (error instanceof ConflictError || error instanceof NotFoundError) return undefined;
        throw error;
      }),
    ),
  );
  const running = found.filter((session): session is SessionItem => session !== undefined);
  if (running.length) return running;
  throw new ConflictError(
    `none of the sessions file ${file.id} was pushed to is running any more (${file.sessionIds.join(', ')}): name a running session in sessionIds`,
  );
};

export const pushFile = async (
  deps: FileSessionDeps,
  orgId: string,
  fileId: string,
  sessionIds?: string[],
): Promise<{ errors: Issue[] }> => {
  const file = await readFile(deps, orgId, fileId);
  const named = sessionIds?.length ? [...new Set(sessionIds)] : undefined;
  if (!named && file.sessionIds.length === 0) {
    throw new ValidationError([
      {
        location: 'body.sessionIds',
        message: 'name at least one session to push the file to (the file has no sessions of its own)',
      },
    ]);
  }
  // Named sessions must each be the caller's running session before anything moves: 404 or 409 otherwise. Without
  // names the file goes to those of its own sessions still running; the ended ones (idle, terminated) are passed
  // over, since they cannot take it any more. A push is activity on each session, like any call on it.
  const sessions: SessionItem[] = [];
  if (named) for (const sessionId of named) sessions.push(await runningSession(deps, orgId, sessionId));
  else sessions.push(...(await stillRunning(deps, orgId, file)));
  for (const session of sessions) await touchSession(deps, session);
  const targets = sessions.map((session) => session.id);
  requireAvailable(file);

  const { downloadUrl } = await viewOf(deps, file);
  const bytes = await deps.blobs.get(file.blobKey);
  const errors: Issue[] = [];
  await Promise.all(
    targets.map(async (sessionId) => {
      const event = { event: 'file_upload_status', fileId: file.id, fileName: file.fileName, downloadUrl };
      await appendEvent(deps, orgId, sessionId, { ...event, status: 'uploading' });
      try {
        if (!bytes) throw new Error('the file has no bytes in storage any more');
        await placeFile(deps, file, sessionId, bytes);
        await appendEvent(deps, orgId, sessionId, { ...event, status: 'available' });
      } catch (error) {
        const message = (error as Error).message;
        await appendEvent(deps, orgId, sessionId, {
          ...event,
          status: 'upload_failed',
          eventData: { error: message, filePath: file.fileName },
        });
        errors.push({
          code: 'push_failed',
          message: `file ${file.id} could not be placed in session ${sessionId}: ${message}`,
          details: { sessionId },
        });
      }
    }),
  );
  await associateSessions(deps, file, targets);
  return { errors };
};
