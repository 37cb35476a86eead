/** What a window operation answers, before it is shaped into the AI envelope. */
import type { Issue } from '../shared/issues.js';

export type OperationStatus = 'success' | 'partial' | 'failure';

export interface ScreenshotOut {
  dataUrl?: string;
  fileId?: string;
  fileName?: string;
  format: 'base64' | 'url';
  signedDownloadUrl?: string;
  urlExpiry?: string;
  viewportDimensions: { width: number; height: number };
  scrollPosition: { left: number; top: number };
}

export interface OperationResult<R = string> {
  status: OperationStatus;
  modelResponse: R;
  credits: number;
  errors: Issue[];
  warnings: Issue[];
  screenshots?: ScreenshotOut[];
}

export const succeeded = <R>(modelResponse: R, extra: Partial<OperationResult<R>> = {}): OperationResult<R> => ({
  status: 'success',
  modelResponse,
  credits: 0,
  errors: [],
  warnings: [],
  ...extra,
});

export const failed = (issue: Issue, extra: Partial<OperationResult<string>> = {}): OperationResult<string> => ({
  status: 'failure',
  modelResponse: '',
  credits: 0,
  errors: [issue],
  warnings: [],
  ...extra,
});
