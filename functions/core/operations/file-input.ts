/**
 * The file-input operation: puts a file on the session's machine if it is not there yet, picks the page's file
 * input (see file-input-target.ts) and sets the file on it as a user's choice would. A missing file, a page without
 * file inputs or an undecidable choice is a `failure` with the reason in `errors`, not an HTTP error.
 */
import { associateSessions, placeFile, type FileSessionDeps } from '../files/push.js';
import { orgFiles, readFile } from '../files/queries.js';
import { settleUpload } from '../files/uploads.js';
import type { FileItem } from '../files/model.js';
import type { SessionItem } from '../sessions/model.js';
import { NotFoundError } from '../shared/errors.js';
import type { Issue } from '../shared/issues.js';
import { resolveFileInput } from './file-input-target.js';
import type { LocateDeps } from './locate.js';
import { failed, succeeded, type OperationResult } from './result.js';
import { runWindowOperation, type OperationLimits } from './run.js';

export interface FileInputRequest extends OperationLimits {
  fileId?: string;
  fileName?: string;
  elementDescription?: string;
  includeHiddenElements?: boolean;
  waitForNavigation?: boolean;
}

type Located = { path: string; fileName: string; bytes: number } | { issue: Issue };

const notFound = (message: string): { issue: Issue } => ({ issue: { code: 'file_not_found', message } });

const unusable = (file: FileItem): { issue: Issue } | undefined =>
  file.status === 'available'
    ? undefined
    : {
        issue: {
          code: 'file_not_available',
          message:
            file.status === 'uploading'
              ? `file ${file.id} has no bytes yet: PUT them to its uploadUrl first`
              : `file ${file.id} cannot be used: ${file.failureReason ?? file.status}`,
          details: { fileId: file.id, status: file.status },
        },
      };

/** A stored file in this session's folder: the copy already there when it came from this very file, else a new one. */
const placed = async (deps: FileSessionDeps, session: SessionItem, file: FileItem): Promise<Located> => {
  const there = await deps.fleet.sessionFile(session.id, file.fileName);
  let path = there?.fileId === file.id ? there.path : undefined;
  try {
    path ??= await placeFile(deps, file, session.id);
  } catch (error) {
    return {
      issue: {
        code: 'file_not_available',
        message: `file ${file.id} could not be placed in session ${session.id}: ${(error as Error).message}`,
        details: { fileId: file.id },
      },
    };
  }
  try {
    await associateSessions(deps, file, [session.id]);
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    return notFound(`file ${file.id} was deleted while it was being placed in session ${session.id}`);
  }
  return { path, fileName: file.fileName, bytes: file.fileBytes };
};

const locate = async (deps: FileSessionDeps, session: SessionItem, request: FileInputRequest): Promise<Located> => {
  if (request.fileId !== undefined) {
    let file: FileItem;
    try {
      file = await readFile(deps, session.orgId, request.fileId);
    } catch (error) {
      if (error instanceof NotFoundError)
        return notFound(`file ${request.fileId} was not found: upload it with POST /v1/files first`);
      throw error;
    }
    return unusable(file) ?? placed(deps, session, file);
  }
  const fileName = request.fileName!;
  const there = await deps.fleet.sessionFile(session.id, fileName);
  if (there) return { path: there.path, fileName, bytes: there.bytes };
  // A file of the session that is stored but not on its machine (e.g. created with its sessionIds, never pushed).
  const stored = (await orgFiles(deps, session.orgId)).find(
    (file) => file.fileName === fileName && file.sessionIds.includes(session.id),
  );
  if (stored) {
    const settled = await settleUpload(deps, stored);
    return unusable(settled) ?? placed(deps, session, settled);
  }
  return notFound(
    `no file named "${fileName}" is in session ${session.id}: give an uploaded file's fileId instead (it is pushed to the session), push one to it (POST /v1/files/{id}/push), or download one in its browser`,
  );
};

export const fileInput = (
  deps: FileSessionDeps & LocateDeps,
  target: { orgId: string; sessionId: string; windowId: string },
  request: FileInputRequest,
  signal?: AbortSignal,
): Promise<OperationResult<string>> =>
  runWindowOperation(deps, target, request, signal, async ({ session, driver, budget }) => {
    const located = await locate(deps, session, request);
    if ('issue' in located) return failed(located.issue);
    budget.check();

    const { url, candidates: all } = await driver.fileInputs(budget.signal);
    const candidates = request.includeHiddenElements === false ? all.filter((candidate) => candidate.visible) : all;
    const choice = await resolveFileInput(
      deps,
      candidates,
      { elementDescription: request.elementDescription, hiddenLeftOut: all.length - candidates.length, url },
      budget,
    );
    if ('issue' in choice) return failed(choice.issue, { warnings: choice.warnings ?? [], credits: budget.credits });
    budget.check();

    const held = await driver.setInputFiles(choice.candidate.id, [located.path], budget.signal);
    if (held < 1)
      return failed(
        {
          code: 'file_not_set',
          message: `the file input ${choice.candidate.description} holds no file after "${located.fileName}" was set on it: the page cleared it, or the browser did not take it`,
        },
        { warnings: choice.warnings ?? [], credits: budget.credits },
      );
    const how =
      choice.how === 'named'
        ? `, chosen because "${request.elementDescription}" names only that one of the page's file inputs`
        : choice.how === 'resolved'
          ? `, chosen as the one of the page's file inputs that "${request.elementDescription}" describes`
          : '';
    const warnings: Issue[] = [...(choice.warnings ?? [])];
    if (request.waitForNavigation)
      warnings.push({
        code: 'wait_for_navigation_not_applied',
        message: 'choosing a file does not navigate; waitForNavigation was not applied',
      });
    return succeeded(
      `Selected the file "${located.fileName}" (${located.bytes} bytes) in the file input ${choice.candidate.description}${how}.`,
      { warnings, credits: budget.credits },
    );
  });
